/**
 * Batch signing (issue 30; see CONTEXT.md): creating a batch (contract/createBatchSign), signing
 * its contracts in a job kept in the database, and reading how it stands (getBatchSignInfo).
 */
import {
  PERSONAL_CONSOLE_ID,
  message,
  type BatchSignInfo,
  type BatchSignItemState,
  type BatchSignStatus,
  type Locale,
  type MessageKey,
  type batchSignCreateBody,
} from '@esign/platform';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod/mini';
import type { AccessClaims } from '../auth/tokens';
import type { AppContext } from '../context';
import type { Queryable } from '../db';
import { enqueueJob } from '../jobs/queue';
import type { JobHandler, RunningJob } from '../jobs/worker';
import { ApiError } from '../http/route';
import { requireCode } from '../sms/codes';
import { signingPartyOf, spendSignTicket, type SignTicketMethod } from '../contracts/auth-codes';
import { prepareSigner, signAsParty, type PreparedSigner } from '../contracts/sign';

/** The kind of the job that signs a batch's contracts. */
export const BATCH_SIGN_JOB = 'contracts.batch-sign';

/**
 * A batch's job is tried this often: each try signs what is left, so a retry after a lost
 * database, or a claim after the process died, only carries on.
 */
const BATCH_SIGN_ATTEMPTS = 5;

export type BatchSignBody = z.output<typeof batchSignCreateBody>;

type Context = Pick<AppContext, 'database' | 'storage' | 'key' | 'now' | 'timestamps' | 'secrets'>;

interface BatchRow {
  id: string;
  tenant_id: string;
  user_id: string;
  company_id: string | null;
  seal_id: string;
  confirmed_by: SignTicketMethod;
  ip: string;
  status: BatchSignStatus;
  total: number;
  signed: number;
  failed: number;
  created_at: Date | string;
  finished_at: Date | string | null;
}

interface ItemRow {
  position: number;
  contract_id: string;
  number: string;
  name: string;
  state: BatchSignItemState;
  reason: string | null;
  finished_at: Date | string | null;
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** The session the batch's creator had, for each signature the job makes in its name. */
function sessionOf(batch: BatchRow): AccessClaims {
  return {
    tenantId: batch.tenant_id,
    userId: Number(batch.user_id),
    companyId: batch.company_id === null ? PERSONAL_CONSOLE_ID : Number(batch.company_id),
  };
}

/** Why an item could not be signed, as a message key (a refusal's own, or a general one). */
function reasonOf(error: unknown): MessageKey | null {
  if (error instanceof ApiError && error.status < 500) return error.text;
  return null;
}

/**
 * contract/createBatchSign: checks each contract as base/sendAuthCode does (the session may sign
 * it now: seen by its console, in a status that allows signing, its own party, at its turn, before
 * the deadline); those refused become `failed` items at once with their reason. With none left it
 * refuses the whole batch (409 'batchSignNothingToSign') and spends nothing. Otherwise it spends
 * the confirmation once — the SMS code, or the ticket earned for `ids[0]` — and, in one
 * transaction, stores the batch and its items and queues its job. Answers the batch.
 */
export async function createBatchSign(
  context: Context,
  session: AccessClaims,
  ip: string,
  body: BatchSignBody,
  locale: Locale,
): Promise<BatchSignInfo> {
  const { database, key } = context;
  const refusals = new Map<number, MessageKey>();
  for (const id of body.ids) {
    try {
      await signingPartyOf(database, session, ip, id);
    } catch (error) {
      const reason = reasonOf(error);
      if (reason === null) throw error;
      refusals.set(id, reason);
    }
  }
  if (refusals.size === body.ids.length) {
    throw new ApiError('batchSignNothingToSign', 409, 409, {
      refused: body.ids.map((id) => ({ contractId: String(id), reasonCode: refusals.get(id) })),
    });
  }

  let confirmedBy: SignTicketMethod;
  if (body.code !== undefined) {
    const [user] = await database.query<{ phone: string }>(
      'SELECT phone FROM users WHERE id = $1 AND tenant_id = $2',
      [session.userId, session.tenantId],
    );
    if (!user) throw new ApiError('loginExpired', 401);
    await requireCode(
      context,
      { tenantId: session.tenantId, phone: user.phone, purpose: 'sign' },
      body.code,
      { spend: true },
    );
    confirmedBy = 'sms';
  } else {
    const holder = {
      tenantId: session.tenantId,
      contractId: body.ids[0]!,
      userId: Number(session.userId),
    };
    const method = await spendSignTicket(database, key, holder, body.ticket!);
    if (!method) throw new ApiError('signTicketInvalid', 403);
    confirmedBy = method;
  }

  const id = await database.transaction(async (tx) => {
    const [batch] = await tx.query<{ id: string }>(
      `INSERT INTO batch_signs (tenant_id, user_id, company_id, seal_id, confirmed_by, ip, total,
         failed)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        session.tenantId,
        session.userId,
        session.companyId === PERSONAL_CONSOLE_ID ? null : session.companyId,
        body.sealId,
        confirmedBy,
        ip,
        body.ids.length,
        refusals.size,
      ],
    );
    const batchId = Number(batch!.id);
    await tx.query(
      `INSERT INTO batch_sign_items (batch_id, position, contract_id, state, reason, finished_at)
       SELECT $1, item.position - 1, item.contract_id,
         CASE WHEN item.reason IS NULL THEN 'waiting' ELSE 'failed' END, item.reason,
         CASE WHEN item.reason IS NULL THEN NULL ELSE now() END
       FROM unnest($2::bigint[], $3::text[]) WITH ORDINALITY AS item (contract_id, reason, position)`,
      [batchId, body.ids, body.ids.map((contractId) => refusals.get(contractId) ?? null)],
    );
    await enqueueJob(tx, BATCH_SIGN_JOB, { batchId }, { maxAttempts: BATCH_SIGN_ATTEMPTS });
    return batchId;
  });
  return (await readBatch(database, session, id, locale))!;
}

/**
 * The batch `id` as its creator sees it, in the console it was created in; null for anyone else
 * (another user, another console of the same user, another tenant): a batch is its creator's.
 */
export async function readBatch(
  sql: Pick<Queryable, 'query'>,
  session: AccessClaims,
  id: number,
  locale: Locale,
): Promise<BatchSignInfo | null> {
  const [batch] = await sql.query<BatchRow>(
    `SELECT * FROM batch_signs
     WHERE id = $1 AND tenant_id = $2 AND user_id = $3 AND company_id IS NOT DISTINCT FROM $4`,
    [
      id,
      session.tenantId,
      session.userId,
      session.companyId === PERSONAL_CONSOLE_ID ? null : session.companyId,
    ],
  );
  if (!batch) return null;
  const items = await sql.query<ItemRow>(
    `SELECT i.position, i.contract_id, coalesce(c.number, '') AS number,
       coalesce(c.name, '') AS name, i.state, i.reason, i.finished_at
     FROM batch_sign_items i
     LEFT JOIN contracts c ON c.id = i.contract_id AND i.reason IS DISTINCT FROM 'notFound'
     WHERE i.batch_id = $1 ORDER BY i.position`,
    [id],
  );
  return {
    id: String(batch.id),
    status: batch.status,
    sealId: batch.seal_id,
    confirmedBy: batch.confirmed_by,
    createdAt: iso(batch.created_at)!,
    finishedAt: iso(batch.finished_at),
    total: batch.total,
    signed: batch.signed,
    failed: batch.failed,
    remaining: batch.total - batch.signed - batch.failed,
    items: items.map((item) => ({
      contractId: String(item.contract_id),
      number: item.number,
      name: item.name,
      state: item.state,
      reason: item.reason === null ? null : message(item.reason, locale),
      reasonCode: item.reason,
      finishedAt: iso(item.finished_at),
    })),
  };
}

/** Settles a failed item (unless it was settled already) and counts it. */
async function failItem(
  sql: Pick<Queryable, 'query'>,
  batchId: number,
  position: number,
  reason: MessageKey,
): Promise<void> {
  await sql.query(
    `WITH failed AS (
       UPDATE batch_sign_items SET state = 'failed', reason = $3, finished_at = now()
       WHERE batch_id = $1 AND position = $2 AND state IN ('waiting', 'signing') RETURNING 1)
     UPDATE batch_signs SET failed = failed + (SELECT count(*) FROM failed) WHERE id = $1`,
    [batchId, position, reason],
  );
}

/** Marks the batch finished once nothing is left (idempotent). */
async function finishBatch(sql: Pick<Queryable, 'query'>, batchId: number): Promise<void> {
  await sql.query(
    `UPDATE batch_signs SET status = 'finished', finished_at = now()
     WHERE id = $1 AND status = 'running' AND signed + failed = total`,
    [batchId],
  );
}

/**
 * Signs the batch's items that are not settled, in order, each through `signAsParty` — the path
 * of contract/sign, with its seal check, PAdES signature, audit entry and messages — confirmed by
 * settling the item in the signing transaction itself: the item becomes `signed` exactly when the
 * signature commits. An item refused (withdrawn meanwhile, the seal not allowed for its template,
 * signed meanwhile by another batch or window, an approval required…) fails with its reason and
 * the batch goes on. Anything else (the database or the storage down) throws: the job is retried
 * and carries on where it stopped. Gives the batch's counts.
 */
export async function runBatch(
  context: Context,
  batchId: number,
  log: FastifyBaseLogger,
  signal?: AbortSignal,
): Promise<{ signed: number; failed: number }> {
  const { database } = context;
  const [batch] = await database.query<BatchRow>('SELECT * FROM batch_signs WHERE id = $1', [
    batchId,
  ]);
  if (!batch) return { signed: 0, failed: 0 };
  const session = sessionOf(batch);
  // The signer's identity and certificate, once for the batch; when they cannot be prepared, each
  // signature prepares them itself and fails with the single path's refusal.
  const signer: PreparedSigner | undefined = await prepareSigner(context, session).catch(
    () => undefined,
  );
  for (;;) {
    signal?.throwIfAborted();
    const [item] = await database.query<{ position: number; contract_id: string }>(
      `UPDATE batch_sign_items SET state = 'signing'
       WHERE (batch_id, position) = (
         SELECT batch_id, position FROM batch_sign_items
         WHERE batch_id = $1 AND state IN ('waiting', 'signing') ORDER BY position LIMIT 1)
       RETURNING position, contract_id`,
      [batchId],
    );
    if (!item) break;
    try {
      await signAsParty(context, {
        session,
        locale: 'en',
        ip: batch.ip,
        contractId: Number(item.contract_id),
        sealId: batch.seal_id,
        log,
        signer,
        confirm: async (act) => {
          const settled = await act.tx.query(
            `UPDATE batch_sign_items SET state = 'signed', finished_at = now()
             WHERE batch_id = $1 AND position = $2 AND state IN ('waiting', 'signing')
             RETURNING 1`,
            [batchId, item.position],
          );
          // Settled by another run of this batch (a worker presumed dead that was not): the
          // signature is that run's.
          if (settled.length === 0) throw new ApiError('partyAlreadySigned', 409);
          await act.tx.query('UPDATE batch_signs SET signed = signed + 1 WHERE id = $1', [batchId]);
          return batch.confirmed_by;
        },
      });
    } catch (error) {
      const reason = reasonOf(error);
      if (reason === null) throw error;
      await failItem(database, batchId, item.position, reason);
    }
  }
  await finishBatch(database, batchId);
  const [counts] = await database.query<{ signed: number; failed: number }>(
    'SELECT signed, failed FROM batch_signs WHERE id = $1',
    [batchId],
  );
  return counts!;
}

/**
 * The batch job's handler. One batch at a time in a process (`concurrency: 1`), so that a batch
 * of a hundred leaves the process room for everyone else's calls; batches of several people run
 * side by side on several processes. Failing for good (every attempt lost) fails what is left
 * with 'batchSignInterrupted' and finishes the batch, so the page never waits for ever.
 */
export function batchSignHandler(
  context: Context,
  log: FastifyBaseLogger,
): JobHandler<{ batchId: number }, { signed: number; failed: number }> {
  return {
    concurrency: 1,
    backoffMs: 2000,
    run: ({ batchId }, job: RunningJob) => runBatch(context, batchId, log, job.signal),
    async failed(tx, { batchId }) {
      const left = await tx.query<{ position: number }>(
        `SELECT position FROM batch_sign_items
         WHERE batch_id = $1 AND state IN ('waiting', 'signing')`,
        [batchId],
      );
      for (const { position } of left) {
        await failItem(tx, batchId, position, 'batchSignInterrupted');
      }
      await finishBatch(tx, batchId);
    },
  };
}
