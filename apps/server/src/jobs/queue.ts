import type { Queryable } from '../db';
import { currentRequestId } from '../http/request-context';

/** The channel `enqueueJob` notifies, so that idle workers claim a new job at once. */
export const JOB_CHANNEL = 'esign_jobs';

/** What a job carries to its handler: plain JSON, stored as jsonb. */
export type JobPayload = Record<string, unknown>;

export interface EnqueueOptions {
  /** Run no sooner than this many milliseconds from now (0 by default: at once). */
  delayMs?: number;
  /** How many times it is tried before it fails for good (3 by default). */
  maxAttempts?: number;
}

/**
 * Adds a job of `kind` for a worker to run. Given a transaction, the job exists (and idle workers
 * are woken) only once that transaction commits, so a job is never about a row that was rolled
 * back. Gives the job's id.
 */
export async function enqueueJob(
  db: Pick<Queryable, 'query'>,
  kind: string,
  payload: JobPayload,
  { delayMs = 0, maxAttempts = 3 }: EnqueueOptions = {},
): Promise<number> {
  const [job] = await db.query<{ id: string }>(
    `INSERT INTO jobs (kind, payload, max_attempts, run_at, request_id)
     VALUES ($1, $2::jsonb, $3, now() + make_interval(secs => $4), $5) RETURNING id`,
    // The request being handled (or the one that queued the running job): the job's log lines
    // name it too (http/request-context.ts).
    [kind, JSON.stringify(payload), maxAttempts, delayMs / 1000, currentRequestId() ?? null],
  );
  // Delivered when the surrounding transaction commits; dropped with it on a rollback.
  await db.query('SELECT pg_notify($1, $2)', [JOB_CHANNEL, kind]);
  return Number(job!.id);
}
