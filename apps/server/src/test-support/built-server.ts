/**
 * The built server (`node apps/server/dist/main.js`, written by `npm run build`) as a child
 * process on a free port of 127.0.0.1: for checks that concern whole server processes, such as who
 * may use a DATA_DIR.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { PATHS } from '@esign/platform';

export const SERVER_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/** How long a child server may take to answer its health check (a busy 2-core machine). */
const STARTUP_MS = 60_000;

export interface ServerProcess {
  /** e.g. http://127.0.0.1:43123 */
  base: string;
  child: ChildProcess;
  /**
   * What it printed so far, stdout and stderr together (the last 20 MB: its whole log in a test,
   * which can then look at every line).
   */
  output(): string;
  /** Its exit code once it has ended (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Waits until it answers GET /api/health; fails with its output when it ends first. */
  healthy(): Promise<void>;
  /** Sends `signal` unless it has ended, and waits until it has. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('No free port');
  return address.port;
}

/**
 * Starts the built server on `dataDir` in development mode (the SMS outbox is served), without the
 * demo accounts unless `demo`, on the embedded database unless `databaseUrl` is given, with `env`
 * added to the environment (e.g. the S3_* variables).
 */
export async function spawnServer(options: {
  dataDir: string;
  databaseUrl?: string;
  demo?: boolean;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run npm run build`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_MAIN, ...(options.demo ? [] : ['--no-demo'])], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const running = () => child.exitCode === null && child.signalCode === null;

  return {
    base,
    child,
    output: () => output,
    exited,
    async healthy() {
      const deadline = Date.now() + STARTUP_MS;
      while (Date.now() < deadline) {
        if (!running())
          throw new Error(`The server exited (${child.exitCode}):\n${output.slice(-20_000)}`);
        const up = await fetch(`${base}/api${PATHS.health}`).then(
          (response) => response.ok,
          () => false, // not listening yet
        );
        if (up) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(
        `The server was not healthy after ${STARTUP_MS} ms:\n${output.slice(-20_000)}`,
      );
    },
    async kill(signal) {
      if (running()) child.kill(signal);
      await exited;
    },
  };
}
