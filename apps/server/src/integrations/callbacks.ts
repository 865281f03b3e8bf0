/**
 * Callbacks of API access parties (spec 001 §3, §5, §7 systemAccessCallback, §9; issue 34): one a
 * party, with its URL, timeouts, maximum retries, notification types and `whsec_` signing secret.
 * Their deliveries are in deliveries.ts.
 */
import {
  ACCESS_SECRET_OVERLAP_HOURS,
  type AccessCallback,
  type AccessCallbackSaved,
  type CallbackDisabledReason,
  type CallbackEventType,
  type Page,
} from '@esign/platform';
import type { Database, Queryable } from '../db';
import { ApiError } from '../http/route';
import type { SecretBox } from '../secret-box';
import { listTime } from '../templates/access';
import type { AccessOwner } from './access-parties';
import { checkOutboundUrl, OutboundRefusal, type GuardOptions } from './outbound';
import { newSigningSecret } from './webhooks';

type Db = Pick<Queryable, 'query'>;

/** The secret box label of a callback's signing secret (and of its previous one). */
export const SIGNING_SECRET_LABEL = 'callback-signing-secret';

const HOUR_MS = 3_600_000;

interface CallbackRow {
  id: string;
  party_id: string;
  party_name: string;
  url: string;
  connect_timeout_ms: number;
  response_timeout_ms: number;
  max_retries: number;
  event_types: string[];
  enabled: boolean;
  disabled_reason: CallbackDisabledReason | null;
  disabled_at: Date | string | null;
  previous_signing_secret_until: Date | string | null;
  create_time: string;
  update_time: string;
}

const CALLBACK_COLUMNS = `cb.id, cb.party_id, p.name AS party_name, cb.url, cb.connect_timeout_ms,
  cb.response_timeout_ms, cb.max_retries, cb.event_types, cb.enabled, cb.disabled_reason,
  cb.disabled_at, cb.previous_signing_secret_until,
  ${listTime('cb.created_at')} AS create_time, ${listTime('cb.updated_at')} AS update_time`;
const CALLBACK_FROM = 'access_callbacks cb JOIN access_parties p ON p.id = cb.party_id';

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

function toCallback(row: CallbackRow, now: Date): AccessCallback {
  const until = iso(row.previous_signing_secret_until);
  return {
    id: String(row.id),
    partyId: String(row.party_id),
    partyName: row.party_name,
    url: row.url,
    connectTimeoutMs: Number(row.connect_timeout_ms),
    responseTimeoutMs: Number(row.response_timeout_ms),
    maxRetries: Number(row.max_retries),
    eventTypes: row.event_types as CallbackEventType[],
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    disabledAt: iso(row.disabled_at),
    previousSecretUntil: until !== null && new Date(until) > now ? until : null,
    createTime: row.create_time,
    updateTime: row.update_time,
  };
}

/** A callback of the owner's company, or 404 (another company's is not found, whatever it is). */
export async function callbackRow(
  db: Db,
  owner: AccessOwner,
  id: number,
  lock = false,
): Promise<CallbackRow> {
  const [row] = await db.query<CallbackRow>(
    `SELECT ${CALLBACK_COLUMNS} FROM ${CALLBACK_FROM}
     WHERE cb.id = $1 AND cb.tenant_id = $2 AND cb.company_id = $3${lock ? ' FOR UPDATE OF cb' : ''}`,
    [id, owner.tenantId, owner.companyId],
  );
  if (!row) throw new ApiError('notFound', 404);
  return row;
}

/** One callback of the owner's company. */
export async function callbackDetail(
  db: Db,
  owner: AccessOwner,
  id: number,
  now: Date,
): Promise<AccessCallback> {
  return toCallback(await callbackRow(db, owner, id), now);
}

/** A page of the owner's company's callbacks, newest first. */
export async function listCallbacks(
  database: Database,
  owner: AccessOwner,
  paging: { current: number; size: number },
  now: Date,
): Promise<Page<AccessCallback>> {
  const rows = await database.query<CallbackRow>(
    `SELECT ${CALLBACK_COLUMNS} FROM ${CALLBACK_FROM}
     WHERE cb.tenant_id = $1 AND cb.company_id = $2 ORDER BY cb.id DESC LIMIT $3 OFFSET $4`,
    [owner.tenantId, owner.companyId, paging.size, (paging.current - 1) * paging.size],
  );
  const [count] = await database.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM access_callbacks WHERE tenant_id = $1 AND company_id = $2',
    [owner.tenantId, owner.companyId],
  );
  return {
    records: rows.map((row) => toCallback(row, now)),
    total: count!.total,
    current: paging.current,
    size: paging.size,
  };
}

/** Checks a callback URL against server-side request forgery: 400 at the `url` field. */
export async function requireSafeUrl(url: string, guard: GuardOptions): Promise<void> {
  try {
    await checkOutboundUrl(url, guard);
  } catch (error) {
    if (error instanceof OutboundRefusal) {
      throw new ApiError(error.reason, 400, 400, { field: 'url' });
    }
    throw error;
  }
}

export interface CallbackInput {
  partyId: number;
  url: string;
  connectTimeoutMs: number;
  responseTimeoutMs: number;
  maxRetries: number;
  eventTypes: CallbackEventType[];
}

/**
 * Configures the callback of a party of the owner's company: made on its first save with a new
 * `whsec_` signing secret (in the answer only), changed afterwards (the secret unchanged). The URL
 * is checked after resolving its host (and again at each delivery).
 */
export async function saveCallback(
  database: Database,
  secrets: SecretBox,
  owner: AccessOwner,
  input: CallbackInput,
  guard: GuardOptions,
  now: Date,
): Promise<AccessCallbackSaved> {
  await requireSafeUrl(input.url, guard);
  return database.transaction(async (tx) => {
    const [party] = await tx.query<{ id: string; callback_id: string | null }>(
      `SELECT p.id, cb.id AS callback_id FROM access_parties p
         LEFT JOIN access_callbacks cb ON cb.party_id = p.id
       WHERE p.id = $1 AND p.tenant_id = $2 AND p.company_id = $3 FOR UPDATE OF p`,
      [input.partyId, owner.tenantId, owner.companyId],
    );
    if (!party) throw new ApiError('notFound', 404);
    const values = [
      input.url,
      input.connectTimeoutMs,
      input.responseTimeoutMs,
      input.maxRetries,
      input.eventTypes,
      now.toISOString(),
    ];
    let signingSecret: string | null = null;
    let id: number;
    if (party.callback_id === null) {
      signingSecret = newSigningSecret();
      const [made] = await tx.query<{ id: string }>(
        `INSERT INTO access_callbacks (url, connect_timeout_ms, response_timeout_ms, max_retries,
           event_types, created_at, updated_at, tenant_id, company_id, party_id, signing_secret_sealed)
         VALUES ($1, $2, $3, $4, $5::text[], $6, $6, $7, $8, $9, $10) RETURNING id`,
        [
          ...values,
          owner.tenantId,
          owner.companyId,
          input.partyId,
          secrets.seal(SIGNING_SECRET_LABEL, signingSecret),
        ],
      );
      id = Number(made!.id);
    } else {
      id = Number(party.callback_id);
      await tx.query(
        `UPDATE access_callbacks SET url = $1, connect_timeout_ms = $2, response_timeout_ms = $3,
           max_retries = $4, event_types = $5::text[], updated_at = $6
         WHERE id = $7`,
        [...values, id],
      );
    }
    return { ...(await callbackDetail(tx, owner, id, now)), signingSecret };
  });
}

/**
 * A new signing secret for a callback, in the answer only; for `ACCESS_SECRET_OVERLAP_HOURS` each
 * delivery is signed with both (two signatures in `webhook-signature`), so the receiver can switch
 * without refusing any.
 */
export async function rotateSigningSecret(
  database: Database,
  secrets: SecretBox,
  owner: AccessOwner,
  id: number,
  now: Date,
): Promise<AccessCallbackSaved> {
  return database.transaction(async (tx) => {
    await callbackRow(tx, owner, id, true);
    const signingSecret = newSigningSecret();
    await tx.query(
      `UPDATE access_callbacks SET previous_signing_secret_sealed = signing_secret_sealed,
         previous_signing_secret_until = $2, signing_secret_sealed = $3, updated_at = $4
       WHERE id = $1`,
      [
        id,
        new Date(now.getTime() + ACCESS_SECRET_OVERLAP_HOURS * HOUR_MS).toISOString(),
        secrets.seal(SIGNING_SECRET_LABEL, signingSecret),
        now.toISOString(),
      ],
    );
    return { ...(await callbackDetail(tx, owner, id, now)), signingSecret };
  });
}

/**
 * Enables a callback (one disabled after a 410 Gone, once its endpoint is back: its URL is checked
 * again) or disables it (`person`): a disabled callback gets no new events and its pending
 * deliveries end at their next attempt.
 */
export async function setCallbackEnabled(
  database: Database,
  owner: AccessOwner,
  id: number,
  enabled: boolean,
  guard: GuardOptions,
  now: Date,
): Promise<AccessCallback> {
  if (enabled) await requireSafeUrl((await callbackRow(database, owner, id)).url, guard);
  return database.transaction(async (tx) => {
    await callbackRow(tx, owner, id, true);
    await tx.query(
      `UPDATE access_callbacks SET enabled = $2,
         disabled_reason = CASE WHEN $2 THEN NULL ELSE 'person' END,
         disabled_at = CASE WHEN $2 THEN NULL ELSE $3::timestamptz END, updated_at = $3
       WHERE id = $1`,
      [id, enabled, now.toISOString()],
    );
    return callbackDetail(tx, owner, id, now);
  });
}
