import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { MIGRATIONS } from './migrations';
import { schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The platform's database: the embedded PGlite under DATA_DIR, or a PostgreSQL server. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs SQL with parameters and gives the rows. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs `fn` in one transaction on one connection; rolls back if it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` with the payload of every `pg_notify(channel, …)` committed on this database
   * (PostgreSQL: by any process, over a connection kept for listening; PGlite: by this process).
   * Gives the function that stops listening. `onLost` hears of a listening connection that broke:
   * notifications stop, so a listener must not rely on them alone.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onLost?: (error: Error) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * PostgreSQL: its connection pool's use now (the metrics). The embedded database has none: one
   * connection runs every query in turn.
   */
  poolUse?(): PoolUse;
}

/** A connection pool's connections (in use = total - idle) and the queries waiting for one. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** SQL on one connection: parameterised queries, and scripts of several statements. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  exec(sql: string): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; without it the embedded database is used. */
  url?: string | undefined;
  /** Directory of the embedded database; in memory when omitted. */
  dataDir?: string | undefined;
  /** PostgreSQL only: the schema to work in (tests use a fresh one each). */
  schema?: string | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const connection = {
      connectionString: options.url,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    };
    const maxConnections = 10;
    const pool = new pg.Pool({ ...connection, max: maxConnections });
    const listeners = new Set<pg.Client>();
    const client = await pool.connect(); // fail now, with the server's message, if it is unreachable
    try {
      if (options.schema)
        await client.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema.replace(/"/g, '')}"`);
    } finally {
      client.release();
    }
    return {
      kind: 'postgres',
      db: drizzleNodePg(pool, { schema }) as unknown as Db,
      query: async (sql, params) => (await pool.query(sql, params)).rows,
      transaction: async (fn) => {
        const connection = await pool.connect();
        try {
          await connection.query('BEGIN');
          const result = await fn({
            query: async (sql, params) => (await connection.query(sql, params)).rows,
            exec: async (sql) => {
              await connection.query(sql);
            },
          });
          await connection.query('COMMIT');
          return result;
        } catch (error) {
          await connection.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          connection.release();
        }
      },
      listen: async (channel, onNotify, onLost) => {
        const listener = new pg.Client(connection);
        // A broken connection emits 'error': without a handler it would end the process.
        listener.on('error', (error) => {
          listeners.delete(listener);
          onLost?.(error);
        });
        listener.on('notification', (notification) => {
          if (notification.channel === channel) onNotify(notification.payload ?? '');
        });
        await listener.connect();
        listeners.add(listener);
        await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        return async () => {
          if (!listeners.delete(listener)) return;
          await listener.end();
        };
      },
      poolUse: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: maxConnections,
      }),
      close: async () => {
        await Promise.all([...listeners].map((listener) => listener.end()));
        listeners.clear();
        await pool.end();
      },
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initPglite(dataDir);
  }
  optimiseWasmOnOneThread();
  // pg_trgm: the trigram indexes of the contracts' name and party search (migration 33).
  const settings = { extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS };
  const client = dataDir ? new PGlite(dataDir, settings) : new PGlite(settings);
  await client.waitReady;
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as Db,
    query: async <Row>(sql: string, params?: unknown[]) =>
      (await client.query<Row>(sql, params)).rows,
    transaction: (fn) =>
      client.transaction((tx) =>
        fn({
          query: async <Row>(sql: string, params?: unknown[]) =>
            (await tx.query<Row>(sql, params)).rows,
          exec: async (sql) => {
            await tx.exec(sql);
          },
        }),
      ),
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    close: () => client.close(),
  };
}

/**
 * PostgreSQL's settings inside PGlite, given on the command line of every start (they win over
 * the postgresql.conf initdb wrote). PGlite holds PostgreSQL's memory in its WebAssembly memory,
 * which is touched when PostgreSQL starts and never shrinks: the default 128 MB of shared buffers
 * were 135 MB of the process's resident memory. 16 MB hold an installation's hot pages; the
 * operating system's file cache holds the rest, and the contract list bench (100,000 contracts)
 * was no slower with them (apps/server/CONTEXT.md, Memory).
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
};

const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
];

/**
 * Has V8 optimise WebAssembly on one background thread rather than one per core. V8 compiles
 * PostgreSQL's functions with its baseline compiler (Liftoff) as they are first called and again
 * with its optimising compiler (TurboFan) once they are hot; TurboFan's compilations of
 * PostgreSQL's very large functions, several at once on as many threads, left their memory freed
 * but scattered through each thread's native heap, where it stays resident: about 60 MB of a
 * server idle after its start. One thread reuses its own. The optimised code is the same, so the
 * contract list bench is as fast once warm; V8's baseline compiler alone (`--liftoff-only`) saved
 * a little more but made its queries a third slower (apps/server/CONTEXT.md, Memory). Set before
 * PGlite's module is compiled; it concerns WebAssembly only.
 */
function optimiseWasmOnOneThread(): void {
  v8.setFlagsFromString('--wasm-num-compilation-tasks=1');
}

/**
 * Makes a new embedded database in `dataDir`, in a child process. PGlite runs initdb in a second
 * PostgreSQL instance beside the first and copies that one's whole memory: in the server's own
 * process this peaked at 730 MB and left about 160 MB resident for good (the database alone held
 * 345 MB once made, 181 MB when opened again). The child's memory goes back when it ends.
 */
async function initPglite(dataDir: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `const { PGlite } = require(${JSON.stringify(entry)});
const db = new PGlite(${JSON.stringify(dataDir)}, { startParams: ${JSON.stringify(PGLITE_START_PARAMS)} });
db.waitReady.then(() => db.close()).catch((error) => { console.error(error); process.exit(1); });`;
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['-e', script], (error, _stdout, stderr) => {
      if (error)
        reject(
          new Error(
            `The embedded database could not be created in ${dataDir}: ${stderr || error.message}`,
          ),
        );
      else resolve();
    });
  });
}

/**
 * Brings the database to the latest migration. Each migration runs once, in a transaction under an
 * advisory lock, so several servers starting together on one PostgreSQL apply it once.
 */
export async function migrate(database: Database): Promise<number[]> {
  // Under the same lock: two servers creating the table at once on a new database would both
  // pass IF NOT EXISTS, and the second fail on the catalogue's unique index (seen with three).
  await database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(742001)');
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  });
  const applied: number[] = [];
  // In ascending version order, whatever the list's order (one line per migration, added by
  // whoever writes it).
  const ordered = [...MIGRATIONS].sort((a, b) => a.version - b.version);
  for (const migration of ordered) {
    const ran = await database.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(742001)');
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [
        migration.version,
      ]);
      if (done.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (ran) applied.push(migration.version);
  }
  return applied;
}
