import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { Database, Queryable } from '../db';
import { enqueueJob } from '../jobs/queue';
import type { JobHandler } from '../jobs/worker';
import type { Storage, StoredFile } from '../storage';
import { SWEPT_PREFIXES, unreferencedKeys } from './references';

/** The job that sweeps storage (one row at a time, queueing the next as it finishes). */
export const FILES_SWEEP_JOB = 'storage.sweep';
/** A file or a partial write younger than this is never removed. */
export const SWEEP_MIN_AGE_MS = 60 * 60 * 1000;
/** A sweep runs this long after the last one finished, and at every server start. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/**
 * Added to the age of the oldest open transaction: the files' times come from the storage's
 * clock, the transactions' from the database's.
 */
const CLOCK_MARGIN_MS = 5 * 60 * 1000;
/** Keys checked against the database in one statement. */
const SWEEP_BATCH = 500;
/** What /api/health reports is the last sweep; older records go after this long. */
const SWEEPS_KEPT = '30 days';
/** Finished sweep jobs are kept this long, then removed by the next sweep. */
const FINISHED_JOBS_KEPT = '1 day';

/** What one sweep removed. */
export interface SweepOutcome {
  /** Files old enough to be removed, checked against the database. */
  filesChecked: number;
  /** Of those, the ones no row named, removed. */
  filesRemoved: number;
  bytesRemoved: number;
  /** Unfinished writes idle for long enough, removed. */
  partialsRemoved: number;
  partialBytesRemoved: number;
}

export interface SweepOptions {
  /** Younger files and partial writes are kept (`SWEEP_MIN_AGE_MS`). */
  minAgeMs?: number;
  /** The storage's clock, against which files' times are aged (a test moves it forward). */
  now?: () => Date;
  batchSize?: number;
  signal?: AbortSignal;
}

/**
 * How long the oldest transaction open on this database has been open (null when none): a file
 * it wrote is younger than that, and may be named by a row when it commits. Other servers'
 * sessions count (they connect as the same role, so pg_stat_activity shows their transactions);
 * PGlite has one connection, and runs this only between transactions.
 */
async function oldestOpenTransactionMs(database: Pick<Queryable, 'query'>): Promise<number | null> {
  const [row] = await database.query<{ ms: number | null }>(
    `SELECT (extract(epoch FROM (now() - min(xact_start))) * 1000)::float8 AS ms
     FROM pg_stat_activity
     WHERE pid <> pg_backend_pid() AND datname = current_database()
       AND backend_type = 'client backend' AND xact_start IS NOT NULL`,
  );
  return row?.ms === null || row?.ms === undefined ? null : Math.max(0, Number(row.ms));
}

/**
 * Removes from `storage` the files under the swept prefixes that no row names and the partial
 * writes, both older than `minAgeMs`. Safe beside running requests and with other sweeps.
 *
 * Why no file a live transaction may yet name is removed (see the `Storage` comment for the
 * writers' two rules): for each batch, in this order,
 * 1. the files are listed with their times (a file listed exists before step 2);
 * 2. the age of the oldest open transaction is read: a file is kept unless it is older than
 *    that age (plus a margin for clocks) as well as older than `minAgeMs`. A transaction that
 *    wrote a file was open before the file was written, so while it is open the file is younger
 *    than it and kept; once it has committed, step 3 sees its rows;
 * 3. one statement looks for the batch's keys in every column of `STORAGE_REFERENCES` — it starts
 *    after step 2, so it sees every row committed by then;
 * 4. the files named by no row are removed. A row committed after step 3 cannot name one: rows
 *    only name files their own writer just stored under a new key.
 * A writer that stores its file before opening the transaction that names it (an upload, then its
 * row) is covered by `minAgeMs` alone: the time between the two is one request's.
 */
export async function sweepStoredFiles(
  database: Database,
  storage: Storage,
  {
    minAgeMs = SWEEP_MIN_AGE_MS,
    now = () => new Date(),
    batchSize = SWEEP_BATCH,
    signal,
  }: SweepOptions = {},
): Promise<SweepOutcome> {
  const outcome: SweepOutcome = {
    filesChecked: 0,
    filesRemoved: 0,
    bytesRemoved: 0,
    partialsRemoved: 0,
    partialBytesRemoved: 0,
  };
  const ageOf = (modifiedAt: Date) => now().getTime() - modifiedAt.getTime();

  for await (const partial of storage.listPartial()) {
    signal?.throwIfAborted();
    if (ageOf(partial.modifiedAt) < minAgeMs) continue;
    await storage.removePartial(partial.id);
    outcome.partialsRemoved++;
    outcome.partialBytesRemoved += partial.size;
  }

  const removeUnreferenced = async (listed: StoredFile[]) => {
    if (listed.length === 0) return;
    signal?.throwIfAborted();
    const openFor = await oldestOpenTransactionMs(database);
    const oldAge = Math.max(minAgeMs, openFor === null ? 0 : openFor + CLOCK_MARGIN_MS);
    const candidates = listed.filter((file) => ageOf(file.modifiedAt) >= oldAge);
    outcome.filesChecked += candidates.length;
    const unreferenced = await unreferencedKeys(
      database,
      candidates.map((file) => file.key),
    );
    for (const file of candidates) {
      if (!unreferenced.has(file.key)) continue;
      await storage.remove(file.key);
      outcome.filesRemoved++;
      outcome.bytesRemoved += file.size;
    }
  };
  for (const prefix of SWEPT_PREFIXES) {
    let batch: StoredFile[] = [];
    for await (const file of storage.list(prefix)) {
      signal?.throwIfAborted();
      if (ageOf(file.modifiedAt) < minAgeMs) continue;
      batch.push(file);
      if (batch.length >= batchSize) {
        await removeUnreferenced(batch);
        batch = [];
      }
    }
    await removeUnreferenced(batch);
  }
  return outcome;
}

/** Serialises the decisions about the sweep's one queued row, across processes. */
async function lockSweepSchedule(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [FILES_SWEEP_JOB]);
}

/**
 * At a server's start: makes a sweep due now. The queued sweep is moved to now, or one is queued
 * when none is queued or running (a running one queues the next as it finishes). There is never
 * more than one sweep queued or running, so two processes never sweep at once, however many
 * start together.
 */
export async function ensureFilesSweep(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    await lockSweepSchedule(tx);
    const [pending] = await tx.query<{ status: string }>(
      `SELECT status FROM jobs WHERE kind = $1 AND status IN ('queued', 'running')
       ORDER BY status = 'running' DESC LIMIT 1`,
      [FILES_SWEEP_JOB],
    );
    if (pending?.status === 'running') return;
    if (pending) {
      await tx.query(
        `UPDATE jobs SET run_at = LEAST(run_at, now()) WHERE kind = $1 AND status = 'queued'`,
        [FILES_SWEEP_JOB],
      );
      return;
    }
    await enqueueJob(tx, FILES_SWEEP_JOB, {}, { maxAttempts: 3 });
  });
}

/** Queues the next sweep `intervalMs` from now (unless a start queued one already). */
async function scheduleNextSweep(tx: Queryable, intervalMs: number): Promise<void> {
  await lockSweepSchedule(tx);
  const [queued] = await tx.query(
    `SELECT 1 FROM jobs WHERE kind = $1 AND status = 'queued' LIMIT 1`,
    [FILES_SWEEP_JOB],
  );
  if (!queued) await enqueueJob(tx, FILES_SWEEP_JOB, {}, { delayMs: intervalMs, maxAttempts: 3 });
  await tx.query(
    `DELETE FROM jobs WHERE kind = $1 AND status IN ('done', 'failed')
       AND finished_at < now() - $2::interval`,
    [FILES_SWEEP_JOB, FINISHED_JOBS_KEPT],
  );
}

/** Where a sweep reports what it removed (one line per sweep). */
export interface SweepLogger {
  info(object: object, message: string): void;
}

export interface FilesSweepHandlerOptions extends Pick<SweepOptions, 'minAgeMs' | 'now'> {
  /** The wait between the end of one sweep and the next (`SWEEP_INTERVAL_MS`). */
  intervalMs?: number;
  logger?: SweepLogger;
}

/**
 * The sweep's handler: sweeps, logs what it removed, and as it finishes records that for
 * /api/health and queues the next sweep; failing for good queues the next one too.
 */
export function filesSweepHandler(
  database: Database,
  storage: Storage,
  { intervalMs = SWEEP_INTERVAL_MS, logger, ...sweep }: FilesSweepHandlerOptions = {},
): JobHandler<Record<string, never>, SweepOutcome> {
  return {
    concurrency: 1,
    backoffMs: 60_000,
    async run(_payload, job) {
      const started = Date.now();
      const outcome = await sweepStoredFiles(database, storage, { ...sweep, signal: job.signal });
      logger?.info(
        { sweep: outcome, ms: Date.now() - started },
        `storage sweep: removed ${outcome.filesRemoved} unreferenced files ` +
          `(${outcome.bytesRemoved} bytes) and ${outcome.partialsRemoved} partial writes ` +
          `(${outcome.partialBytesRemoved} bytes), ${outcome.filesChecked} old files checked`,
      );
      return outcome;
    },
    async done(tx, _payload, outcome) {
      await tx.query(
        `INSERT INTO storage_sweeps (files_checked, files_removed, bytes_removed, partials_removed,
           partial_bytes_removed)
         VALUES ($1, $2, $3, $4, $5)`,
        [
          outcome.filesChecked,
          outcome.filesRemoved,
          outcome.bytesRemoved,
          outcome.partialsRemoved,
          outcome.partialBytesRemoved,
        ],
      );
      await tx.query(`DELETE FROM storage_sweeps WHERE finished_at < now() - $1::interval`, [
        SWEEPS_KEPT,
      ]);
      await scheduleNextSweep(tx, intervalMs);
    },
    failed: (tx) => scheduleNextSweep(tx, intervalMs),
  };
}

/** The last sweep as /api/health reports it; null before the first one finished. */
export interface LastSweep {
  lastRunAt: string;
  filesRemoved: number;
  bytesRemoved: number;
  partialsRemoved: number;
  partialBytesRemoved: number;
}

export async function lastStorageSweep(database: Database): Promise<LastSweep | null> {
  const [row] = await database.query<{
    finished_at: Date | string;
    files_removed: number;
    bytes_removed: string | number;
    partials_removed: number;
    partial_bytes_removed: string | number;
  }>(
    `SELECT finished_at, files_removed, bytes_removed, partials_removed, partial_bytes_removed
     FROM storage_sweeps ORDER BY id DESC LIMIT 1`,
  );
  if (!row) return null;
  return {
    lastRunAt: new Date(row.finished_at).toISOString(),
    filesRemoved: Number(row.files_removed),
    bytesRemoved: Number(row.bytes_removed),
    partialsRemoved: Number(row.partials_removed),
    partialBytesRemoved: Number(row.partial_bytes_removed),
  };
}

/**
 * Files nothing names (a signature rolled back after its PDF was stored, a replaced image whose
 * removal failed) and uploads cut off mid-way do not pile up: registers the sweep's handler with
 * this process's worker and makes a sweep due now.
 */
export async function storageSweep(app: FastifyInstance, context: AppContext): Promise<void> {
  context.jobs.handle(
    FILES_SWEEP_JOB,
    filesSweepHandler(context.database, context.storage, { logger: app.log }),
  );
  await ensureFilesSweep(context.database);
}
