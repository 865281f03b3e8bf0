/**
 * The real, built platform for the end-to-end tests: `node apps/server/dist/main.js` serving
 * apps/web/dist, on a free port of 127.0.0.1, over an embedded database in a fresh directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PATHS, type Envelope, type OutboxMessage } from '@esign/platform';

/** The repository's root. */
export const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));

const SERVER_MAIN = path.join(REPOSITORY, 'apps/server/dist/main.js');
const WEB_DIR = path.join(REPOSITORY, 'apps/web/dist');
const STARTUP_MS = 60_000;
const STOP_MS = 10_000;

/** The demo accounts the server seeds on its first start (apps/server/src/seed.ts). */
export const DEMO = {
  person: '13800000001',
  admin: '13800000002',
  password: 'Demo12345',
  company: 'Demo Technology Co., Ltd.',
} as const;

export interface RunningPlatform {
  /** e.g. http://127.0.0.1:43123 */
  base: string;
  /** The newest SMS code the development provider "sent" to `phone` for `purpose`. */
  smsCode(phone: string, purpose: OutboxMessage['purpose']): Promise<string>;
  /** Stops the server (SIGTERM) and deletes its data. */
  stop(): Promise<void>;
  /**
   * Stops the server, runs SQL `statements` on its embedded database (which one process opens at
   * a time) and starts it again on the same data and address: for what no call sets, such as a
   * tenant's system type.
   */
  restartWith(statements: readonly string[]): Promise<void>;
}

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('No free port');
  return address.port;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** Waits until the server answers its health check; fails with its output when it exits first. */
async function healthy(base: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    }
    const up = await fetch(`${base}/api${PATHS.health}`).then(
      (response) => response.ok,
      () => false, // not listening yet
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server was not healthy after ${STARTUP_MS} ms:\n${output()}`);
}

/**
 * Starts the built server as a child process, in development mode (the SMS outbox is served), and
 * waits until it is healthy.
 */
export async function startPlatform(): Promise<RunningPlatform> {
  for (const built of [SERVER_MAIN, path.join(WEB_DIR, 'index.html')]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'esign-e2e-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const keep = (chunk: Buffer) => {
    // The last lines say why a start failed; the request log before them does not.
    output = (output + chunk.toString()).slice(-20_000);
  };
  const spawnServer = () => {
    const started = spawn(process.execPath, [SERVER_MAIN], {
      cwd: REPOSITORY,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIR,
        // The embedded database, whatever the shell says.
        DATABASE_URL: '',
        // Journeys initiate more contracts than a console's default welcome gift holds.
        WELCOME_SIGNINGS: '500',
        // Evidence reports issued as soon as applied for, not 1–2 working days later.
        EVIDENCE_REPORTS_IMMEDIATE: '1',
        // Callbacks reach the receivers the journeys run on 127.0.0.1.
        ALLOW_PRIVATE_CALLBACKS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout!.on('data', keep);
    started.stderr!.on('data', keep);
    return started;
  };
  let child = spawnServer();

  const halt = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
      await exited(child);
      clearTimeout(killed);
    }
  };
  const stop = async () => {
    await halt();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await healthy(base, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    base,
    stop,
    async smsCode(phone, purpose) {
      const response = await fetch(`${base}/api${PATHS.devOutbox}?phone=${phone}`);
      const body = (await response.json()) as Envelope<OutboxMessage[]>;
      const sent = body.data?.find((message) => message.purpose === purpose);
      if (!sent)
        throw new Error(`No ${purpose} code was sent to ${phone}: ${JSON.stringify(body)}`);
      return sent.code;
    },
    async restartWith(statements) {
      await halt();
      // The server's own embedded database (DATA_DIR/pglite), with the extension its schema uses;
      // loaded here only, so that the journeys that never need it do not load it.
      const [{ PGlite }, { pg_trgm }] = await Promise.all([
        import('@electric-sql/pglite'),
        import('@electric-sql/pglite/contrib/pg_trgm'),
      ]);
      const database = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
      try {
        for (const statement of statements) await database.exec(statement);
      } finally {
        await database.close();
      }
      child = spawnServer();
      try {
        await healthy(base, child, () => output);
      } catch (error) {
        await stop();
        throw error;
      }
    },
  };
}
