/**
 * The first load's budget: the login page, opened in Chromium on the built platform, loads at most
 * BUDGET_BYTES of JavaScript compressed with Brotli, as the server sends it (the `.br` copy that
 * scripts/compress.mjs writes at the same quality).
 *
 * Issue 16 asks for 200 KB. The lazy routes and chunk groups brought the login page from 407.5 KB
 * to 317.2 KB; building the account pages without antd (src/lite: react-hook-form and a few
 * controls in antd's look, antd's context coming with the first page that uses it) brought it to
 * about 192 KB: react-dom and react-router 82 KB, axios, i18next, zod, Query and react-hook-form
 * 61 KB, the English strings 18 KB, @esign/platform 14 KB, the page itself 10 KB.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { endToEnd } from './harness';

/**
 * The most JavaScript the login page may load, in Brotli bytes: issue 16's 200 KB. Signing approval
 * and batch signing (issue 30) had brought it to 203.9 KB; the English strings of the screens after
 * login now come with those screens (i18n/enScreens.ts), which brought it to 183.6 KB.
 */
const BUDGET_BYTES = 200 * 1024;

const brotliBytes = (body: Buffer) =>
  brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  }).length;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Opens `path` and waits until the network is idle; answers each script the page loaded from the
 * platform once, with its Brotli size, largest first.
 */
async function scriptsLoaded(page: Page, base: string, path: string) {
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== base || response.request().resourceType() !== 'script') return;
    if (!bodies.has(url.pathname)) bodies.set(url.pathname, response.body());
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  const files = await Promise.all(
    [...bodies].map(async ([file, body]) => ({ file, bytes: brotliBytes(await body) })),
  );
  return files.sort((a, b) => b.bytes - a.bytes);
}

describe('the first load', () => {
  const e2e = endToEnd();

  it('loads no more JavaScript (Brotli) on the login page than its budget', async () => {
    const page = await e2e.newPage();
    const files = await scriptsLoaded(page, e2e.platform().base, '/login');
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();

    const total = files.reduce((sum, { bytes }) => sum + bytes, 0);
    const largest = files
      .slice(0, 10)
      .map(({ file, bytes }) => `  ${kb(bytes).padStart(9)}  ${file}`)
      .join('\n');
    const report = `/login loads ${files.length} scripts, ${kb(total)} with Brotli (budget ${kb(BUDGET_BYTES)}); the largest:\n${largest}`;
    console.log(report);
    expect(files.length, 'the login page loaded no script').toBeGreaterThan(0);
    expect(total, report).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
