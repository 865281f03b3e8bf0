import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const entry = path.resolve(here, '../dist/index.js');

/** What a consumer's bundler does not ship with the editor: its peers and the lazily loaded PDF engines. */
const EXTERNAL = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'konva',
  'konva/*',
  'react-konva',
  'pdfjs-dist',
  'pdfjs-dist/*',
  'pdf-lib',
];
/** The budget for the editor's own code and dependencies, minified and gzipped. */
const BUDGET_KB = 80;

describe('the editor as a consumer ships it', () => {
  it(`stays under ${BUDGET_KB} KB minified and gzipped (peers and PDF engines excluded)`, async () => {
    expect(existsSync(entry), 'build the package first (npm run build)').toBe(true);
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      external: EXTERNAL,
      metafile: true,
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]!.contents;
    const gzipped = gzipSync(code, { level: 9 }).length;
    const inputs = Object.entries(result.metafile.outputs)[0]![1].inputs;
    const byPackage = new Map<string, number>();
    for (const [file, { bytesInOutput }] of Object.entries(inputs)) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
      const name = match ? match[1]! : '@esign/template-editor';
      byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
    }
    const report = [...byPackage.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(1)} KB`)
      .join(', ');
    console.info(
      `editor bundle: ${(code.length / 1024).toFixed(1)} KB minified, ${(gzipped / 1024).toFixed(1)} KB gzipped (${report})`,
    );
    expect(gzipped / 1024).toBeLessThan(BUDGET_KB);
  });
});
