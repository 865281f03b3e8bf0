import { createHash, randomBytes } from 'node:crypto';
import {
  HARDWARE_KEY_RANDOM_TTL_S,
  type HardwareKeyRandom,
  SM2_DISTINGUISHING_ID,
} from '@esign/platform';
import type { Queryable } from '../db';

type Sql = Pick<Queryable, 'query'>;

/** What a random is for: a login, or registering a key for the signed-in user. */
export type RandomPurpose = 'login' | 'register';

/** Whom a random was given to: a tenant, and for a registration the user. */
export interface RandomOwner {
  tenantId: string;
  purpose: RandomPurpose;
  userId?: number;
}

/** Randoms are kept as their SHA-256: 32 random bytes cannot be found from it. */
const hashOf = (random: string) => createHash('sha256').update(random).digest('hex');

/** Spent and expired randoms are dropped after a day (kept that long to answer a replay alike). */
const KEEP_S = 24 * 60 * 60;

/**
 * A new one-time random for `owner`, valid `HARDWARE_KEY_RANDOM_TTL_S` seconds from `now`; randoms
 * a day past their expiry are dropped on the way.
 */
export async function issueRandom(
  db: Sql,
  owner: RandomOwner,
  now: Date,
): Promise<HardwareKeyRandom> {
  const random = randomBytes(32).toString('hex');
  const expiresAt = new Date(now.getTime() + HARDWARE_KEY_RANDOM_TTL_S * 1000);
  await db.query('DELETE FROM hardware_key_randoms WHERE expires_at < $1', [
    new Date(now.getTime() - KEEP_S * 1000),
  ]);
  await db.query(
    `INSERT INTO hardware_key_randoms (random_hash, tenant_id, purpose, user_id, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [hashOf(random), owner.tenantId, owner.purpose, owner.userId ?? null, expiresAt],
  );
  return {
    random,
    expiresAt: expiresAt.toISOString(),
    expiresIn: HARDWARE_KEY_RANDOM_TTL_S,
    distinguishingId: SM2_DISTINGUISHING_ID,
  };
}

const OWNED = `random_hash = $1 AND tenant_id = $2 AND purpose = $3
  AND user_id IS NOT DISTINCT FROM $4 AND used_at IS NULL AND expires_at > $5`;

const ownerValues = (random: string, owner: RandomOwner, now: Date) => [
  hashOf(random),
  owner.tenantId,
  owner.purpose,
  owner.userId ?? null,
  now,
];

/**
 * When `random` stops being good, if it was given to `owner`, is unspent and has not expired at
 * `now`; null otherwise (unknown, another purpose or user, spent, or expired).
 */
export async function unspentRandom(
  db: Sql,
  random: string,
  owner: RandomOwner,
  now: Date,
): Promise<Date | null> {
  const [row] = await db.query<{ expires_at: Date | string }>(
    `SELECT expires_at FROM hardware_key_randoms WHERE ${OWNED}`,
    ownerValues(random, owner, now),
  );
  return row ? new Date(row.expires_at) : null;
}

/**
 * Spends `random` if it is still good for `owner` at `now`: true once, false ever after — one
 * UPDATE, so two processes presenting it at once cannot both succeed.
 */
export async function spendRandom(
  db: Sql,
  random: string,
  owner: RandomOwner,
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE hardware_key_randoms SET used_at = $5 WHERE ${OWNED} RETURNING 1`,
    ownerValues(random, owner, now),
  );
  return rows.length === 1;
}
