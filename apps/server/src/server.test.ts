import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from './db';
import { MIGRATIONS } from './db/migrations';
import { hashPassword, verifyPassword } from './passwords';
import { DEMO_ACCOUNTS, seed } from './seed';
import { localStorage } from './storage';
import { BACKENDS, BASIC_CLIENT, login, requestToken, useTestServer } from './test-support/server';

describe.each(BACKENDS)('the API server on $name', (backend) => {
  const server = useTestServer(backend);

  it('migrates once: running the migrations again applies nothing', async () => {
    expect(await migrate(server.database)).toEqual([]);
    const rows = await server.database.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(rows.map((row) => row.version)).toEqual(
      MIGRATIONS.map((m) => m.version).sort((a, b) => a - b),
    );
    // Each version once: two migrations with one number would skip the second.
    expect(new Set(MIGRATIONS.map((m) => m.version)).size).toBe(MIGRATIONS.length);
  });
  it('seeds tenant 000000 and the demo accounts once, keeping them on restart', async () => {
    await seed(server.database, { demo: true });
    const tenants = await server.database.query<{ id: string }>('SELECT id FROM tenants');
    expect(tenants.map((t) => t.id)).toEqual(['000000']);
    const users = await server.database.query<{
      phone: string;
      real_name_verified: boolean;
      password_hash: string;
    }>('SELECT phone, real_name_verified, password_hash FROM users ORDER BY phone');
    expect(users.map((u) => u.phone)).toEqual(DEMO_ACCOUNTS.map((a) => a.phone));
    expect(users.every((u) => u.real_name_verified)).toBe(true);
    expect(await verifyPassword('Demo12345', users[0]!.password_hash)).toBe(true);
    const companies = await server.database.query<{ full_name: string; auth_status: number }>(
      'SELECT full_name, auth_status FROM companies',
    );
    expect(companies).toEqual([{ full_name: 'Demo Technology Co., Ltd.', auth_status: 1 }]);
  });

  it('reports database and storage status at /api/health', async () => {
    const response = await fetch(`${server.base}/api/health`);
    expect(response.status).toBe(200);
    // `sweep`: the storage sweep's last run (null before the first; files-sweep/sweep.test.ts).
    const { data, ...envelope } = (await response.json()) as { data: { sweep: unknown } };
    expect(envelope).toEqual({ code: 200, success: true, msg: 'success' });
    expect(data).toEqual({
      database: 'up',
      storage: 'up',
      kind: backend.name === 'PGlite' ? 'pglite' : 'postgres',
      sweep: data.sweep === null ? null : expect.objectContaining({ filesRemoved: 0 }),
    });
  });

  it('answers unknown routes with a 404 envelope in the request language', async () => {
    const en = await fetch(`${server.base}/api/no-such-call`);
    expect(en.status).toBe(404);
    expect(await en.json()).toEqual({ code: 404, success: false, data: null, msg: 'Not found' });
    const zh = await fetch(`${server.base}/api/no-such-call`, { headers: { Lang: 'zh' } });
    expect(((await zh.json()) as { msg: string }).msg).toBe('请求的资源不存在');
  });

  const basic = BASIC_CLIENT;
  const token = (form: Record<string, string>, headers?: Record<string, string>) =>
    requestToken(server.base, form, headers);
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

    const info = await fetch(`${server.base}/api/blade-user/busi-user/userInfo`, {
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
    // A refresh token rotates once: presented again after the reuse interval, it is refused.
    await server.database.query(
      "UPDATE refresh_tokens SET rotated_at = rotated_at - interval '1 minute' WHERE rotated_at IS NOT NULL",
    );
    expect(
      (await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).status,
    ).toBe(401);
    // That ends the login (auth/sessions.ts): its newest access token too.
    const ended = await fetch(`${server.base}/api/blade-user/busi-user/userInfo`, {
      headers: { 'Blade-Auth': `bearer ${second.access_token}` },
    });
    expect(ended.status).toBe(401);

    const again = (await (
      await token({
        grant_type: 'password',
        tenant_id: '000000',
        username: '13800000001',
        password: 'Demo12345',
      })
    ).json()) as { access_token: string; refresh_token: string };
    const logout = await fetch(`${server.base}/api/blade-auth/oauth/logout`, {
      method: 'POST',
      headers: {
        'Blade-Auth': `bearer ${again.access_token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ refresh_token: again.refresh_token }).toString(),
    });
    expect(await logout.json()).toMatchObject({ code: 200, success: true });
    expect(
      (await token({ grant_type: 'refresh_token', refresh_token: again.refresh_token })).status,
    ).toBe(401);
  });

  it('refuses a token form whose fields are not single strings', async () => {
    const repeated = await fetch(`${server.base}/api/blade-auth/oauth/token`, {
      method: 'POST',
      headers: {
        Authorization: BASIC_CLIENT,
        'content-type': 'application/x-www-form-urlencoded',
        Lang: 'zh',
      },
      body: 'grant_type=password&username=13800000001&username=13800000002&password=Demo12345',
    });
    expect(repeated.status).toBe(400);
    expect(await repeated.json()).toEqual({
      error: 'invalid_request',
      error_description: '缺少必填参数',
    });
    const missing = await requestToken(server.base, { username: '13800000001' });
    expect(((await missing.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('refuses a wrong password, an unknown client and a missing token, in the request language', async () => {
    // The company administrator's account: after a failure an account needs the graphic captcha,
    // and the other tests sign in as the person without one.
    const wrong = await token(
      { grant_type: 'password', username: '13800000002', password: 'Wrong1234' },
      { Authorization: basic, Lang: 'zh' },
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      error: 'invalid_grant',
      error_description: '手机号或密码错误',
      captcha_required: true,
    });
    const noClient = await token(
      { grant_type: 'password', username: '13800000001', password: 'Demo12345' },
      {},
    );
    expect(noClient.status).toBe(401);
    expect(((await noClient.json()) as { error: string }).error).toBe('invalid_client');
    const unsupported = await token({ grant_type: 'implicit' });
    expect(((await unsupported.json()) as { error: string }).error).toBe('unsupported_grant_type');
    const anonymous = await fetch(`${server.base}/api/blade-user/busi-user/userInfo`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 401, success: false, data: null });
    const forged = await fetch(`${server.base}/api/blade-user/busi-user/userInfo`, {
      headers: { 'Blade-Auth': 'bearer not.a.token' },
    });
    expect(forged.status).toBe(401);
  });

  it('sends security headers, and never lets an API answer be cached', async () => {
    const { access_token } = await login(server.base);
    const info = await fetch(`${server.base}/api/blade-user/busi-user/userInfo`, {
      headers: { 'Blade-Auth': `bearer ${access_token}` },
    });
    expect(info.headers.get('cache-control')).toBe('no-store');
    expect(info.headers.get('x-content-type-options')).toBe('nosniff');
    expect(info.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(info.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const missing = await fetch(`${server.base}/api/no-such-call`);
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves an OpenAPI 3.1 document made from the route schemas', async () => {
    const response = await fetch(`${server.base}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown; security?: unknown[] }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    const token = document.paths['/api/blade-auth/oauth/token']?.post;
    expect(token?.requestBody).toMatchObject({
      content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } },
    });
    expect(document.paths['/api/blade-user/busi-user/userInfo']?.get?.security).toEqual([
      { bladeAuth: [] },
    ]);
    expect(document.paths['/api/blade-auth/oauth/logout']?.post).toBeDefined();
  });

  it('refuses a body of the wrong shape with a 400 envelope naming the field', async () => {
    const { access_token } = await login(server.base);
    const response = await fetch(`${server.base}/api/blade-auth/oauth/logout`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: 42 }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 400,
      success: false,
      msg: expect.stringContaining('refresh_token') as unknown,
    });
  });

  it('answers a malformed body with a 400 envelope and no stack trace', async () => {
    const response = await fetch(`${server.base}/api/health`, {
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

// Servers started together on a new PostgreSQL database (a deployment's first start, or a scale-out
// test) each migrate it: every migration is applied once and none of them fails.
describe.skipIf(!process.env.DATABASE_URL)('servers starting together on a new database', () => {
  it('apply each migration once, whichever comes first', async () => {
    const url = process.env.DATABASE_URL!;
    const schema = `test_${randomUUID().replace(/-/g, '')}`;
    const admin = await openDatabase({ url, schema });
    const servers = await Promise.all([1, 2, 3].map(() => openDatabase({ url, schema })));
    try {
      const applied = await Promise.all(servers.map((database) => migrate(database)));
      expect(applied.flat().sort((a, b) => a - b)).toEqual(
        MIGRATIONS.map((m) => m.version).sort((a, b) => a - b),
      );
    } finally {
      await Promise.all(servers.map((database) => database.close()));
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.close();
    }
  });
});
