/**
 * The JavaScript a browser loads for a page of the built app, in Brotli bytes: serves
 * apps/web/dist through the built server, opens the page in Chromium, waits for network idle and
 * sums the `.br` size of every script it fetched (each file once).
 *
 *   node apps/web/scripts/measure-first-load.mjs [/login] [/register …]
 *
 * Needs `npm run build` of the web app and the server, and Debian's Chromium (CHROMIUM_PATH).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));
const WEB_DIR = process.env.WEB_DIR ?? path.join(REPOSITORY, 'apps/web/dist');
const SERVER_MAIN = path.join(REPOSITORY, 'apps/server/dist/main.js');

async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The Brotli size of a built file (its .br copy, or the file itself when too small to have one). */
function brotliBytes(pathname) {
  const file = path.join(WEB_DIR, decodeURIComponent(pathname));
  return existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
}

const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/login'];
const dataDir = mkdtempSync(path.join(tmpdir(), 'esign-measure-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [SERVER_MAIN], {
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIR,
    DATABASE_URL: '',
  },
  stdio: 'ignore',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (let tries = 0; ; tries += 1) {
    const up = await fetch(`${base}/favicon.svg`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (tries > 300) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  for (const target of pages) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Set();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === base && response.request().resourceType() === 'script')
        scripts.add(url.pathname);
    });
    await page.goto(`${base}${target}`, { waitUntil: 'networkidle' });
    const files = [...scripts]
      .map((file) => ({ file, bytes: brotliBytes(file) }))
      .sort((a, b) => b.bytes - a.bytes);
    const total = files.reduce((sum, { bytes }) => sum + bytes, 0);
    console.log(`${target}: ${files.length} scripts, ${(total / 1024).toFixed(1)} KB Brotli`);
    for (const { file, bytes } of files)
      console.log(`  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
    await context.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
