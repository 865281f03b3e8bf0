import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Database } from './db';

/**
 * Secrets the server must read back (an access party's API secret, which verifies its HMAC
 * signatures; a callback's `whsec_` signing secret; an imported certificate's private key) are
 * kept sealed with AES-256-GCM, never in clear. A hash would not do: an HMAC is checked with the
 * secret itself.
 *
 * The key: SECRET_BOX_KEY (32 bytes, base64) when set — then a copy of the database alone opens
 * nothing, and every server process given the same key reads every sealed secret; otherwise a key
 * made on the first start and kept in `server_keys` (`secret-box`), as the token key is, which
 * keeps a development machine working with no configuration.
 *
 * A sealed text is `sb1.<iv>.<tag>.<ciphertext>` (base64url). Each use seals under its own
 * `label` (additional authenticated data), so that a secret sealed for one purpose cannot be
 * passed off as another's.
 */
export interface SecretBox {
  seal(label: string, plain: string | Uint8Array): string;
  open(label: string, sealed: string): Buffer;
  openText(label: string, sealed: string): string;
}

/** A sealed text that does not open under this key and label: tampered, or another key. */
export class SecretBoxError extends Error {
  constructor() {
    super('a sealed secret does not open with this server’s key');
  }
}

const PREFIX = 'sb1';

/** A box over a 32-byte key. */
export function secretBox(key: Uint8Array): SecretBox {
  if (key.length !== 32) throw new Error('the secret box key must be 32 bytes');
  const box: SecretBox = {
    seal(label, plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(label));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return [PREFIX, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(label, sealed) {
      const [prefix, iv, tag, body, ...rest] = sealed.split('.');
      if (prefix !== PREFIX || !iv || !tag || body === undefined || rest.length > 0) {
        throw new SecretBoxError();
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(label));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
      } catch {
        throw new SecretBoxError();
      }
    },
    openText(label, sealed) {
      return box.open(label, sealed).toString('utf8');
    },
  };
  return box;
}

/** Reads SECRET_BOX_KEY: 32 bytes in base64, or a clear error at start. */
export function parseSecretBoxKey(value: string | undefined): Uint8Array | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const key = Buffer.from(value.trim(), 'base64');
  if (key.length !== 32) {
    throw new Error('SECRET_BOX_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
  }
  return new Uint8Array(key);
}

/**
 * The server's box: over the configured key, or over the `secret-box` row of `server_keys`
 * (made by whichever process gets there first; every process then reads the same).
 */
export async function loadSecretBox(
  database: Database,
  configured?: Uint8Array,
): Promise<SecretBox> {
  if (configured) return secretBox(configured);
  await database.query(
    'INSERT INTO server_keys (id, secret) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
    ['secret-box', randomBytes(32).toString('base64')],
  );
  const [row] = await database.query<{ secret: string }>(
    'SELECT secret FROM server_keys WHERE id = $1',
    ['secret-box'],
  );
  return secretBox(new Uint8Array(Buffer.from(row!.secret, 'base64')));
}
