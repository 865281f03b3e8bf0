import { randomInt } from 'node:crypto';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_MS,
  SMS_RESEND_AFTER_MS,
  type CodeSent,
  type MessageKey,
} from '@esign/platform';
import type { AppContext } from '../context';
import { ApiError, type RateLimited } from '../http/route';
import { keyedHash } from '../keyed-hash';
import {
  firstReached,
  lockBuckets,
  recordEvents,
  secondsUntilRoom,
  type Limit,
} from '../rate-limits';
import type { SmsPurpose } from './provider';

/**
 * SMS verification codes: 6 digits from a CSPRNG, stored keyed-hashed in `sms_codes`, one live code
 * per (tenant, phone, purpose). A code lives 5 minutes, dies after 5 wrong tries, and a new one is
 * sent at most once a minute. All of it is in the database, so several server processes agree.
 */

/** The phone a code goes to, in which tenant, for what. */
export interface CodeTarget {
  tenantId: string;
  phone: string;
  purpose: SmsPurpose;
}

type CodeContext = Pick<AppContext, 'database' | 'key' | 'sms'>;

const HOUR_S = 60 * 60;
const DAY_S = 24 * HOUR_S;

/**
 * How many codes may be sent, whatever their purpose or tenant, beyond the one-a-minute cooldown:
 * - to one phone: 5 an hour and 10 a day — more than a person mistyping needs, while an attacker
 *   cannot flood someone's phone (or the SMS bill);
 * - from one IP address: 20 an hour and 50 a day — room for an office behind one address, while a
 *   script cannot send codes to many numbers.
 */
export function sendLimits(phone: string, ip: string): Limit[] {
  return [
    { bucket: `sms:phone:${phone}`, max: 5, windowS: HOUR_S },
    { bucket: `sms:phone:${phone}`, max: 10, windowS: DAY_S },
    { bucket: `sms:ip:${ip}`, max: 20, windowS: HOUR_S },
    { bucket: `sms:ip:${ip}`, max: 50, windowS: DAY_S },
  ];
}

const codeHash = (key: Uint8Array, target: CodeTarget, code: string) =>
  keyedHash(key, 'sms-code', target.tenantId, target.phone, target.purpose, code);

/**
 * What the OpenAPI document says of a call that sends an SMS code: when it answers 429, with the
 * seconds to wait in Retry-After.
 */
export const SMS_CODE_RATE_LIMIT: RateLimited = {
  description:
    'Too many codes: a new code at most once a minute per phone and purpose (msg smsResendWait, data.resendAfter in seconds), 5 an hour and 10 a day per phone, 20 an hour and 50 a day per client address (msg smsTooMany). Nothing is sent.',
  example: { resendAfter: 42 },
  text: 'smsResendWait',
};

/**
 * Sends a new code to the target's phone, replacing any earlier one for the same purpose. Refuses
 * with 429 while the last code is under a minute old (data `{ resendAfter }` and the Retry-After
 * header, in seconds: a page reloaded mid-countdown learns from it how long to wait) or when a
 * phone or IP limit is reached; then nothing is sent and nothing is counted.
 */
export async function sendCode(
  { database, key, sms }: CodeContext,
  target: CodeTarget,
  ip: string,
): Promise<CodeSent> {
  const code = String(randomInt(10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  const limits = sendLimits(target.phone, ip);
  const buckets = [...new Set(limits.map((limit) => limit.bucket))];
  const where = 'tenant_id = $1 AND phone = $2 AND purpose = $3';
  const params = [target.tenantId, target.phone, target.purpose];
  await database.transaction(async (tx) => {
    await lockBuckets(tx, buckets);
    const [cooling] = await tx.query<{ wait: number }>(
      `SELECT ceil(extract(epoch FROM sent_at + make_interval(secs => $4) - now()))::int AS wait
       FROM sms_codes WHERE ${where} AND sent_at > now() - make_interval(secs => $4)`,
      [...params, SMS_RESEND_AFTER_MS / 1000],
    );
    if (cooling) {
      const resendAfter = Math.max(1, cooling.wait);
      const refusal = new ApiError('smsResendWait', 429, 429, { resendAfter });
      refusal.retryAfter = resendAfter;
      throw refusal;
    }
    const reached = await firstReached(tx, limits);
    if (reached) {
      const refusal = new ApiError('smsTooMany', 429);
      refusal.retryAfter = await secondsUntilRoom(tx, reached);
      throw refusal;
    }
    await tx.query(
      `INSERT INTO sms_codes (tenant_id, phone, purpose, code_hash, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))
       ON CONFLICT (tenant_id, phone, purpose) DO UPDATE SET code_hash = EXCLUDED.code_hash,
         sent_at = now(), expires_at = EXCLUDED.expires_at, failed_tries = 0`,
      [...params, codeHash(key, target, code), SMS_CODE_TTL_MS / 1000],
    );
    await recordEvents(tx, buckets);
  });
  try {
    await sms.send(target.phone, code, target.purpose);
  } catch (error) {
    // Undelivered: let the user ask again at once (the attempt stays counted against the limits).
    await database.query(`DELETE FROM sms_codes WHERE ${where}`, params);
    throw error;
  }
  return { resendAfter: SMS_RESEND_AFTER_MS / 1000, expiresIn: SMS_CODE_TTL_MS / 1000 };
}

/**
 * Checks a code the user typed. A right code is spent (one use) unless `spend` is false; a wrong
 * one costs one of the code's 5 tries. Gives null when the code is right, else why it is not: the
 * message key `smsCodeWrong`, `smsCodeExpired` (or never sent) or `smsCodeLocked`.
 */
export async function checkCode(
  { database, key }: Pick<AppContext, 'database' | 'key'>,
  target: CodeTarget,
  code: string,
  { spend }: { spend: boolean },
): Promise<MessageKey | null> {
  const live = `tenant_id = $1 AND phone = $2 AND purpose = $3
    AND expires_at > now() AND failed_tries < ${SMS_CODE_MAX_TRIES}`;
  const params = [target.tenantId, target.phone, target.purpose];
  const right = await database.query(
    spend
      ? `DELETE FROM sms_codes WHERE ${live} AND code_hash = $4 RETURNING 1`
      : `SELECT 1 FROM sms_codes WHERE ${live} AND code_hash = $4`,
    [...params, codeHash(key, target, code)],
  );
  if (right.length > 0) return null;
  const counted = await database.query(
    `UPDATE sms_codes SET failed_tries = failed_tries + 1 WHERE ${live} RETURNING 1`,
    params,
  );
  if (counted.length > 0) return 'smsCodeWrong';
  const [dead] = await database.query<{ expired: boolean }>(
    'SELECT expires_at <= now() AS expired FROM sms_codes WHERE tenant_id = $1 AND phone = $2 AND purpose = $3',
    params,
  );
  return !dead || dead.expired ? 'smsCodeExpired' : 'smsCodeLocked';
}

/** `checkCode` for the enveloped calls: a code that is not right is refused with 400 saying why. */
export async function requireCode(
  context: Pick<AppContext, 'database' | 'key'>,
  target: CodeTarget,
  code: string,
  options: { spend: boolean },
): Promise<void> {
  const refusal = await checkCode(context, target, code, options);
  if (refusal) throw new ApiError(refusal);
}
