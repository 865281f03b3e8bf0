import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDependencies } from '../app';
import { migrate, openDatabase, type Database } from '../db';
import type { FeeSettings } from '../fees/settings';
import { seed } from '../seed';
import { localStorage, type Storage } from '../storage';

/** A second connection to an opened test database, as another server process would have. */
interface Connection {
  database: Database;
  close(): Promise<void>;
}

export interface Backend {
  name: 'PGlite' | 'PostgreSQL';
  open(): Promise<{
    database: Database;
    cleanup(): Promise<void>;
    /** Connects again to the same database (PGlite: shares the one embedded instance). */
    connectAgain(): Promise<Connection>;
  }>;
}

/**
 * Every server test runs on the embedded database, and also on the PostgreSQL server named by
 * DATABASE_URL when it is set (in a fresh schema, dropped afterwards). Use with
 * `describe.each(BACKENDS)('… on $name', (backend) => …)`.
 */
export const BACKENDS: Backend[] = [
  {
    name: 'PGlite',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'esign-pglite-'));
      const database = await openDatabase({ dataDir: dir });
      return {
        database,
        cleanup: async () => rmSync(dir, { recursive: true, force: true }),
        connectAgain: async () => ({ database, close: async () => undefined }),
      };
    },
  },
];
const url = process.env.DATABASE_URL;
if (url) {
  BACKENDS.push({
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
        connectAgain: async () => {
          const again = await openDatabase({ url, schema });
          return { database: again, close: () => again.close() };
        },
      };
    },
  });
} else {
  console.info('DATABASE_URL is not set: the server tests run on the embedded database only.');
}

/** How a test server's app is built. */
export interface TestAppOptions {
  /** Serve the development-only calls (the SMS outbox); on by default. */
  development?: boolean;
  /** The answers of graphic captchas; random by default. */
  captchaText?: () => string;
  /** A built web app to serve at /; none by default. */
  webDir?: string;
  /** Take client addresses from X-Forwarded-For; off by default. */
  trustProxy?: boolean;
  /** How the app's job worker polls and leases jobs; the app's defaults otherwise. */
  jobs?: AppDependencies['jobs'];
  /** The clock of day-based rules (seal authorisations); the system's otherwise. */
  clock?: () => Date;
  /** Who stamps signatures' times; the platform's own timestamp authority otherwise. */
  timestamps?: AppDependencies['timestamps'];
  /** Where the platform is reached from outside (PUBLIC_URL); none otherwise. */
  publicUrl?: string;
  /**
   * The fee settings; otherwise a welcome gift large enough that no test runs out of signings
   * unless it means to (fees/fees.test.ts sets its own).
   */
  fees?: FeeSettings;
  /** Issue evidence reports as soon as applied for (the default here) or 1–2 working days later. */
  evidenceReportsImmediate?: boolean;
  /** Callback URLs may reach private addresses (the tests' receivers on 127.0.0.1); off otherwise. */
  allowPrivateCallbacks?: boolean;
  /** The wait before a callback delivery's first retry; the app's 60 s otherwise. */
  callbackRetryBaseMs?: number;
  /**
   * Makes the app's storage when it starts (e.g. `() => s3Storage(s3.options)`, with the S3 test
   * server of test-support/s3.ts started in an earlier hook); otherwise the directory `files`.
   * Another process of the same server has the first one's unless given its own.
   */
  storage?: () => Storage;
}

const TEST_FEE_SETTINGS: FeeSettings = { welcome: { signing: 1000, evidence: 100 } };

/** One server process listening on a free port of 127.0.0.1. */
export interface TestApp {
  /** e.g. http://127.0.0.1:43123 */
  base: string;
  app: FastifyInstance;
  database: Database;
  /** The directory files are stored in (unless the `storage` option puts them elsewhere). */
  files: string;
  close(): Promise<void>;
}

export interface TestServer extends TestApp {
  /**
   * Another server process over the same database and files, with its own connection, as behind
   * a load balancer. Close it before this one.
   */
  startAnother(options?: TestAppOptions): Promise<TestApp>;
}

async function listen(
  database: Database,
  files: string,
  {
    development = true,
    captchaText,
    webDir,
    trustProxy = false,
    jobs,
    clock,
    timestamps,
    publicUrl,
    fees = TEST_FEE_SETTINGS,
    evidenceReportsImmediate = true,
    allowPrivateCallbacks = false,
    callbackRetryBaseMs,
    storage,
  }: TestAppOptions,
): Promise<{ app: FastifyInstance; base: string }> {
  const app = await buildApp({
    database,
    storage: storage ? storage() : localStorage(files),
    development,
    ...(captchaText ? { captchaText } : {}),
    webDir,
    trustProxy,
    ...(jobs ? { jobs } : {}),
    ...(clock ? { clock } : {}),
    timestamps,
    publicUrl,
    fees,
    evidenceReportsImmediate,
    allowPrivateCallbacks,
    ...(callbackRetryBaseMs === undefined ? {} : { callbackRetryBaseMs }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    app,
    base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  };
}

/**
 * Closes a test server at once: the connections a test's client left open (a response body it
 * never read, a keep-alive socket) are cut instead of waited for. The graceful close of
 * production (http/drain.ts) waits for a connection still busy up to the 72 s keep-alive, past
 * the 60 s a hook is given: CI once saw a suite's close time out so, its tests all passed.
 */
async function closeNow(app: FastifyInstance): Promise<void> {
  const closing = app.close();
  app.server.closeAllConnections();
  // A connection a client opens while the app closes (seen with message streams just cut off)
  // would be waited for too.
  const sweep = setInterval(() => app.server.closeAllConnections(), 50);
  await closing.finally(() => clearInterval(sweep));
}

/** A migrated, seeded server listening on a free port of 127.0.0.1 over `backend`'s database. */
export async function startTestServer(
  backend: Backend,
  options: TestAppOptions & { demo?: boolean } = {},
): Promise<TestServer> {
  const { database, cleanup, connectAgain } = await backend.open();
  await migrate(database);
  await seed(database, { demo: options.demo ?? true });
  const files = mkdtempSync(path.join(tmpdir(), 'esign-files-'));
  const { app, base } = await listen(database, files, options);
  return {
    base,
    app,
    database,
    files,
    async startAnother(anotherOptions = {}) {
      const connection = await connectAgain();
      const another = await listen(connection.database, files, {
        storage: options.storage,
        ...anotherOptions,
      });
      return {
        ...another,
        database: connection.database,
        files,
        async close() {
          await closeNow(another.app);
          await connection.close();
        },
      };
    },
    async close() {
      await closeNow(app);
      await database.close();
      await cleanup();
      rmSync(files, { recursive: true, force: true });
    },
  };
}

/** A test server of a describe block, read once its tests run (see `useTestServer`). */
export type SuiteServer = Omit<TestServer, 'close'>;

/**
 * Starts a test server before the tests of the enclosing describe block and closes it after them.
 * Its parts are getters, read inside hooks and tests once the server has started; an `afterAll`
 * registered after this call runs before the server closes (hooks unwind in reverse order).
 */
export function useTestServer(
  backend: Backend,
  options: TestAppOptions & { demo?: boolean } = {},
): SuiteServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(backend, options);
  });
  afterAll(() => started?.close());
  const current = (): TestServer => {
    if (!started) throw new Error('The test server is read before it started: read it in a test');
    return started;
  };
  return {
    get base() {
      return current().base;
    },
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get files() {
      return current().files;
    },
    startAnother: (anotherOptions) => current().startAnother(anotherOptions),
  };
}

export const BASIC_CLIENT = `Basic ${Buffer.from('esign:esign_secret').toString('base64')}`;

/** POSTs a form to the token endpoint with the fixed client. */
export function requestToken(
  base: string,
  form: Record<string, string>,
  headers: Record<string, string> = { Authorization: BASIC_CLIENT },
): Promise<Response> {
  return fetch(`${base}/api/blade-auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
}

/** Signs in by password; gives the token response. */
export async function login(
  base: string,
  phone = '13800000001',
  password = 'Demo12345',
): Promise<{ access_token: string; refresh_token: string; expires_in: number }> {
  const response = await requestToken(base, {
    grant_type: 'password',
    tenant_id: '000000',
    username: phone,
    password,
  });
  if (response.status !== 200) throw new Error(`login failed: ${await response.text()}`);
  return (await response.json()) as {
    access_token: string;
    refresh_token: string;
    expires_in: number;
  };
}

/** A JSON call to /api with a session; gives the HTTP status and the envelope. */
export async function call<T = unknown>(
  base: string,
  method: string,
  apiPath: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{
  status: number;
  body: { code: number; success: boolean; data: T; msg: string };
  headers: Headers;
}> {
  const response = await fetch(`${base}/api${apiPath}`, {
    method,
    headers: {
      ...(options.token ? { 'Blade-Auth': `bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  return {
    status: response.status,
    body: (await response.json()) as never,
    headers: response.headers,
  };
}
