/**
 * Deliveries of events to callbacks (issue 34; CONTEXT.md says why each rule is so). A delivery is
 * a row of `callback_deliveries`, made in the transaction of the contract action that raised its
 * event (from the audit trail); each attempt is a job (`callbacks.deliver`) that records what it got
 * in the transaction finishing the job, and queues the next attempt there when one is due. A
 * recurring job (`callbacks.prune`) removes old attempt records.
 */
import {
  CALLBACK_ATTEMPTS_KEPT_DAYS,
  CALLBACK_GIVE_UP_HOURS,
  CALLBACK_TEST_EVENT,
  type CallbackAttempt,
  type CallbackDelivery,
  type CallbackDeliveryStatus,
  type Page,
} from '@esign/platform';
import type { AppContext } from '../context';
import type { Database, Queryable } from '../db';
import { ApiError } from '../http/route';
import { enqueueJob } from '../jobs/queue';
import type { JobHandler } from '../jobs/worker';
export { CALLBACK_DELIVERY_JOB } from './events';
import type { AccessOwner } from './access-parties';
import { callbackRow, SIGNING_SECRET_LABEL } from './callbacks';
import { checkOutboundUrl, OutboundRefusal, postOutbound, type OutboundAnswer } from './outbound';
import { callbackSettings } from './settings';
import { CALLBACK_DELIVERY_JOB, queueDelivery } from './events';
import { callbackRetryDelayMs, webhookHeaders } from './webhooks';

type Db = Pick<Queryable, 'query'>;

export const CALLBACK_PRUNE_JOB = 'callbacks.prune';
/** The prune runs at every start and then this often. */
export const CALLBACK_PRUNE_INTERVAL_MS = 6 * 3_600_000;
/** A delivery keeps its latest attempts only (manual resends could otherwise add without end). */
export const CALLBACK_ATTEMPTS_PER_DELIVERY = 50;

const HOUR_MS = 3_600_000;

/** The job of one attempt: the delivery and which attempt (its `attempts` + 1 when queued). */
interface DeliveryPayload extends Record<string, unknown> {
  deliveryId: number;
  attempt: number;
}

/** What an attempt's run found, for its `done` to record. */
type AttemptResult =
  | { kind: 'skipped' }
  | { kind: 'ended'; reason: string }
  | ({ kind: 'attempted'; at: string } & OutboundAnswer);

// ---- Reading and acting on deliveries ----

interface DeliveryRow {
  id: string;
  message_id: string;
  event_type: CallbackDelivery['eventType'];
  contract_id: string | null;
  status: CallbackDeliveryStatus;
  attempts: number;
  next_attempt_at: Date | string | null;
  created_at: Date | string;
  delivered_at: Date | string | null;
  body: string;
}

interface AttemptRow {
  delivery_id: string;
  attempt: number;
  at: Date | string;
  duration_ms: number;
  status_code: number | null;
  response_excerpt: string;
  error: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

async function toDeliveries(db: Db, rows: DeliveryRow[]): Promise<CallbackDelivery[]> {
  const attempts = await db.query<AttemptRow>(
    `SELECT delivery_id, attempt, at, duration_ms, status_code, response_excerpt, error
       FROM callback_attempts WHERE delivery_id = ANY($1::bigint[])
      ORDER BY delivery_id, attempt DESC`,
    [rows.map((row) => row.id)],
  );
  const byDelivery = new Map<string, CallbackAttempt[]>();
  for (const row of attempts) {
    const list = byDelivery.get(String(row.delivery_id)) ?? [];
    list.push({
      attempt: Number(row.attempt),
      at: iso(row.at),
      durationMs: Number(row.duration_ms),
      statusCode: row.status_code === null ? null : Number(row.status_code),
      response: row.response_excerpt,
      error: row.error,
    });
    byDelivery.set(String(row.delivery_id), list);
  }
  return rows.map((row) => ({
    id: String(row.id),
    messageId: row.message_id,
    eventType: row.event_type,
    contractId: row.contract_id === null ? null : String(row.contract_id),
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt:
      row.status === 'pending' && row.next_attempt_at !== null ? iso(row.next_attempt_at) : null,
    createdAt: iso(row.created_at),
    deliveredAt: row.delivered_at === null ? null : iso(row.delivered_at),
    body: row.body,
    attemptLog: byDelivery.get(String(row.id)) ?? [],
  }));
}

const DELIVERY_COLUMNS = `d.id, d.message_id, d.event_type, d.contract_id, d.status, d.attempts,
  d.next_attempt_at, d.created_at, d.delivered_at, d.body`;

/** A page of a callback's deliveries (of the owner's company), newest first, each with its attempts. */
export async function listDeliveries(
  database: Database,
  owner: AccessOwner,
  query: {
    callbackId: number;
    current: number;
    size: number;
    status?: CallbackDeliveryStatus | undefined;
  },
): Promise<Page<CallbackDelivery>> {
  await callbackRow(database, owner, query.callbackId);
  const params: unknown[] = [query.callbackId];
  let where = 'd.callback_id = $1';
  if (query.status) {
    params.push(query.status);
    where += ` AND d.status = $${params.length}`;
  }
  const rows = await database.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM callback_deliveries d WHERE ${where}
     ORDER BY d.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.size, (query.current - 1) * query.size],
  );
  const [count] = await database.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM callback_deliveries d WHERE ${where}`,
    params,
  );
  return {
    records: await toDeliveries(database, rows),
    total: count!.total,
    current: query.current,
    size: query.size,
  };
}

async function deliveryOf(db: Db, id: number): Promise<CallbackDelivery> {
  const rows = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM callback_deliveries d WHERE d.id = $1`,
    [id],
  );
  const [delivery] = await toDeliveries(db, rows);
  return delivery!;
}

/**
 * Sends a delivery that ended (delivered or given up) again: a new round of attempts with the
 * same `webhook-id` and body, from now, with the callback's retries and the day's limit counted
 * from now. 409 while it is still being attempted or while the callback is disabled.
 */
export async function resendDelivery(
  database: Database,
  owner: AccessOwner,
  id: number,
  now: Date,
): Promise<CallbackDelivery> {
  return database.transaction(async (tx) => {
    const [row] = await tx.query<{ status: string; attempts: number; callback_id: string }>(
      `SELECT d.status, d.attempts, d.callback_id FROM callback_deliveries d
        WHERE d.id = $1 AND d.tenant_id = $2 AND d.company_id = $3 FOR UPDATE`,
      [id, owner.tenantId, owner.companyId],
    );
    if (!row) throw new ApiError('notFound', 404);
    const callback = await callbackRow(tx, owner, Number(row.callback_id));
    if (!callback.enabled) throw new ApiError('callbackDisabled', 409);
    if (row.status === 'pending') throw new ApiError('callbackDeliveryPending', 409);
    await tx.query(
      `UPDATE callback_deliveries SET status = 'pending', round_attempts = 0, ended_at = NULL,
         next_attempt_at = $2, give_up_at = $3
       WHERE id = $1`,
      [
        id,
        now.toISOString(),
        new Date(now.getTime() + CALLBACK_GIVE_UP_HOURS * HOUR_MS).toISOString(),
      ],
    );
    await enqueueJob(
      tx,
      CALLBACK_DELIVERY_JOB,
      { deliveryId: id, attempt: Number(row.attempts) + 1 },
      { maxAttempts: 5 },
    );
    return deliveryOf(tx, id);
  });
}

/** Queues a `callback.test` event to a callback of the owner's company, now. 409 when disabled. */
export async function sendTestEvent(
  database: Database,
  owner: AccessOwner,
  callbackId: number,
  now: Date,
): Promise<CallbackDelivery> {
  return database.transaction(async (tx) => {
    const callback = await callbackRow(tx, owner, callbackId);
    if (!callback.enabled) throw new ApiError('callbackDisabled', 409);
    const id = await queueDelivery(tx, {
      tenantId: owner.tenantId,
      companyId: owner.companyId,
      callbackId,
      eventType: CALLBACK_TEST_EVENT,
      contractId: null,
      at: now,
      test: true,
      data: {
        callback: { id: String(callbackId), partyId: String(callback.party_id) },
        message: 'A test event sent from the callback configuration',
      },
    });
    return deliveryOf(tx, id);
  });
}

// ---- The attempts ----

interface DueRow {
  id: string;
  status: string;
  attempts: number;
  round_attempts: number;
  message_id: string;
  body: string;
  give_up_at: Date | string;
  callback_id: string;
  url: string;
  connect_timeout_ms: number;
  response_timeout_ms: number;
  max_retries: number;
  signing_secret_sealed: string;
  previous_signing_secret_sealed: string | null;
  previous_signing_secret_until: Date | string | null;
  callback_enabled: boolean;
  party_enabled: boolean;
}

/** Whether a status is a success (2xx): the delivery is done. */
const succeeded = (status: number | null) => status !== null && status >= 200 && status < 300;

/** What a failed attempt's answer says, for the delivery's last error. */
function failureText(answer: OutboundAnswer): string {
  if (answer.error !== null) return answer.error;
  if (answer.statusCode !== null && answer.statusCode >= 300 && answer.statusCode < 400) {
    return `Answered ${answer.statusCode}; redirects are not followed${
      answer.location ? ` (to ${answer.location.slice(0, 300)})` : ''
    }`;
  }
  return `Answered ${answer.statusCode}`;
}

/**
 * The handler of `callbacks.deliver`: one attempt of one delivery. `run` sends (outside any
 * transaction); `done` records the attempt and decides what follows, in the transaction that
 * finishes the job — it commits only while the job is still this worker's, and only when the
 * delivery is still at the attempt the job was queued for, so an attempt is recorded once.
 */
export function deliveryHandler(context: AppContext): JobHandler<DeliveryPayload, AttemptResult> {
  const { database, secrets } = context;
  return {
    concurrency: 4,
    async run({ deliveryId, attempt }, job) {
      const [due] = await database.query<DueRow>(
        `SELECT d.id, d.status, d.attempts, d.round_attempts, d.message_id, d.body, d.give_up_at,
           cb.id AS callback_id, cb.url, cb.connect_timeout_ms, cb.response_timeout_ms,
           cb.max_retries, cb.signing_secret_sealed, cb.previous_signing_secret_sealed,
           cb.previous_signing_secret_until, cb.enabled AS callback_enabled,
           p.enabled AS party_enabled
         FROM callback_deliveries d
         JOIN access_callbacks cb ON cb.id = d.callback_id
         JOIN access_parties p ON p.id = cb.party_id
         WHERE d.id = $1`,
        [deliveryId],
      );
      if (!due || due.status !== 'pending' || Number(due.attempts) !== attempt - 1) {
        return { kind: 'skipped' };
      }
      if (!due.callback_enabled || !due.party_enabled) {
        return { kind: 'ended', reason: 'Not sent: the callback or its access party is disabled' };
      }
      const now = context.now();
      if (now > new Date(due.give_up_at)) {
        return {
          kind: 'ended',
          reason: `Given up: no attempt is made more than ${CALLBACK_GIVE_UP_HOURS} hours after the event`,
        };
      }
      const signing = [secrets.openText(SIGNING_SECRET_LABEL, due.signing_secret_sealed)];
      if (
        due.previous_signing_secret_sealed !== null &&
        due.previous_signing_secret_until !== null &&
        new Date(due.previous_signing_secret_until) > now
      ) {
        signing.push(secrets.openText(SIGNING_SECRET_LABEL, due.previous_signing_secret_sealed));
      }
      const at = now.toISOString();
      let answer: OutboundAnswer;
      try {
        // Checked again now: the name may resolve elsewhere than when the URL was saved.
        const target = await checkOutboundUrl(due.url, {
          allowPrivate: callbackSettings(context).allowPrivate,
        });
        answer = await postOutbound({
          target,
          headers: webhookHeaders(
            signing,
            due.message_id,
            Math.floor(now.getTime() / 1000),
            due.body,
          ),
          body: due.body,
          connectTimeoutMs: Number(due.connect_timeout_ms),
          responseTimeoutMs: Number(due.response_timeout_ms),
          signal: job.signal,
        });
      } catch (error) {
        if (!(error instanceof OutboundRefusal)) throw error;
        answer = {
          statusCode: null,
          excerpt: '',
          location: null,
          error: `Refused before sending: ${error.message}`,
          durationMs: 0,
        };
      }
      return { kind: 'attempted', at, ...answer };
    },
    // The attempt itself could not be made (the database or the secret box failed, each of the
    // job's tries): the delivery ends saying so, rather than waiting for a job that is gone.
    async failed(tx, { deliveryId, attempt }, error) {
      await tx.query(
        `UPDATE callback_deliveries SET status = 'failed', last_error = $3, ended_at = now(),
           next_attempt_at = NULL
         WHERE id = $1 AND status = 'pending' AND attempts = $2`,
        [
          deliveryId,
          attempt - 1,
          `Could not be attempted: ${error instanceof Error ? error.message : String(error)}`.slice(
            0,
            500,
          ),
        ],
      );
    },
    async done(tx, { deliveryId, attempt }, result) {
      if (result.kind === 'skipped') return;
      const [delivery] = await tx.query<DueRow>(
        `SELECT d.id, d.round_attempts, d.give_up_at, d.callback_id, cb.max_retries
           FROM callback_deliveries d JOIN access_callbacks cb ON cb.id = d.callback_id
          WHERE d.id = $1 AND d.status = 'pending' AND d.attempts = $2 FOR UPDATE OF d`,
        [deliveryId, attempt - 1],
      );
      if (!delivery) return;
      if (result.kind === 'ended') {
        await tx.query(
          `UPDATE callback_deliveries SET status = 'failed', last_error = $2, ended_at = $3,
             next_attempt_at = NULL WHERE id = $1`,
          [deliveryId, result.reason, context.now().toISOString()],
        );
        return;
      }
      await tx.query(
        `INSERT INTO callback_attempts (delivery_id, attempt, at, duration_ms, status_code,
           response_excerpt, error)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          deliveryId,
          attempt,
          result.at,
          result.durationMs,
          result.statusCode,
          result.excerpt,
          succeeded(result.statusCode) ? null : failureText(result),
        ],
      );
      await tx.query('DELETE FROM callback_attempts WHERE delivery_id = $1 AND attempt <= $2', [
        deliveryId,
        attempt - CALLBACK_ATTEMPTS_PER_DELIVERY,
      ]);
      const round = Number(delivery.round_attempts) + 1;
      const ended = new Date(result.at).toISOString();
      const counted = `attempts = $2, round_attempts = $3, last_status_code = $4`;
      const base = [deliveryId, attempt, round, result.statusCode];
      if (succeeded(result.statusCode)) {
        await tx.query(
          `UPDATE callback_deliveries SET ${counted}, status = 'delivered', delivered_at = $5,
             ended_at = $5, next_attempt_at = NULL, last_error = NULL WHERE id = $1`,
          [...base, ended],
        );
        return;
      }
      const giveUp = (reason: string) =>
        tx.query(
          `UPDATE callback_deliveries SET ${counted}, status = 'failed', ended_at = $5,
             next_attempt_at = NULL, last_error = $6 WHERE id = $1`,
          [...base, ended, reason],
        );
      if (result.statusCode === 410) {
        await tx.query(
          `UPDATE access_callbacks SET enabled = false, disabled_reason = 'gone', disabled_at = $2
           WHERE id = $1`,
          [delivery.callback_id, ended],
        );
        await giveUp('The endpoint answered 410 Gone: the callback was disabled');
        return;
      }
      const failure = failureText(result);
      if (round > Number(delivery.max_retries)) {
        await giveUp(`${failure}; given up after ${round} attempts`);
        return;
      }
      const delayMs = callbackRetryDelayMs(round, callbackSettings(context).retryBaseMs);
      const next = new Date(new Date(result.at).getTime() + delayMs);
      if (next > new Date(delivery.give_up_at)) {
        await giveUp(
          `${failure}; given up: the next attempt would come more than ${CALLBACK_GIVE_UP_HOURS} hours after the event`,
        );
        return;
      }
      await tx.query(
        `UPDATE callback_deliveries SET ${counted}, next_attempt_at = $5, last_error = $6
         WHERE id = $1`,
        [...base, next.toISOString(), failure],
      );
      await enqueueJob(
        tx,
        CALLBACK_DELIVERY_JOB,
        { deliveryId, attempt: attempt + 1 },
        { delayMs, maxAttempts: 5 },
      );
    },
  };
}

// ---- Pruning ----

/**
 * Removes what deliveries leave behind once old: attempt records older than
 * `CALLBACK_ATTEMPTS_KEPT_DAYS`, the deliveries that ended before then (with their attempts), and
 * the finished jobs of attempts after a day (the deliveries keep what they did). Gives how many
 * attempt records and deliveries it removed.
 */
export async function pruneCallbackRecords(
  db: Db,
  now: Date,
): Promise<{ attempts: number; deliveries: number }> {
  const before = new Date(now.getTime() - CALLBACK_ATTEMPTS_KEPT_DAYS * 24 * HOUR_MS).toISOString();
  const attempts = await db.query('DELETE FROM callback_attempts WHERE at < $1 RETURNING 1', [
    before,
  ]);
  const deliveries = await db.query(
    `DELETE FROM callback_deliveries WHERE ended_at IS NOT NULL AND ended_at < $1 RETURNING 1`,
    [before],
  );
  await db.query(
    `DELETE FROM jobs WHERE kind = ANY($1::text[]) AND status IN ('done', 'failed')
       AND finished_at < now() - interval '1 day'`,
    [[CALLBACK_DELIVERY_JOB, CALLBACK_PRUNE_JOB]],
  );
  return { attempts: attempts.length, deliveries: deliveries.length };
}

/** Serialises the decisions about the prune's one queued row, across processes. */
async function lockPruneSchedule(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [CALLBACK_PRUNE_JOB]);
}

/**
 * At a server's start: a prune due now — the queued one moved to now, or one queued when none is
 * queued or running — so there is never more than one, however many processes start together.
 */
export async function ensureCallbackPrune(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    await lockPruneSchedule(tx);
    const [pending] = await tx.query<{ status: string }>(
      `SELECT status FROM jobs WHERE kind = $1 AND status IN ('queued', 'running')
       ORDER BY status = 'running' DESC LIMIT 1`,
      [CALLBACK_PRUNE_JOB],
    );
    if (pending?.status === 'running') return;
    if (pending) {
      await tx.query(
        `UPDATE jobs SET run_at = LEAST(run_at, now()) WHERE kind = $1 AND status = 'queued'`,
        [CALLBACK_PRUNE_JOB],
      );
      return;
    }
    await enqueueJob(tx, CALLBACK_PRUNE_JOB, {}, { maxAttempts: 3 });
  });
}

/** Queues the next prune `CALLBACK_PRUNE_INTERVAL_MS` from now (unless a start queued one). */
async function scheduleNextPrune(tx: Queryable): Promise<void> {
  await lockPruneSchedule(tx);
  const [queued] = await tx.query(
    `SELECT 1 FROM jobs WHERE kind = $1 AND status = 'queued' LIMIT 1`,
    [CALLBACK_PRUNE_JOB],
  );
  if (!queued) {
    await enqueueJob(
      tx,
      CALLBACK_PRUNE_JOB,
      {},
      {
        delayMs: CALLBACK_PRUNE_INTERVAL_MS,
        maxAttempts: 3,
      },
    );
  }
}

/** The handler of `callbacks.prune`: prunes, then (succeeded or not) queues the next prune. */
export function pruneHandler(
  context: AppContext,
): JobHandler<Record<string, never>, { attempts: number; deliveries: number }> {
  return {
    concurrency: 1,
    run: () => pruneCallbackRecords(context.database, context.now()),
    done: scheduleNextPrune,
    failed: scheduleNextPrune,
  };
}
