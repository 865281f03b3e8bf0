import { createHmac } from 'node:crypto';

/**
 * An HMAC-SHA-256 (hex) of `parts` under the server's key. Short secrets such as 6-digit SMS codes
 * and captcha answers are stored this way: a plain hash of them is reversed by trying every value,
 * a keyed one is not without the key. `label` keeps each use's hashes apart from every other use
 * of the key.
 */
export function keyedHash(key: Uint8Array, label: string, ...parts: string[]): string {
  return createHmac('sha256', key)
    .update([label, ...parts].join('\0'))
    .digest('hex');
}
