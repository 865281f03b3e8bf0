/**
 * Storybook as designers open it: the static build (`npm run build-storybook`) succeeds and offers
 * the introduction page, a docs page with the props of `<TemplateEditor>` and its parts, and the
 * theme's custom properties.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const out = mkdtempSync(path.join(os.tmpdir(), 'esign-storybook-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the Storybook build', () => {
  it('offers the introduction, autodocs pages of the editor and its parts, and the theme', () => {
    const result = spawnSync(
      process.execPath,
      [
        path.join(repo, 'node_modules/storybook/dist/bin/dispatcher.js'),
        'build',
        '-o',
        out,
        '--quiet',
      ],
      { cwd: repo, encoding: 'utf8', env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' } },
    );
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    const index = JSON.parse(readFileSync(path.join(out, 'index.json'), 'utf8')) as {
      entries: Record<string, { type: string; title: string; tags?: string[] }>;
    };
    const ids = Object.keys(index.entries);
    expect(ids).toEqual(
      expect.arrayContaining([
        'editor-introduction--docs',
        'editor-templateeditor--docs',
        'editor-panels--docs',
        'editor-crosspageseal--docs',
        'editor-theme--defaults',
        'editor-theme--host-brand',
      ]),
    );
    expect(index.entries['editor-templateeditor--docs']!.tags).toContain('autodocs');
    // The docs page's props table comes from TemplateEditor's own types and doc comments.
    const assets = path.join(out, 'assets');
    const docgen = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(assets, file), 'utf8'))
      .map(
        (code) => /__docgenInfo=\{description:.The template editor[\s\S]{0,20000}/.exec(code)?.[0],
      )
      .find(Boolean);
    expect(docgen, 'TemplateEditor carries its docgen information').toBeDefined();
    for (const prop of ['value', 'defaultValue', 'onChange', 'locale', 'mode', 'seals', 'pdf'])
      expect(docgen).toMatch(new RegExp(`[{,]${prop}:\\{`));
  });
});
