import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PATHS } from '@esign/platform';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { register, withQuery } from '../test-support/account';
import { spawnServer, type ServerProcess } from '../test-support/built-server';
import { call, login } from '../test-support/server';

const PASSWORD = 'Kept12345';

/** How long a refused server may take to say so and end. */
const REFUSAL_MS = 15_000;
/** A test starts up to three servers one after another, each given a minute on a busy machine. */
const SERVER_STARTS_MS = 240_000;

// Whole built server processes (npm run build) on one DATA_DIR: the embedded database belongs to
// one of them at a time (issue 18).
describe('one server process per DATA_DIR', { timeout: SERVER_STARTS_MS }, () => {
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  const freshDataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'esign-data-dir-'));
    dataDirs.push(dir);
    return dir;
  };
  const start = async (options: { dataDir: string; databaseUrl?: string }) => {
    const server = await spawnServer(options);
    servers.push(server);
    return server;
  };
  const stopAll = () => Promise.all(servers.splice(0).map((server) => server.kill('SIGKILL')));
  afterEach(stopAll);
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  const registered = async (base: string, phone: string) =>
    (await call<{ registered: boolean }>(base, 'GET', withQuery(PATHS.checkPhone, { phone }))).body
      .data.registered;

  /** Resolves with the exit code, or fails when the process is still running after `ms`. */
  const exitWithin = (server: ServerProcess, ms: number) =>
    Promise.race([
      server.exited,
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error(`still running after ${ms} ms:\n${server.output()}`)),
          ms,
        ),
      ),
    ]);

  it('refuses a second server on a DATA_DIR in use, and after kill -9 a new one starts at once with every acknowledged account', async () => {
    const dataDir = freshDataDir();
    const phones = ['13900000181', '13900000182', '13900000183'];
    const first = await start({ dataDir });
    await first.healthy();
    for (const phone of phones) await register(first.base, phone, PASSWORD);

    const second = await start({ dataDir });
    expect(await exitWithin(second, REFUSAL_MS)).toBe(1);
    const refusal = second.output();
    expect(refusal).toContain(`DATA_DIR ${dataDir} is in use by another server process`);
    expect(refusal).toContain(`pid ${first.child.pid}`);
    expect(refusal).toContain('DATABASE_URL');
    expect(refusal).not.toMatch(/\n\s+at /); // a message, not a stack trace
    // It never listened, and the first server goes on.
    await expect(fetch(`${second.base}/api${PATHS.health}`)).rejects.toThrow();
    expect((await fetch(`${first.base}/api${PATHS.health}`)).status).toBe(200);
    expect(await registered(first.base, phones[0]!)).toBe(true);

    await first.kill('SIGKILL');
    const restarted = await start({ dataDir });
    await restarted.healthy(); // no stale lock to wait for
    for (const phone of phones) {
      expect(await registered(restarted.base, phone)).toBe(true);
      expect((await login(restarted.base, phone, PASSWORD)).access_token).toBeTruthy();
    }
  });

  it('leaves DATA_DIR unlocked with DATABASE_URL: the lock concerns the embedded database only', async () => {
    const dataDir = freshDataDir();
    const held = acquireDataDirLock(dataDir, { port: 0 });
    if (!held.ok) throw new Error(held.refusal.message);
    try {
      // Nothing answers on port 1: the server fails on the database, not on the held DATA_DIR.
      const server = await start({ dataDir, databaseUrl: 'postgresql://127.0.0.1:1/esign' });
      expect(await exitWithin(server, REFUSAL_MS)).toBe(1);
      expect(server.output()).toContain('ECONNREFUSED');
      expect(server.output()).not.toContain('in use by another server process');
    } finally {
      held.lock.release();
    }
  });

  const url = process.env.DATABASE_URL;
  it.skipIf(!url)(
    'runs several servers on one PostgreSQL with one DATA_DIR (DATABASE_URL)',
    async () => {
      const schema = `test_${randomUUID().replace(/-/g, '')}`;
      const admin = await openDatabase({ url, schema }); // creates the schema
      const databaseUrl = new URL(url!);
      databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
      try {
        const dataDir = freshDataDir();
        const first = await start({ dataDir, databaseUrl: databaseUrl.href });
        await first.healthy(); // migrates once, before the second starts
        const second = await start({ dataDir, databaseUrl: databaseUrl.href });
        await second.healthy();
        await register(first.base, '13900000184', PASSWORD);
        expect(await registered(second.base, '13900000184')).toBe(true);
      } finally {
        await stopAll();
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.close();
      }
    },
  );
});
