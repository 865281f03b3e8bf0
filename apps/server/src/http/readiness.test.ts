import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PATHS } from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db';
import { MIGRATIONS } from '../db/migrations';
import { localStorage, type Storage } from '../storage';
import { s3Storage } from '../storage-s3';
import { startS3Server } from '../test-support/s3';
import { BACKENDS, useTestServer } from '../test-support/server';
import type { Readiness } from './readiness';

interface Answer {
  status: number;
  body: { code: number; success: boolean; data: Readiness; msg: string };
}

const READY: Readiness = {
  database: 'up',
  storage: 'up',
  migrations: 'up',
  missingMigrations: [],
  unknownMigrations: [],
  failed: [],
};

/** The database as a process sees it when its server goes away: every query fails. */
function failingOnDemand(database: Database): { database: Database; goDown(): void } {
  let down = false;
  const refuse = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
  return {
    database: {
      ...database,
      query: (sql, params) => (down ? refuse() : database.query(sql, params)),
      transaction: (fn) => (down ? refuse() : database.transaction(fn)),
      // Closed by the suite's server, not by the app built over it.
      close: async () => undefined,
    },
    goDown: () => {
      down = true;
    },
  };
}

describe.each(BACKENDS)('liveness and readiness on $name', (backend) => {
  const server = useTestServer(backend);
  const apps: FastifyInstance[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const ready = async (base: string): Promise<Answer> => {
    const response = await fetch(`${base}/api${PATHS.healthReady}`);
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  };
  /** Another process's app over the suite's database and `storage`, asked without listening. */
  const anotherApp = async (database: Database, storage: Storage) => {
    const app = await buildApp({ database, storage, jobs: { pollMs: 60_000 } });
    apps.push(app);
    const ask = async (apiPath: string): Promise<Answer> => {
      const response = await app.inject({ url: `/api${apiPath}` });
      return { status: response.statusCode, body: response.json() };
    };
    return { ask };
  };

  it('is ready when the database, the storage and the migrations are', async () => {
    expect(await ready(server.base)).toEqual({
      status: 200,
      body: { code: 200, success: true, msg: 'success', data: READY },
    });
    const live = await fetch(`${server.base}/api${PATHS.healthLive}`);
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ data: { live: true } });
  });

  it('is not ready when a migration this code knows is not applied, or one it does not know is', async () => {
    const last = Math.max(...MIGRATIONS.map((migration) => migration.version));
    const [row] = await server.database.query<{ name: string }>(
      'DELETE FROM schema_migrations WHERE version = $1 RETURNING name',
      [last],
    );
    try {
      const behind = await ready(server.base);
      expect(behind.status).toBe(503);
      expect(behind.body).toMatchObject({ code: 503, success: false, msg: 'Service unavailable' });
      expect(behind.body.data).toEqual({
        ...READY,
        migrations: 'down',
        missingMigrations: [last],
        failed: ['migrations'],
      });
    } finally {
      await server.database.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        last,
        row!.name,
      ]);
    }

    // A later release migrated the schema: this process's code is older than it.
    await server.database.query(
      "INSERT INTO schema_migrations (version, name) VALUES (9999, 'from a later release')",
    );
    try {
      const ahead = await ready(server.base);
      expect(ahead.status).toBe(503);
      expect(ahead.body.data).toMatchObject({
        migrations: 'down',
        unknownMigrations: [9999],
        failed: ['migrations'],
      });
    } finally {
      await server.database.query('DELETE FROM schema_migrations WHERE version = 9999');
    }
    expect((await ready(server.base)).status).toBe(200);
  });

  it('is not ready, naming the database, when its database is down; still live', async () => {
    const { database, goDown } = failingOnDemand(server.database);
    const { ask } = await anotherApp(database, localStorage(server.files));
    expect((await ask(PATHS.healthReady)).status).toBe(200);

    goDown();
    const down = await ask(PATHS.healthReady);
    expect(down.status).toBe(503);
    expect(down.body.data).toEqual({
      ...READY,
      database: 'down',
      migrations: 'unknown',
      failed: ['database'],
    });
    // Restarting the process would not bring the database back.
    expect((await ask(PATHS.healthLive)).status).toBe(200);
    expect((await ask(PATHS.health)).status).toBe(503);
  });

  it('is not ready, naming the storage, when its storage takes no write', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'esign-readiness-'));
    dirs.push(dir);
    // Below a regular file: no directory can be made there, whoever runs the test (root too).
    writeFileSync(path.join(dir, 'not-a-directory'), '');
    const { ask } = await anotherApp(
      server.database,
      localStorage(path.join(dir, 'not-a-directory', 'files')),
    );
    const down = await ask(PATHS.healthReady);
    expect(down.status).toBe(503);
    expect(down.body.data).toEqual({ ...READY, storage: 'down', failed: ['storage'] });
    expect((await ask(PATHS.healthLive)).status).toBe(200);
  });

  it('is not ready, naming the storage, when the server of its bucket goes away', async () => {
    const s3 = await startS3Server();
    try {
      const { ask } = await anotherApp(server.database, s3Storage(s3.options));
      expect((await ask(PATHS.healthReady)).status).toBe(200);
      await s3.close();
      const down = await ask(PATHS.healthReady);
      expect(down.status).toBe(503);
      expect(down.body.data).toEqual({ ...READY, storage: 'down', failed: ['storage'] });
    } finally {
      await s3.close();
    }
  }, 60_000);
});
