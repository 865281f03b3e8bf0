import { randomInt, randomUUID } from 'node:crypto';
import type { CaptchaData } from '@esign/platform';
import * as svgCaptcha from 'svg-captcha';
import type { AppContext } from '../context';
import { ApiError } from '../http/route';
import { keyedHash } from '../keyed-hash';
import {
  firstReached,
  lockBuckets,
  recordEvents,
  secondsUntilRoom,
  type Limit,
} from '../rate-limits';

/**
 * Graphic captchas: an image of a few characters, its answer stored keyed-hashed in `captchas` for
 * 5 minutes and good for one answer, right or wrong. The client sends the key and the answer back
 * in the `Captcha-Key` and `Captcha-Code` headers.
 */

export const CAPTCHA_TTL_S = 5 * 60;

/**
 * The most captchas alive at once, whoever asked: beyond it a new one is refused (429) until
 * others are spent or expire, so that a flood from more addresses than the per-address limits
 * foresee still cannot grow the table without end.
 */
export const LIVE_CAPTCHAS_MAX = 20_000;

/**
 * How many captchas one client address may be given: 60 in 5 minutes — the life of a captcha, so
 * at most 60 of an address are alive at once — and 300 an hour. Captchas are asked for after
 * failed logins, refused after 50 from an address in an hour (auth/login-attempts.ts): this leaves
 * room for an office behind one address, and none for a script filling the table.
 */
export function captchaLimits(ip: string): Limit[] {
  const bucket = `captcha:ip:${ip}`;
  return [
    { bucket, max: 60, windowS: CAPTCHA_TTL_S },
    { bucket, max: 300, windowS: 60 * 60 },
  ];
}

/** Upper-case letters and digits, without the look-alikes 0/O, 1/I and L. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LENGTH = 4;

/** A random answer from the CSPRNG (svg-captcha's own random texts come from Math.random). */
export function randomCaptchaText(): string {
  return Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/**
 * svg-captcha's main export draws a given text; its typings declare only `create`, which draws a
 * random text of its own.
 */
const drawText = (svgCaptcha as unknown as { default: (text: string, options: object) => string })
  .default;

/** Answers compare without regard to case or surrounding spaces. */
const answerHash = (key: Uint8Array, captchaKey: string, answer: string) =>
  keyedHash(key, 'captcha', captchaKey, answer.trim().toUpperCase());

/** The 429 of a captcha refused, with the seconds until one may be issued (Retry-After). */
function tooMany(seconds: number): ApiError {
  const refusal = new ApiError('captchaTooMany', 429);
  refusal.retryAfter = seconds;
  return refusal;
}

/**
 * Makes a captcha for the client at `ip` with the context's answer generator; gives its key and
 * its image as a data URL. Refused with 429 'captchaTooMany' past the address's limits or while
 * `LIVE_CAPTCHAS_MAX` are alive; then nothing is stored and nothing is counted. The limits are
 * events in the database (rate-limits.ts), so every server process counts the same captchas.
 */
export async function issueCaptcha(
  { database, key, captchaText }: Pick<AppContext, 'database' | 'key' | 'captchaText'>,
  ip: string,
): Promise<CaptchaData> {
  const captchaKey = randomUUID();
  const answer = captchaText();
  const limits = captchaLimits(ip);
  const buckets = [...new Set(limits.map((limit) => limit.bucket))];
  await database.transaction(async (tx) => {
    await lockBuckets(tx, buckets);
    const reached = await firstReached(tx, limits);
    if (reached) throw tooMany(await secondsUntilRoom(tx, reached));
    // Expired captchas go as new ones come, so the table holds the live ones and little more;
    // rows another process is deleting at the same moment are left to it (no wait, no deadlock).
    await tx.query(
      `DELETE FROM captchas WHERE key IN (
         SELECT key FROM captchas WHERE expires_at < now() LIMIT 1000 FOR UPDATE SKIP LOCKED)`,
    );
    const [live] = await tx.query<{ count: string | number }>(
      'SELECT count(*) AS count FROM captchas WHERE expires_at >= now()',
    );
    if (Number(live!.count) >= LIVE_CAPTCHAS_MAX) {
      // Room comes as the soonest live captcha expires.
      const [soonest] = await tx.query<{ wait: number | string | null }>(
        `SELECT ceil(extract(epoch FROM min(expires_at) - now()))::int AS wait
         FROM captchas WHERE expires_at >= now()`,
      );
      throw tooMany(Math.max(1, Number(soonest?.wait ?? 1)));
    }
    await tx.query(
      `INSERT INTO captchas (key, answer_hash, expires_at)
       VALUES ($1, $2, now() + make_interval(secs => $3))`,
      [captchaKey, answerHash(key, captchaKey, answer), CAPTCHA_TTL_S],
    );
    await recordEvents(tx, buckets);
  });
  // A light background makes svg-captcha pick dark, contrasting colours for the characters.
  const svg = drawText(answer, { width: 120, height: 40, noise: 2, background: '#f2f4f7' });
  return {
    key: captchaKey,
    image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * Whether `answer` is the answer of the live captcha `captchaKey`. The captcha is spent either way,
 * so each image allows one guess.
 */
export async function spendCaptcha(
  { database, key }: Pick<AppContext, 'database' | 'key'>,
  captchaKey: string,
  answer: string,
): Promise<boolean> {
  const [row] = await database.query<{ answer_hash: string; live: boolean }>(
    'DELETE FROM captchas WHERE key = $1 RETURNING answer_hash, expires_at > now() AS live',
    [captchaKey],
  );
  return !!row && row.live && row.answer_hash === answerHash(key, captchaKey, answer);
}
