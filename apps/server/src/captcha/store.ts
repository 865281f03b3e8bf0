import { randomInt, randomUUID } from 'node:crypto';
import type { CaptchaData } from '@esign/platform';
import * as svgCaptcha from 'svg-captcha';
import type { AppContext } from '../context';
import { keyedHash } from '../keyed-hash';

/**
 * Graphic captchas: an image of a few characters, its answer stored keyed-hashed in `captchas` for
 * 5 minutes and good for one answer, right or wrong. The client sends the key and the answer back
 * in the `Captcha-Key` and `Captcha-Code` headers.
 */

export const CAPTCHA_TTL_S = 5 * 60;

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

/** Makes a captcha with the context's answer generator; gives its key and its image as a data URL. */
export async function issueCaptcha({
  database,
  key,
  captchaText,
}: Pick<AppContext, 'database' | 'key' | 'captchaText'>): Promise<CaptchaData> {
  const captchaKey = randomUUID();
  const answer = captchaText();
  await database.query('DELETE FROM captchas WHERE expires_at < now()');
  await database.query(
    `INSERT INTO captchas (key, answer_hash, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [captchaKey, answerHash(key, captchaKey, answer), CAPTCHA_TTL_S],
  );
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
