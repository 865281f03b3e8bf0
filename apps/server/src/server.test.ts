import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { migrate, openDatabase, type Database } from './db';
import { hashPassword, verifyPassword } from './passwords';
import { DEMO_ACCOUNTS, seed } from './seed';
import { localStorage } from './storage';

/**
 * Every server test runs on the embedded database, and also on the PostgreSQL server named by
 * DATABASE_URL when it is set (in a fresh schema, dropped afterwards).
 */
const backends: {
  name: string;
  open(): Promise<{ database: Database; cleanup(): Promise<void> }>;
}[] = [
  {
    name: 'PGlite',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'esign-pglite-'));
      const database = await openDatabase({ dataDir: dir });
      return { database, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
];
const url = process.env.DATABASE_URL;
if (url) {
  backends.push({
    name: 'PostgreSQL',
    async open() {
      const schema = `test_${randomUUID().replace(/-/g, '')}`;
      const database = await openDatabase({ url, schema });
      return {
        database,
        cleanup: async () => {
          const admin = await openDatabase({ url });
          await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          await admin.close();
        },
      };
    },
  });
} else {
  console.info('DATABASE_URL is not set: the server tests run on the embedded database only.');
}

describe.each(backends)('the API server on $name', (backend) => {
  let database: Database;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let base: string;
  const files = mkdtempSync(path.join(tmpdir(), 'esign-files-'));

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    await migrate(database);
    await seed(database, { demo: true });
    app = buildApp({ database, storage: localStorage(files) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    await cleanup();
    rmSync(files, { recursive: true, force: true });
  });

  it('migrates once: running the migrations again applies nothing', async () => {
    expect(await migrate(database)).toEqual([]);
    const rows = await database.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(rows.map((row) => row.version)).toEqual([1, 2]);
  });

  it('seeds tenant 000000 and the demo accounts once, keeping them on restart', async () => {
    await seed(database, { demo: true });
    const tenants = await database.query<{ id: string }>('SELECT id FROM tenants');
    expect(tenants.map((t) => t.id)).toEqual(['000000']);
    const users = await database.query<{
      phone: string;
      real_name_verified: boolean;
      password_hash: string;
    }>('SELECT phone, real_name_verified, password_hash FROM users ORDER BY phone');
    expect(users.map((u) => u.phone)).toEqual(DEMO_ACCOUNTS.map((a) => a.phone));
    expect(users.every((u) => u.real_name_verified)).toBe(true);
    expect(await verifyPassword('Demo12345', users[0]!.password_hash)).toBe(true);
    const companies = await database.query<{ full_name: string; auth_status: number }>(
      'SELECT full_name, auth_status FROM companies',
    );
    expect(companies).toEqual([{ full_name: 'Demo Technology Co., Ltd.', auth_status: 1 }]);
  });

  it('reports database and storage status at /api/health', async () => {
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      code: 200,
      success: true,
      msg: 'success',
      data: {
        database: 'up',
        storage: 'up',
        kind: backend.name === 'PGlite' ? 'pglite' : 'postgres',
      },
    });
  });

  it('answers unknown routes with a 404 envelope in the request language', async () => {
    const en = await fetch(`${base}/api/no-such-call`);
    expect(en.status).toBe(404);
    expect(await en.json()).toEqual({ code: 404, success: false, data: null, msg: 'Not found' });
    const zh = await fetch(`${base}/api/no-such-call`, { headers: { Lang: 'zh' } });
    expect(((await zh.json()) as { msg: string }).msg).toBe('请求的资源不存在');
  });

  const basic = `Basic ${Buffer.from('esign:esign_secret').toString('base64')}`;
  const token = (
    form: Record<string, string>,
    headers: Record<string, string> = { Authorization: basic },
  ) =>
    fetch(`${base}/api/blade-auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
    });

  it('signs in with phone and password, rotates the refresh token, and logs out', async () => {
    const login = await token({
      grant_type: 'password',
      tenant_id: '000000',
      username: '13800000001',
      password: 'Demo12345',
    });
    expect(login.status).toBe(200);
    const first = (await login.json()) as {
      access_token: string;
      refresh_token: string;
      token_type: string;
      expires_in: number;
    };
    expect(first.token_type).toBe('bearer');
    expect(first.expires_in).toBeGreaterThan(0);

    const info = await fetch(`${base}/api/blade-user/busi-user/userInfo`, {
      headers: { 'Blade-Auth': `bearer ${first.access_token}` },
    });
    expect(await info.json()).toMatchObject({
      code: 200,
      data: { phone: '13800000001', authStep: 'VERIFIED' },
    });

    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    // A refresh token is spent once.
    expect(
      (await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).status,
    ).toBe(401);

    const logout = await fetch(`${base}/api/blade-auth/oauth/logout`, {
      method: 'POST',
      headers: {
        'Blade-Auth': `bearer ${second.access_token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ refresh_token: second.refresh_token }).toString(),
    });
    expect(await logout.json()).toMatchObject({ code: 200, success: true });
    expect(
      (await token({ grant_type: 'refresh_token', refresh_token: second.refresh_token })).status,
    ).toBe(401);
  });

  it('refuses a wrong password, an unknown client and a missing token, in the request language', async () => {
    const wrong = await token(
      { grant_type: 'password', username: '13800000001', password: 'Wrong1234' },
      { Authorization: basic, Lang: 'zh' },
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      error: 'invalid_grant',
      error_description: '手机号或密码错误',
    });
    const noClient = await token(
      { grant_type: 'password', username: '13800000001', password: 'Demo12345' },
      {},
    );
    expect(noClient.status).toBe(401);
    expect(((await noClient.json()) as { error: string }).error).toBe('invalid_client');
    const unsupported = await token({ grant_type: 'implicit' });
    expect(((await unsupported.json()) as { error: string }).error).toBe('unsupported_grant_type');
    const anonymous = await fetch(`${base}/api/blade-user/busi-user/userInfo`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 401, success: false, data: null });
    const forged = await fetch(`${base}/api/blade-user/busi-user/userInfo`, {
      headers: { 'Blade-Auth': 'bearer not.a.token' },
    });
    expect(forged.status).toBe(401);
  });

  it('answers a malformed body with a 400 envelope and no stack trace', async () => {
    const response = await fetch(`${base}/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken": ',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const text = await response.text();
    expect(text).not.toMatch(/at .*\.(js|ts):\d+/);
    expect(JSON.parse(text)).toMatchObject({ success: false });
  });
});

describe('passwords', () => {
  it('are stored as salted scrypt hashes and verified in constant time', async () => {
    const one = await hashPassword('Demo12345');
    const two = await hashPassword('Demo12345');
    expect(one).not.toBe(two);
    expect(one.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('Demo12345', one)).toBe(true);
    expect(await verifyPassword('demo12345', one)).toBe(false);
    expect(await verifyPassword('Demo12345', 'garbage')).toBe(false);
    expect(await verifyPassword('Demo12345', null)).toBe(false);
  });
});

describe('local storage', () => {
  it('streams files in and out, and leaves nothing behind when a write fails', async () => {
    const { Readable } = await import('node:stream');
    const root = mkdtempSync(path.join(tmpdir(), 'esign-storage-'));
    const storage = localStorage(root);
    await storage.put('contracts/a.pdf', Readable.from([Buffer.from('%PDF-1.7 hello')]));
    const chunks: Buffer[] = [];
    for await (const chunk of storage.get('contracts/a.pdf')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('%PDF-1.7 hello');
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put('contracts/b.pdf', failing)).rejects.toThrow('connection reset');
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(path.join(root, 'contracts'))).toEqual(['a.pdf']);
    expect(() => storage.get('../etc/passwd')).toThrow(/Invalid storage key/);
    expect(await storage.health()).toBe(true);
    rmSync(root, { recursive: true, force: true });
  });
});
