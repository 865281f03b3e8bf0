import { randomUUID } from 'node:crypto';
import { hostname, availableParallelism } from 'node:os';
import type { Database, Queryable } from '../db';
import { outsideRequestClient } from '../http/request-client';
import { outsideLogContext, withJobContext } from '../http/request-context';
import { JOB_CHANNEL, type JobPayload } from './queue';

/** A claimed job as its handler sees it. */
export interface RunningJob {
  id: number;
  kind: string;
  /** 1 on the first try. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when this worker lost the job (its lease expired and another worker took it). */
  signal: AbortSignal;
}

/**
 * The work of one kind of job. `run` does the work outside any transaction; `done` and `failed`
 * record its outcome in the transaction that finishes the job, which commits only while the job
 * is still this worker's: an outcome is recorded exactly once.
 */
export interface JobHandler<Payload extends JobPayload = JobPayload, Result = unknown> {
  /**
   * Does the work; what it gives is stored as the job's result (JSON). Throwing retries the job
   * with backoff until its last attempt; a `PermanentJobError` fails it at once.
   */
  run(payload: Payload, job: RunningJob): Promise<Result>;
  /** Records a success, in the transaction that marks the job done. */
  done?(tx: Queryable, payload: Payload, result: Result, job: RunningJob): Promise<void>;
  /** Records a failure for good, in the transaction that marks the job failed. */
  failed?(tx: Queryable, payload: Payload, error: unknown, job: RunningJob): Promise<void>;
  /**
   * Undoes what `run` left outside the database (a stored file) when its success could not be
   * recorded: the job was lost to another worker, or `done` failed.
   */
  discard?(payload: Payload, result: Result): Promise<void>;
  /** At most this many of this kind at a time in this process (the worker's concurrency by default). */
  concurrency?: number;
  /** The first retry waits this long, each next one twice as long, at most an hour (5 s by default). */
  backoffMs?: number;
}

/** A failure that trying again cannot mend (a broken input): the job fails without retrying. */
export class PermanentJobError extends Error {}

/** Where the worker reports what went wrong outside a handler's own outcome. */
export interface JobLogger {
  info?(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
  /** A logger whose every line carries `bindings` (pino's child): each job's has its ids. */
  child?(bindings: Record<string, unknown>): JobLogger;
}

export interface JobWorkerOptions {
  /** Jobs run at once in this process, all kinds together (the number of cores, at least 2). */
  concurrency?: number;
  /** Look for due jobs this often even without a notification (2 s). */
  pollMs?: number;
  /**
   * A running job's lock is renewed every third of this; a job whose lock is older was left by a
   * worker that died and is claimed again (60 s).
   */
  leaseMs?: number;
  logger?: JobLogger;
  /** Hears how each attempt ended (the metrics count them). */
  onAttempt?: (kind: string, outcome: AttemptOutcome) => void;
}

/**
 * How an attempt ended: done; retried (it failed and waits for its next try); failed for good;
 * lost (another worker had taken the job over, or the outcome could not be recorded).
 */
export type AttemptOutcome = 'done' | 'retried' | 'failed' | 'lost';

/** Runs the database's jobs in this process: one per server, started and stopped with the app. */
export interface JobWorker {
  /** Identifies this worker in `jobs.locked_by`. */
  readonly id: string;
  /** Registers the handler of a kind; jobs of kinds with no handler here are left to others. */
  handle<Payload extends JobPayload, Result>(
    kind: string,
    handler: JobHandler<Payload, Result>,
  ): void;
  /** Listens for new jobs and claims the due ones. */
  start(): Promise<void>;
  /** Looks for due jobs now (after a notification, or in a test). */
  wake(): void;
  /**
   * Claims no more jobs, waits for the running handlers to finish, and leaves no timer behind.
   * Called again, gives the same wait: the app calls it when its shutdown begins (no new job is
   * started while requests drain) and waits for it once they have.
   */
  stop(): Promise<void>;
  /** The jobs this worker runs now, oldest first: what a shutdown cut short names. */
  running(): RunningJobSummary[];
}

/** A running job as a shutdown that timed out reports it. */
export interface RunningJobSummary {
  id: number;
  kind: string;
  attempt: number;
  /** How long it has run in this worker. */
  ms: number;
}

type ClaimedJob = Omit<RunningJob, 'signal'> & {
  payload: JobPayload;
  /** The request that queued it (X-Request-Id), if one did. */
  requestId: string | null;
};

interface ClaimedRow {
  id: string;
  kind: string;
  payload: JobPayload;
  attempts: number;
  max_attempts: number;
  request_id: string | null;
}

const HOUR_MS = 60 * 60 * 1000;
/** That a job is still this worker's, on this attempt: $1 the job, $2 the worker, $3 the attempt. */
const OURS = `id = $1 AND status = 'running' AND locked_by = $2 AND attempts = $3`;
const ERROR_TEXT_MAX = 2000;

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, ERROR_TEXT_MAX);
}

/** The wait before retry `attempt + 1`: `base`, then twice as long each time, at most an hour. */
export function retryDelayMs(base: number, attempt: number): number {
  return Math.min(base * 2 ** Math.max(0, attempt - 1), HOUR_MS);
}

/**
 * A worker over the `jobs` table (migration 7). It claims a due job with `UPDATE … WHERE id =
 * (SELECT … FOR UPDATE SKIP LOCKED LIMIT 1)`, so several server processes on one PostgreSQL never
 * claim one job twice; every state change after the claim is fenced by `locked_by` and the
 * attempt number, so a worker that lost its job to another cannot finish it too.
 */
export function createJobWorker(database: Database, options: JobWorkerOptions = {}): JobWorker {
  const concurrency = options.concurrency ?? Math.max(2, availableParallelism());
  const pollMs = options.pollMs ?? 2000;
  const leaseMs = options.leaseMs ?? 60_000;
  const logger = options.logger;
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const handlers = new Map<string, JobHandler>();
  const runningByKind = new Map<string, number>();
  const running = new Set<Promise<void>>();
  const runningJobs = new Map<number, { kind: string; attempt: number; startedAt: number }>();
  let started = false;
  let stopping = false;
  let filling: Promise<void> | undefined;
  let fillAgain = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryAt = Infinity;
  let unlisten: (() => Promise<void>) | undefined;
  let stopped: Promise<void> | undefined;

  const kindsWithRoom = (): string[] => {
    if (running.size >= concurrency) return [];
    return [...handlers]
      .filter(
        ([kind, handler]) => (runningByKind.get(kind) ?? 0) < (handler.concurrency ?? concurrency),
      )
      .map(([kind]) => kind);
  };

  const schedulePoll = () => {
    clearTimeout(pollTimer);
    if (stopping) return;
    pollTimer = setTimeout(wake, pollMs);
  };

  /** Wakes when this worker's own retry is due, sooner than the next poll would. */
  const scheduleRetry = (delayMs: number) => {
    const at = Date.now() + delayMs;
    if (stopping || at >= retryAt) return;
    clearTimeout(retryTimer);
    retryAt = at;
    retryTimer = setTimeout(() => {
      retryAt = Infinity;
      wake();
    }, delayMs);
  };

  const claim = async (kinds: string[]): Promise<ClaimedJob | undefined> => {
    const [row] = await database.query<ClaimedRow>(
      `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_at = now(), locked_by = $1
       WHERE id = (
         SELECT id FROM jobs
         WHERE kind = ANY($2::text[])
           AND ((status = 'queued' AND run_at <= now())
             OR (status = 'running' AND locked_at < now() - make_interval(secs => $3)))
         ORDER BY run_at, id
         FOR UPDATE SKIP LOCKED
         LIMIT 1)
       RETURNING id, kind, payload, attempts, max_attempts, request_id`,
      [id, kinds, leaseMs / 1000],
    );
    return (
      row && {
        id: Number(row.id),
        kind: row.kind,
        payload: row.payload,
        attempt: row.attempts,
        maxAttempts: row.max_attempts,
        requestId: row.request_id,
      }
    );
  };

  /** Runs `record` in the transaction that changes the job's row, if the job is still ours. */
  const finish = (
    job: RunningJob,
    change: string,
    values: unknown[],
    record?: (tx: Queryable) => Promise<void>,
  ): Promise<boolean> =>
    database.transaction(async (tx) => {
      const [row] = await tx.query(`UPDATE jobs SET ${change} WHERE ${OURS} RETURNING id`, [
        job.id,
        id,
        job.attempt,
        ...values,
      ]);
      if (!row) return false;
      await record?.(tx);
      return true;
    });

  const fail = async (
    job: RunningJob,
    payload: JobPayload,
    handler: JobHandler,
    error: unknown,
    log: JobLogger | undefined,
  ): Promise<AttemptOutcome> => {
    const forGood = error instanceof PermanentJobError || job.attempt >= job.maxAttempts;
    if (forGood) {
      const failed = await finish(
        job,
        `status = 'failed', last_error = $4, locked_at = NULL, finished_at = now()`,
        [errorText(error)],
        handler.failed && ((tx) => handler.failed!(tx, payload, error, job)),
      );
      if (failed) log?.error({ err: error, attempt: job.attempt }, 'job failed for good');
      return failed ? 'failed' : 'lost';
    }
    const delayMs = retryDelayMs(handler.backoffMs ?? 5000, job.attempt);
    const retried = await finish(
      job,
      `status = 'queued', last_error = $4, locked_at = NULL, locked_by = NULL,
       run_at = now() + make_interval(secs => $5)`,
      [errorText(error), delayMs / 1000],
    );
    if (!retried) return 'lost';
    log?.warn(
      { err: error, attempt: job.attempt, retryInMs: delayMs },
      'job failed; it is tried again',
    );
    scheduleRetry(delayMs);
    return 'retried';
  };

  const execute = async (
    claimed: ClaimedJob,
    handler: JobHandler,
    log: JobLogger | undefined,
  ): Promise<AttemptOutcome> => {
    const lost = new AbortController();
    const job: RunningJob = { ...claimed, signal: lost.signal };
    const { payload } = claimed;
    const startedAt = Date.now();
    const renew = async () => {
      const [row] = await database.query(
        `UPDATE jobs SET locked_at = now() WHERE ${OURS} RETURNING id`,
        [job.id, id, job.attempt],
      );
      if (!row) lost.abort(new Error('The job was taken over by another worker'));
    };
    const heartbeat = setInterval(() => {
      renew().catch((error: unknown) =>
        log?.warn({ err: error }, 'could not renew the lock of a job'),
      );
    }, leaseMs / 3);
    try {
      if (job.attempt > job.maxAttempts) {
        // Claimed again after its worker died on the last attempt: not run once more.
        throw new PermanentJobError(
          `Its worker stopped before finishing it, on each of its ${job.maxAttempts} attempts`,
        );
      }
      const result = await handler.run(payload, job);
      let recorded = false;
      try {
        recorded = await finish(
          job,
          `status = 'done', result = $4::jsonb, last_error = NULL, locked_at = NULL, finished_at = now()`,
          [JSON.stringify(result ?? null)],
          handler.done && ((tx) => handler.done!(tx, payload, result, job)),
        );
      } finally {
        if (!recorded) await handler.discard?.(payload, result);
      }
      if (recorded) log?.info?.({ attempt: job.attempt, ms: Date.now() - startedAt }, 'job done');
      else log?.warn({ attempt: job.attempt }, 'job lost: another worker had taken it over');
      return recorded ? 'done' : 'lost';
    } catch (error) {
      return await fail(job, payload, handler, error, log);
    } finally {
      clearInterval(heartbeat);
    }
  };

  const launch = (job: ClaimedJob) => {
    const handler = handlers.get(job.kind)!;
    runningByKind.set(job.kind, (runningByKind.get(job.kind) ?? 0) + 1);
    runningJobs.set(job.id, { kind: job.kind, attempt: job.attempt, startedAt: Date.now() });
    // Its lines carry its id and kind, and the id of the request that queued it.
    const ids = {
      ...(job.requestId ? { reqId: job.requestId } : {}),
      job: { id: job.id, kind: job.kind },
    };
    const log = logger?.child?.(ids) ?? logger;
    // A job woken while a request was handled is not that request's (its audit entries get no
    // device of it); what it logs and queues is about its own request.
    const task = withJobContext({ requestId: job.requestId ?? undefined, job: ids.job }, () =>
      outsideRequestClient(() => execute(job, handler, log)),
    )
      .catch((error: unknown) => {
        // The job's row could not be updated (the database is down): its lease expires and
        // another claim retries it.
        log?.error({ err: error }, 'could not record the outcome of a job');
        return 'lost' as const;
      })
      .then((outcome) => {
        try {
          options.onAttempt?.(job.kind, outcome);
        } catch (error) {
          logger?.warn({ err: error }, 'could not count the outcome of a job');
        }
      })
      .finally(() => {
        running.delete(task);
        runningJobs.delete(job.id);
        runningByKind.set(job.kind, runningByKind.get(job.kind)! - 1);
        wake();
      });
    running.add(task);
  };

  /** Claims due jobs while there is room, one claim at a time. */
  const fill = async () => {
    try {
      do {
        fillAgain = false;
        for (;;) {
          const kinds = stopping ? [] : kindsWithRoom();
          if (kinds.length === 0) break;
          const job = await claim(kinds);
          if (!job) break;
          launch(job);
        }
      } while (fillAgain && !stopping);
    } catch (error) {
      logger?.error({ err: error }, 'could not claim a job');
    }
  };

  function wake(): void {
    if (!started || stopping) return;
    if (filling) {
      fillAgain = true;
      return;
    }
    // Not the context of whoever woke it (a request): the next polls belong to no request.
    filling = outsideLogContext(() =>
      fill().finally(() => {
        filling = undefined;
        schedulePoll();
      }),
    );
  }

  return {
    id,
    handle(kind, handler) {
      if (handlers.has(kind))
        throw new Error(`A handler for jobs of kind ${kind} is registered already`);
      handlers.set(kind, handler as unknown as JobHandler);
      wake();
    },
    async start() {
      if (started) return;
      started = true;
      try {
        unlisten = await database.listen(JOB_CHANNEL, wake, (error) =>
          logger?.warn({ err: error }, 'job notifications stopped; polling for jobs'),
        );
      } catch (error) {
        logger?.warn({ err: error }, 'cannot listen for job notifications; polling for jobs');
      }
      wake();
    },
    wake,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        clearTimeout(pollTimer);
        clearTimeout(retryTimer);
        await unlisten?.().catch((error: unknown) =>
          logger?.warn({ err: error }, 'could not stop listening for job notifications'),
        );
        // A claim under way when stopping began launches its job before it ends.
        await filling;
        while (running.size > 0) await Promise.all([...running]);
        clearTimeout(pollTimer);
      })();
      return stopped;
    },
    running() {
      const now = Date.now();
      return [...runningJobs]
        .map(([jobId, job]) => ({
          id: jobId,
          kind: job.kind,
          attempt: job.attempt,
          ms: now - job.startedAt,
        }))
        .sort((a, b) => b.ms - a.ms);
    },
  };
}
