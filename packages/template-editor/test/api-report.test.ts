/**
 * The public API is written down and guarded: `api/*.api.md` are API Extractor's reports of every
 * export of the package's three entries (`.`, `./core`, `./pdf`), read from the built types in
 * dist/. This test regenerates each report into a scratch folder and compares it with the one
 * checked in, so a change to the exports fails CI until the reports are updated (and reviewed) with
 * `npm run api-report -w @esign/template-editor`. It also requires every export, and every member
 * of an exported type, to carry a doc comment. dist/ must be built first (the root `npm test`
 * builds before running Vitest).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig, type ExtractorMessage } from '@microsoft/api-extractor';
import { afterAll, describe, expect, it } from 'vitest';

const pkgDir = fileURLToPath(new URL('..', import.meta.url));
const UPDATE = 'npm run api-report -w @esign/template-editor';

/** Each entry of package.json's `exports`, its API Extractor config and its report. */
const ENTRIES = [
  { entry: '.', config: 'api-extractor.json', report: 'template-editor.api.md' },
  { entry: './core', config: 'api-extractor.core.json', report: 'template-editor-core.api.md' },
  { entry: './pdf', config: 'api-extractor.pdf.json', report: 'template-editor-pdf.api.md' },
] as const;

const scratch = mkdtempSync(path.join(os.tmpdir(), 'esign-api-report-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs API Extractor on one entry as CI would (not a local build: the checked-in report stays). */
function regenerate(configFile: string, report: string) {
  const configPath = path.join(pkgDir, configFile);
  const configObject = ExtractorConfig.loadFile(configPath);
  configObject.apiReport = { ...configObject.apiReport!, reportTempFolder: scratch };
  const config = ExtractorConfig.prepare({
    configObject,
    configObjectFullPath: configPath,
    packageJsonFullPath: path.join(pkgDir, 'package.json'),
  });
  const problems: string[] = [];
  const result = Extractor.invoke(config, {
    localBuild: false,
    messageCallback(message: ExtractorMessage) {
      // Keep the test's output quiet; errors (unreadable types, a compiler error) fail below.
      if (message.logLevel === 'error') problems.push(message.formatMessageWithLocation(pkgDir));
      message.handled = true;
    },
  });
  return {
    result,
    problems,
    actual: readFileSync(path.join(scratch, report), 'utf8'),
    expected: readFileSync(path.join(pkgDir, 'api', report), 'utf8'),
  };
}

describe('the public API report (api/*.api.md)', () => {
  it('is read from the built types', () => {
    for (const { entry } of ENTRIES) {
      const types = path.join(pkgDir, 'dist', entry, 'index.d.ts');
      expect(existsSync(types), `${types} is missing: run npm run build first`).toBe(true);
    }
  });

  for (const { entry, config, report } of ENTRIES) {
    describe(`of ${entry === '.' ? '@esign/template-editor' : `@esign/template-editor/${entry.slice(2)}`}`, () => {
      const run = () => regenerate(config, report);
      let generated: ReturnType<typeof run> | undefined;
      const once = () => (generated ??= run());

      it(`matches the checked-in api/${report}`, () => {
        const { actual, expected, problems } = once();
        expect(problems, 'API Extractor reported errors').toEqual([]);
        expect(
          actual,
          `The exports of ${entry} changed without api/${report} being updated: run \`${UPDATE}\`, ` +
            'review the diff (a removed or changed export is a breaking change, see the README) ' +
            'and commit it with a changeset.',
        ).toBe(expected);
      });

      it('documents every export and every member of an exported type (TSDoc)', () => {
        const undocumented = once()
          .actual.split('\n')
          .filter((line) => line.includes('(ae-undocumented)'))
          .map((line) => line.replace(/^\/\/ /, ''));
        expect(undocumented, 'write a /** doc comment */ for each of these').toEqual([]);
      });

      it('names no type that an embedder cannot import from the same entry', () => {
        const forgotten = once()
          .actual.split('\n')
          .filter((line) => line.includes('(ae-forgotten-export)'))
          .map((line) => line.trim().replace(/^\/\/ /, ''));
        expect(forgotten, 'export these from the entry (or stop naming them)').toEqual([]);
      });
    });
  }
});
