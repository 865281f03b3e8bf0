import { createHash } from 'node:crypto';
import {
  CONTRACT_STATUSES,
  MESSAGE_REDIRECT,
  nextStatus,
  type ContractStatus,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import { endPendingApproval } from '../approvals/end';
import { appendAudit } from '../audit/audit-trail';
import type { AppContext } from '../context';
import type { Database, Queryable } from '../db';
import { enqueueJob } from '../jobs/queue';
import type { JobHandler } from '../jobs/worker';
import { refreshTurns } from './turn';

/** The job that expires the contracts whose signing deadline has passed (one row, rescheduling itself). */
export const EXPIRY_JOB = 'contracts.expire-due';
/** Contracts expired in one transaction. */
export const EXPIRY_BATCH = 500;
/** The sweep runs at least this often, so a deadline written without `scheduleExpiry` is late by no more. */
export const EXPIRY_SWEEP_MAX_WAIT_MS = 60_000;
/** Due contracts another transaction held (a signature under way) are tried again this soon. */
const HELD_RETRY_MS = 5_000;
/** Finished sweeps are kept this long (one a minute at least), then removed by the next one. */
const FINISHED_SWEEPS_KEPT = '1 day';

/** The statuses the `expire` action leaves, read from the platform's table: filling, approving, signing. */
export const EXPIRABLE_STATUSES: readonly ContractStatus[] = CONTRACT_STATUSES.filter(
  (status) => nextStatus(status, 'expire').ok,
);

/**
 * What the audit trail records as the document of a contract with no entry yet (no PDF hashed):
 * SHA-256 of no bytes. Otherwise expiring leaves the document as the last entry recorded it.
 */
export const NO_DOCUMENT_SHA256 = createHash('sha256').digest('hex');

/**
 * The message-centre notice, in both languages (stored apart, migration 26: each reader sees
 * theirs); %1$s is the contract's name, %2$s its number.
 */
const EXPIRY_NOTICE = {
  en: {
    title: 'Contract expired',
    content:
      '“%1$s” (No. %2$s) expired: its signing deadline passed before every party signed. It can no longer be filled in or signed.',
  },
  zh: {
    title: '合同已过期',
    content:
      '合同“%1$s”（编号 %2$s）已过签署截止时间，仍有签署方未签署，现已失效，不能再填写或签署。',
  },
} as const;

interface DueContract {
  id: string;
  tenant_id: string;
  status: ContractStatus;
  signing_deadline: Date | string;
}

/**
 * Expires up to `limit` due contracts in one transaction: those in an expirable status whose
 * `signing_deadline` has passed, locked FOR UPDATE SKIP LOCKED so that sweeps in several processes
 * never take one contract twice. Each gets status `expired`, one audit entry (`expire`, by the
 * platform) and a message for its initiator and every party with an account. Gives how many.
 */
async function expireBatch(tx: Queryable, limit: number): Promise<number> {
  const due = await tx.query<DueContract>(
    `SELECT id, tenant_id, status, signing_deadline FROM contracts
     WHERE status = ANY($1::text[]) AND signing_deadline <= now()
     ORDER BY signing_deadline, id
     LIMIT $2
     FOR UPDATE SKIP LOCKED`,
    [EXPIRABLE_STATUSES, limit],
  );
  if (due.length === 0) return 0;
  const ids = due.map((contract) => contract.id);
  const documents = new Map(
    (
      await tx.query<{ contract_id: string; document_sha256: string }>(
        `SELECT DISTINCT ON (contract_id) contract_id, document_sha256 FROM audit_entries
         WHERE contract_id = ANY($1::bigint[]) ORDER BY contract_id, seq DESC`,
        [ids],
      )
    ).map((row) => [String(row.contract_id), row.document_sha256]),
  );
  for (const contract of due) {
    const next = nextStatus(contract.status, 'expire');
    if (!next.ok) throw new Error(`contract ${contract.id} in ${contract.status} cannot expire`);
    await tx.query('UPDATE contracts SET status = $2, updated_at = now() WHERE id = $1', [
      contract.id,
      next.to,
    ]);
    await endPendingApproval(tx, contract.id);
    await appendAudit(tx, {
      tenantId: contract.tenant_id,
      contractId: Number(contract.id),
      action: 'expire',
      actorUserId: null,
      companyId: null,
      ip: null,
      documentSha256: documents.get(String(contract.id)) ?? NO_DOCUMENT_SHA256,
      details: {
        from: contract.status,
        signingDeadline: new Date(contract.signing_deadline).toISOString(),
      },
    });
  }
  // One message per person and console: the initiator in the console that initiated it, each
  // party with an account in the company it signs for (or personally). Opening it leads to the
  // contract.
  await tx.query(
    `WITH recipients AS (
       SELECT id AS contract_id, initiator_user_id AS user_id, company_id
       FROM contracts WHERE id = ANY($1::bigint[])
       UNION
       SELECT contract_id, user_id, company_id FROM contract_participants
       WHERE contract_id = ANY($1::bigint[]) AND user_id IS NOT NULL)
     INSERT INTO messages (tenant_id, user_id, company_id, title, content, title_zh, content_zh,
       redirect_type, business_id)
     SELECT c.tenant_id, r.user_id, r.company_id, $2, format($3, c.name, c.number),
       $4, format($5, c.name, c.number), $6, c.id::text
     FROM recipients r JOIN contracts c ON c.id = r.contract_id
     ORDER BY r.contract_id, r.user_id`,
    [
      ids,
      EXPIRY_NOTICE.en.title,
      EXPIRY_NOTICE.en.content,
      EXPIRY_NOTICE.zh.title,
      EXPIRY_NOTICE.zh.content,
      MESSAGE_REDIRECT.contract,
    ],
  );
  // An expired contract waits for nobody.
  await refreshTurns(tx, ids.map(Number));
  return due.length;
}

/**
 * Expires every contract whose signing deadline has passed, `batchSize` per transaction, until
 * none is left that another transaction does not hold. Safe to run in several processes at once.
 * Gives how many this call expired.
 */
export async function expireDueContracts(
  database: Database,
  { batchSize = EXPIRY_BATCH, signal }: { batchSize?: number; signal?: AbortSignal } = {},
): Promise<number> {
  let expired = 0;
  for (;;) {
    signal?.throwIfAborted();
    const count = await database.transaction((tx) => expireBatch(tx, batchSize));
    expired += count;
    if (count < batchSize) return expired;
  }
}

/** Serialises the decisions about the sweep's one queued row, across processes. */
async function lockSweepSchedule(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [EXPIRY_JOB]);
}

/**
 * Makes the queued sweep run no later than `at` (the database's clock decides what is past): moves
 * the queued run earlier, or queues one when there is none (also while one runs, so that a deadline
 * written during a sweep is not missed). Never adds a second queued sweep.
 */
async function sweepNoLaterThan(tx: Queryable, at: Date): Promise<void> {
  await lockSweepSchedule(tx);
  const [queued] = await tx.query<{ id: string }>(
    `UPDATE jobs SET run_at = LEAST(run_at, $2::timestamptz)
     WHERE id = (SELECT id FROM jobs WHERE kind = $1 AND status = 'queued' ORDER BY run_at LIMIT 1)
     RETURNING id`,
    [EXPIRY_JOB, at.toISOString()],
  );
  if (queued) return;
  const [wait] = await tx.query<{ ms: number }>(
    `SELECT GREATEST(0, extract(epoch FROM ($1::timestamptz - now())) * 1000)::float8 AS ms`,
    [at.toISOString()],
  );
  await enqueueJob(tx, EXPIRY_JOB, {}, { delayMs: wait!.ms, maxAttempts: 5 });
}

/**
 * Pulls the next sweep forward to a contract's signing deadline, in the transaction that writes
 * that deadline (the create call, a deadline change): the contract then expires at its deadline
 * (give or take the workers' poll), not up to `EXPIRY_SWEEP_MAX_WAIT_MS` later. A later deadline
 * needs no call; a deadline that is already past expires at the next claim.
 */
export async function scheduleExpiry(tx: Queryable, signingDeadline: Date): Promise<void> {
  await sweepNoLaterThan(tx, signingDeadline);
}

/**
 * At the app's start: queues a sweep now unless one is queued or running. Under an advisory lock,
 * so two servers starting together on one PostgreSQL queue one; a sweep left by a stopped server
 * is a row, and runs again.
 */
export async function ensureExpirySweep(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    await lockSweepSchedule(tx);
    const [pending] = await tx.query(
      `SELECT 1 FROM jobs WHERE kind = $1 AND status IN ('queued', 'running') LIMIT 1`,
      [EXPIRY_JOB],
    );
    if (!pending) await enqueueJob(tx, EXPIRY_JOB, {}, { maxAttempts: 5 });
  });
}

/**
 * Queues the next sweep, in the transaction that finishes this one: at the earliest future
 * deadline, within `EXPIRY_SWEEP_MAX_WAIT_MS`; soon when due contracts were held by others.
 */
async function scheduleNextSweep(tx: Queryable): Promise<void> {
  const [next] = await tx.query<{ at: Date | string }>(
    `SELECT CASE
       WHEN count(*) FILTER (WHERE signing_deadline <= now()) > 0
         THEN now() + make_interval(secs => $2)
       ELSE LEAST(min(signing_deadline), now() + make_interval(secs => $3))
     END AS at
     FROM contracts WHERE status = ANY($1::text[]) AND signing_deadline IS NOT NULL`,
    [EXPIRABLE_STATUSES, HELD_RETRY_MS / 1000, EXPIRY_SWEEP_MAX_WAIT_MS / 1000],
  );
  await sweepNoLaterThan(tx, new Date(next!.at));
  await tx.query(
    `DELETE FROM jobs WHERE kind = $1 AND status = 'done'
       AND finished_at < now() - $2::interval`,
    [EXPIRY_JOB, FINISHED_SWEEPS_KEPT],
  );
}

/** The sweep's handler: expires what is due, then queues the next sweep as it finishes. */
export function expiryHandler(
  database: Database,
): JobHandler<Record<string, never>, { expired: number }> {
  return {
    concurrency: 1,
    async run(_payload, job) {
      return { expired: await expireDueContracts(database, { signal: job.signal }) };
    },
    done: (tx) => scheduleNextSweep(tx),
    // Failing for good must not end the chain of sweeps.
    failed: (tx) => scheduleNextSweep(tx),
  };
}

/**
 * Contracts expire at their signing deadline without anyone looking: registers the sweep's
 * handler with this process's worker and makes sure a sweep is queued.
 */
export async function contractExpiry(_app: FastifyInstance, context: AppContext): Promise<void> {
  context.jobs.handle(EXPIRY_JOB, expiryHandler(context.database));
  await ensureExpirySweep(context.database);
}
