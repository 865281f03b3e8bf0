import { spawnSync } from 'node:child_process';
import {
  closeSync,
  constants,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One server process at a time on a DATA_DIR: the embedded database (PGlite) and the stored files
 * there have no coordination between processes, so a second server on the same directory would
 * overwrite the first one's acknowledged writes (issue 18).
 *
 * Why it is built this way: the lock must die with its holder, even after `kill -9`, so a pid file
 * alone will not do; it has to be an operating-system lock. Node has no `flock()` and native addons
 * cannot be built here, so the server opens `DATA_DIR/server.lock` itself and has a helper process
 * take the lock on that very open file: the file descriptor goes to util-linux `flock` (or, where
 * it is missing, perl's `flock`) as its fd 3. A flock(2) lock belongs to the open file
 * description, which the server shares with the helper; when the helper exits the lock stays held
 * through the server's own descriptor, and the kernel drops it when the server process ends,
 * however it ends. libuv opens files with O_CLOEXEC, so processes the server starts later do not
 * inherit the descriptor and cannot keep the lock alive after the server is gone.
 *
 * The holder writes who it is (pid, start time, host, port) into the file, so that a refused
 * server can say who holds the directory.
 */
export const LOCK_FILE = 'server.lock';

/** Who holds a DATA_DIR, as the holder wrote it into the lock file. */
export interface DataDirHolder {
  pid: number;
  /** ISO time the holder took the lock. */
  startedAt: string;
  host: string;
  port: number;
}

/** A held DATA_DIR lock: keep it for the life of the process. */
export interface DataDirLock {
  /** The lock file. */
  file: string;
  /** Gives the directory up (at shutdown; the end of the process gives it up as well). */
  release(): void;
}

/** Why a server may not use a DATA_DIR, with the message to print. */
export type DataDirRefusal =
  | { reason: 'held'; dataDir: string; holder: Partial<DataDirHolder>; message: string }
  | { reason: 'no-lock-tool'; dataDir: string; message: string }
  | { reason: 'lock-failed'; dataDir: string; message: string };

export type DataDirLockResult =
  { ok: true; lock: DataDirLock } | { ok: false; refusal: DataDirRefusal };

const SEVERAL_PROCESSES =
  'The embedded database belongs to one server process at a time; to run several server ' +
  'processes on one database, give each DATABASE_URL (a PostgreSQL server).';

/** Exit code of a lock helper when another open file holds the lock (flock's default). */
const HELD = 1;

/** The helpers that can take a flock(2) lock on their fd 3, tried in order. */
const LOCK_HELPERS: ReadonlyArray<{ command: string; args: string[] }> = [
  { command: 'flock', args: ['--exclusive', '--nonblock', '3'] },
  {
    command: 'perl',
    args: [
      '-MFcntl=:flock',
      '-e',
      'open(my $f, "+<&=3") or exit 2; flock($f, LOCK_EX|LOCK_NB) and exit 0; exit($!{EWOULDBLOCK} ? 1 : 3)',
    ],
  },
];

/**
 * Takes `dataDir` for this process before anything in it is opened. Refuses, as a value, when
 * another process holds it or when no lock helper is installed.
 */
export function acquireDataDirLock(dataDir: string, { port }: { port: number }): DataDirLockResult {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o644);
  const refuse = (refusal: DataDirRefusal): DataDirLockResult => {
    closeSync(fd);
    return { ok: false, refusal };
  };

  let outcome: { status: number | null; stderr: string } | undefined;
  for (const helper of LOCK_HELPERS) {
    const run = spawnSync(helper.command, helper.args, {
      stdio: ['ignore', 'ignore', 'pipe', fd],
      encoding: 'utf8',
    });
    if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') continue;
    outcome = { status: run.status, stderr: (run.stderr ?? run.error?.message ?? '').trim() };
    break;
  }
  if (!outcome) {
    return refuse({
      reason: 'no-lock-tool',
      dataDir,
      message:
        `Cannot lock DATA_DIR ${dataDir}: neither flock (util-linux) nor perl is installed. ` +
        `Install one of them, or set DATABASE_URL to use a PostgreSQL server instead of the ` +
        `embedded database.`,
    });
  }
  if (outcome.status === HELD) {
    const holder = readHolder(file);
    return refuse({
      reason: 'held',
      dataDir,
      holder,
      message:
        `DATA_DIR ${dataDir} is in use by another server process (${describeHolder(holder)}); ` +
        `not starting. ${SEVERAL_PROCESSES}`,
    });
  }
  if (outcome.status !== 0) {
    return refuse({
      reason: 'lock-failed',
      dataDir,
      message:
        `Cannot lock DATA_DIR ${dataDir} (${file}): the lock helper exited with ` +
        `${outcome.status ?? 'a signal'}${outcome.stderr ? `: ${outcome.stderr}` : ''}. ` +
        SEVERAL_PROCESSES,
    });
  }

  const holder: DataDirHolder = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    host: hostname(),
    port,
  };
  ftruncateSync(fd, 0);
  writeSync(fd, `${JSON.stringify(holder)}\n`, 0);
  let open = true;
  return {
    ok: true,
    lock: {
      file,
      release() {
        if (!open) return;
        open = false;
        closeSync(fd);
      },
    },
  };
}

/** What the holder wrote into the lock file; empty while it is still writing it. */
function readHolder(file: string): Partial<DataDirHolder> {
  try {
    const written: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof written === 'object' && written !== null ? written : {};
  } catch {
    return {}; // not written yet, or by an older server: the message says the holder is unknown
  }
}

function describeHolder(holder: Partial<DataDirHolder>): string {
  if (holder.pid === undefined) return 'process unknown: it has not written its pid yet';
  const host = holder.host !== undefined ? ` on host ${holder.host}` : '';
  const details = [
    holder.startedAt !== undefined ? `started ${holder.startedAt}` : undefined,
    holder.port !== undefined ? `port ${holder.port}` : undefined,
  ].filter((detail) => detail !== undefined);
  return [`pid ${holder.pid}${host}`, ...details].join(', ');
}
