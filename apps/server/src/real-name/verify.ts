import type { RealNameMethod, RealNameReview, ReviewStatus } from '@esign/platform';
import type { Database, Queryable } from '../db';
import { ApiError } from '../http/route';
import { keyedHash } from '../keyed-hash';
import { firstReached, lockBuckets, recordEvents, type Limit } from '../rate-limits';

type Sql = Pick<Queryable, 'query'>;

const DAY_S = 24 * 60 * 60;

/** The keyed hash an ID number is kept as (never in clear); letters compared upper-case. */
export const idHashOf = (key: Uint8Array, tenantId: string, idNumber: string): string =>
  keyedHash(key, 'person-id', tenantId, idNumber.trim().toUpperCase());

/** An ID number as an operator or applicant sees it: the first 3 and last 4 characters. */
export function maskIdNumber(idNumber: string): string {
  const id = idNumber.trim().toUpperCase();
  if (id.length <= 7) return `${id.slice(0, 1)}${'*'.repeat(id.length - 1)}`;
  return `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}`;
}

/**
 * Checks that reach an outside provider (identity, bank card, face starts): 10 a day per account
 * — more than anyone mistyping needs, while nobody can probe whose ID number is whose — and 50 a
 * day per address (an office behind one address).
 */
export const checkLimits = (userId: number, ip: string): Limit[] => [
  { bucket: `real-name:user:${userId}`, max: 10, windowS: DAY_S },
  { bucket: `real-name:ip:${ip}`, max: 50, windowS: DAY_S },
];

/** Manual reviews submitted: 3 a day per account, 20 a day per address (operators read each). */
export const reviewLimits = (userId: number, ip: string): Limit[] => [
  { bucket: `real-name-review:user:${userId}`, max: 3, windowS: DAY_S },
  { bucket: `real-name-review:ip:${ip}`, max: 20, windowS: DAY_S },
];

/** Counts one attempt against `limits`, or refuses (429 `refusal`) when one is reached. */
export async function countAttempt(
  database: Database,
  limits: readonly Limit[],
  refusal: 'realNameAttemptsExceeded' | 'realNameReviewsExceeded',
): Promise<void> {
  const buckets = [...new Set(limits.map((limit) => limit.bucket))];
  await database.transaction(async (tx) => {
    await lockBuckets(tx, buckets);
    if (await firstReached(tx, limits)) throw new ApiError(refusal, 429);
    await recordEvents(tx, buckets);
  });
}

/**
 * Refuses, before any code is spent or provider asked, a claim that cannot succeed: the account is
 * verified already (409), or the ID number verified another account of the tenant (409).
 */
export async function assertClaimable(
  sql: Sql,
  tenantId: string,
  userId: number,
  idHash: string,
): Promise<void> {
  const [user] = await sql.query<{ real_name_verified: boolean }>(
    'SELECT real_name_verified FROM users WHERE id = $1',
    [userId],
  );
  if (user?.real_name_verified) throw new ApiError('realNameAlreadyVerified', 409);
  const [taken] = await sql.query<{ user_id: string }>(
    'SELECT user_id FROM real_name_identities WHERE tenant_id = $1 AND id_hash = $2',
    [tenantId, idHash],
  );
  if (taken && Number(taken.user_id) !== userId) throw new ApiError('realNameIdTaken', 409);
}

/**
 * Records a verified person in a transaction: the identity (one ID number, one account per
 * tenant; two claims of one number at once run one after the other), `real_name_verified` and
 * the verified name.
 */
export async function recordVerified(
  tx: Sql,
  claim: { tenantId: string; userId: number; name: string; idHash: string; method: RealNameMethod },
): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
    `real-name-id:${claim.tenantId}:${claim.idHash}`,
  ]);
  await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [claim.userId]);
  await assertClaimable(tx, claim.tenantId, claim.userId, claim.idHash);
  await tx.query('DELETE FROM real_name_identities WHERE user_id = $1', [claim.userId]);
  await tx.query(
    `INSERT INTO real_name_identities (tenant_id, id_hash, user_id, name, method)
     VALUES ($1, $2, $3, $4, $5)`,
    [claim.tenantId, claim.idHash, claim.userId, claim.name, claim.method],
  );
  await tx.query('UPDATE users SET real_name_verified = true, name = $2 WHERE id = $1', [
    claim.userId,
    claim.name,
  ]);
}

export interface ReviewRow {
  id: string;
  user_id: string;
  tenant_id: string;
  name: string;
  id_hash: string;
  id_masked: string;
  front_key: string;
  front_type: string;
  back_key: string;
  back_type: string;
  status: ReviewStatus;
  reason: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
}

export const shownReview = (row: ReviewRow): RealNameReview => ({
  id: Number(row.id),
  name: row.name,
  idNumber: row.id_masked,
  status: row.status,
  reason: row.reason,
  createdAt: new Date(row.created_at).toISOString(),
  decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
});
