/**
 * The Standard Webhooks signature (https://www.standardwebhooks.com, "Signature scheme"): what a
 * receiver checks with the specification's libraries or by hand.
 *
 * - `webhook-id`: the message's id, the same on every attempt (receivers drop a repeated one);
 * - `webhook-timestamp`: whole seconds since the epoch of this attempt (receivers refuse one more
 *   than `CALLBACK_REPLAY_WINDOW_SECONDS` from their clock);
 * - `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed with
 *   the base64-decoded part of the `whsec_` secret after its prefix; during a rotation's overlap
 *   the signatures with both secrets, separated by a space (either verifies).
 */
import { createHmac, randomBytes } from 'node:crypto';

/** The prefix of a callback's signing secret. */
export const SIGNING_SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and 24 random bytes in base64 (as Svix makes them). */
export const newSigningSecret = () =>
  `${SIGNING_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;

/** A new message id (`webhook-id`): `msg_` and 16 random bytes in base64url. */
export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

/** `v1,<base64 signature>` of one message with one `whsec_` secret. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  if (!secret.startsWith(SIGNING_SECRET_PREFIX)) throw new Error('not a whsec_ secret');
  const key = Buffer.from(secret.slice(SIGNING_SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key)
    .update(`${id}.${timestamp}.${body}`, 'utf8')
    .digest('base64');
  return `v1,${signature}`;
}

/** The three headers of one attempt, signed with each secret given (current first). */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets
      .map((secret) => signWebhook(secret, id, timestamp, body))
      .join(' '),
  };
}

/** The wait before retry `round` of a delivery (1 for the first retry): `base` × 3^(round−1), at most 12 h. */
export function callbackRetryDelayMs(round: number, baseMs: number): number {
  return Math.min(baseMs * 3 ** Math.max(0, round - 1), 12 * 3_600_000);
}
