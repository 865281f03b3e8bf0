import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenSslTsa, startSilentServer, type OpenSslTsa } from './opensslTsa';

const run = promisify(execFile);
/** id-kp-timeStamping (RFC 5280). */
const TIME_STAMPING = '1.3.6.1.5.5.7.3.8';

describe('the OpenSSL test TSA', () => {
  let dir: string;
  let granting: OpenSslTsa;
  let rejecting: OpenSslTsa;

  /** A SHA-256 time-stamp query for `data` that asks for the TSA's certificates, made by OpenSSL. */
  async function query(name: string, data: string): Promise<string> {
    const dataFile = path.join(dir, `${name}.txt`);
    const queryFile = path.join(dir, `${name}.tsq`);
    await writeFile(dataFile, data);
    await run('openssl', [
      'ts',
      '-query',
      '-data',
      dataFile,
      '-sha256',
      '-cert',
      '-out',
      queryFile,
    ]);
    return queryFile;
  }

  async function post(url: string, queryFile: string): Promise<Response> {
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query' },
      body: await readFile(queryFile),
    });
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'esign-openssl-tsa-test-'));
    [granting, rejecting] = await Promise.all([
      startOpenSslTsa(),
      startOpenSslTsa({ status: 'rejection' }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([granting?.stop(), rejecting?.stop()]);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('has a TSA certificate for time-stamping, issued by its own CA', () => {
    const ca = new X509Certificate(granting.caPem);
    const tsa = new X509Certificate(granting.tsaCertificatePem);
    expect(ca.ca).toBe(true);
    expect(ca.checkIssued(ca)).toBe(true);
    expect(tsa.ca).toBe(false);
    expect(tsa.checkIssued(ca)).toBe(true);
    expect(tsa.verify(ca.publicKey)).toBe(true);
    expect(tsa.keyUsage).toEqual([TIME_STAMPING]);
    expect(granting.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/tsa$/);
  });

  it('grants time-stamps that openssl ts -verify accepts', async () => {
    const queryFile = await query('granted', 'a contract to time-stamp');
    const response = await post(granting.url, queryFile);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/timestamp-reply');
    const replyFile = path.join(dir, 'granted.tsr');
    await writeFile(replyFile, Buffer.from(await response.arrayBuffer()));
    await writeFile(path.join(dir, 'ca.pem'), granting.caPem);
    await writeFile(path.join(dir, 'tsa.pem'), granting.tsaCertificatePem);

    const { stdout } = await run('openssl', [
      'ts',
      '-verify',
      '-in',
      replyFile,
      '-queryfile',
      queryFile,
      '-CAfile',
      path.join(dir, 'ca.pem'),
      '-untrusted',
      path.join(dir, 'tsa.pem'),
    ]);
    expect(stdout).toContain('Verification: OK');

    const { stdout: text } = await run('openssl', ['ts', '-reply', '-in', replyFile, '-text']);
    expect(text).toContain('Status: Granted.');
    expect(text).toContain('Hash Algorithm: sha256');
    expect(granting.answered()).toBe(1);
  });

  it('answers queries made at the same time, each with its own serial number', async () => {
    const files = await Promise.all([1, 2, 3].map((n) => query(`parallel-${n}`, `document ${n}`)));
    const replies = await Promise.all(
      files.map(async (file) => {
        const response = await post(granting.url, file);
        expect(response.status).toBe(200);
        const replyFile = file.replace(/\.tsq$/, '.tsr');
        await writeFile(replyFile, Buffer.from(await response.arrayBuffer()));
        const { stdout } = await run('openssl', ['ts', '-reply', '-in', replyFile, '-text']);
        return stdout;
      }),
    );
    const serials = replies.map((text) => /Serial number: (\S+)/.exec(text)?.[1]);
    expect(new Set(serials).size).toBe(3);
    expect(granting.answered()).toBe(4);
  });

  it('refuses what is not a POST', async () => {
    const response = await fetch(granting.url);
    expect(response.status).toBe(405);
    expect(granting.answered()).toBe(4);
  });

  it('answers a rejection when told to', async () => {
    const response = await post(rejecting.url, await query('rejected', 'refused'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/timestamp-reply');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.toString('hex')).toBe('30053003020102');
    const replyFile = path.join(dir, 'rejected.tsr');
    await writeFile(replyFile, bytes);
    const { stdout } = await run('openssl', ['ts', '-reply', '-in', replyFile, '-text']);
    expect(stdout).toContain('Status: Rejected.');
    expect(rejecting.answered()).toBe(1);
  });

  it('has a silent server that accepts connections and never answers', async () => {
    const silent = await startSilentServer();
    try {
      expect(silent.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/tsa$/);
      const started = Date.now();
      await expect(
        fetch(silent.url, {
          method: 'POST',
          body: Buffer.from([0x30, 0x00]),
          signal: AbortSignal.timeout(500),
        }),
      ).rejects.toThrow();
      expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    } finally {
      await silent.stop();
    }
  });
});
