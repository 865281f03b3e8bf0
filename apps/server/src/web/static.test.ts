import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { BACKENDS, useTestServer, type TestApp } from '../test-support/server';

const INDEX = '<!doctype html><title>eSign</title><div id="root"></div>';
const ASSET = 'console.log("app");';

describe.each(BACKENDS)('the web app beside the API on $name', (backend) => {
  const webDir = path.join(tmpdir(), `esign-web-${randomUUID()}`);
  beforeAll(() => {
    mkdirSync(path.join(webDir, 'assets'), { recursive: true });
    writeFileSync(path.join(webDir, 'index.html'), INDEX);
    writeFileSync(path.join(webDir, 'assets', 'index-B4x9Qk2a.js'), ASSET);
    writeFileSync(path.join(webDir, 'assets', 'index-B4x9Qk2a.js.br'), brotliCompressSync(ASSET));
  });
  afterAll(() => rmSync(webDir, { recursive: true, force: true }));
  const server = useTestServer(backend, { webDir });
  let apiOnly: TestApp;
  beforeAll(async () => {
    apiOnly = await server.startAnother();
  });
  afterAll(() => apiOnly.close());

  const get = (path: string, base = server.base) => fetch(`${base}${path}`);

  it('serves index.html at / and hashed assets with a year of caching', async () => {
    const index = await get('/');
    expect(index.status).toBe(200);
    expect(await index.text()).toBe(INDEX);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const asset = await get('/assets/index-B4x9Qk2a.js');
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe(ASSET);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends the compressed copy the build wrote to a browser that accepts it', async () => {
    const brotli = await fetch(`${server.base}/assets/index-B4x9Qk2a.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await brotli.text()).toBe(ASSET);
    const plain = await fetch(`${server.base}/assets/index-B4x9Qk2a.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(ASSET);
  });

  it('answers page paths the app routes itself with index.html', async () => {
    for (const page of ['/agency-contract/index', '/real-name/index?isPerson=true', '/404']) {
      const response = await get(page);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toBe(INDEX);
    }
  });

  it('keeps unknown API calls and missing files a 404 envelope', async () => {
    for (const missing of ['/api/no-such-call', '/api', '/assets/missing.js']) {
      const response = await get(missing);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 404, success: false });
    }
    const post = await fetch(`${server.base}/dashboard`, { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it('serves the API alone when no web app is given', async () => {
    const response = await get('/', apiOnly.base);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 404, success: false });
  });
});

describe('WEB_DIR', () => {
  it('defaults to apps/web/dist beside the server and follows the environment', () => {
    expect(readConfig({}, []).webDir).toBe(path.resolve(import.meta.dirname, '../../../web/dist'));
    expect(readConfig({ WEB_DIR: '/srv/esign-web' }, []).webDir).toBe('/srv/esign-web');
  });
});
