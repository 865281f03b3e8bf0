/**
 * The software key: an SM2 key pair and its certificate in a key file (JSON, `.esignkey`), the
 * private key encrypted under the key's PIN — a stand-in for a USB key, for development, tests and
 * people without one. The PIN never leaves the browser: PBKDF2-HMAC-SHA-256 (600,000 iterations,
 * OWASP's figure for it) derives an AES-256-GCM key from it and a random salt; GCM's tag makes a
 * wrong PIN fail to decrypt (`KeyError('wrongPin')`) rather than yield a wrong key, and the public
 * key is its additional data, so a file whose key was swapped does not open either.
 */
import type { HardwareKeyRegistered } from '@esign/platform';
import * as z from 'zod/mini';
import { KeyError, type KeyAgent, type KeyCertificate } from './agent';
import {
  base64ToBytes,
  bytesToBase64,
  generateSm2KeyPair,
  isKeyPair,
  sm2SignText,
  type Sm2KeyPair,
} from './sm2';

export const KEY_FILE_FORMAT = 'esign-software-key';
/** The key file's extension; its MIME type is JSON. */
export const KEY_FILE_EXTENSION = '.esignkey';
const PBKDF2_ITERATIONS = 600_000;

const base64 = z.string().check(z.regex(/^[A-Za-z0-9+/]+={0,2}$/));
const hex = (digits: number) => z.string().check(z.regex(new RegExp(`^[0-9a-f]{${digits}}$`)));

const keyFileSchema = z.object({
  format: z.literal(KEY_FILE_FORMAT),
  version: z.literal(1),
  name: z.string().check(z.minLength(1), z.maxLength(30)),
  algorithm: z.literal('SM2/SM3'),
  publicKey: z.string().check(z.regex(/^04[0-9a-f]{128}$/)),
  certificate: z.object({
    der: base64,
    fingerprint: hex(64),
    serial: z.string().check(z.regex(/^[0-9a-f]{1,64}$/)),
    subject: z.string(),
    issuer: z.string(),
    notAfter: z.string(),
  }),
  privateKey: z.object({
    kdf: z.literal('PBKDF2-SHA256'),
    iterations: z.number().check(z.int(), z.minimum(100_000), z.maximum(10_000_000)),
    salt: base64,
    cipher: z.literal('AES-256-GCM'),
    iv: base64,
    data: base64,
  }),
});

/** A software key's file, as written and read. */
export type SoftwareKeyFile = z.infer<typeof keyFileSchema>;

function subtle(): SubtleCrypto {
  // WebCrypto's subtle API exists in secure contexts only (https, or localhost).
  if (!globalThis.crypto?.subtle) throw new KeyError('unsupported');
  return globalThis.crypto.subtle;
}

async function pinKey(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const material = await subtle().importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return subtle().deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** A new SM2 key pair for a software key, made in this browser. */
export const newSoftwareKeyPair = (): Sm2KeyPair => generateSm2KeyPair();

/** Signs a registration random with a key pair not yet in a file (proof that it holds the key). */
export const signWithKeyPair = (text: string, keys: Sm2KeyPair): string => sm2SignText(text, keys);

/**
 * The key file of a software key: `keys` encrypted under `pin`, with the certificate the platform
 * issued when the key was registered.
 */
export async function writeSoftwareKeyFile({
  keys,
  pin,
  registered,
}: {
  keys: Sm2KeyPair;
  pin: string;
  registered: HardwareKeyRegistered;
}): Promise<SoftwareKeyFile> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await pinKey(pin, salt, PBKDF2_ITERATIONS);
  const data = await subtle().encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(keys.publicKey) },
    key,
    new TextEncoder().encode(keys.privateKey),
  );
  return {
    format: KEY_FILE_FORMAT,
    version: 1,
    name: registered.name,
    algorithm: 'SM2/SM3',
    publicKey: keys.publicKey,
    certificate: {
      der: registered.certificate,
      fingerprint: registered.fingerprint,
      serial: registered.serial,
      subject: registered.subject,
      issuer: registered.issuer,
      notAfter: registered.notAfter,
    },
    privateKey: {
      kdf: 'PBKDF2-SHA256',
      iterations: PBKDF2_ITERATIONS,
      salt: bytesToBase64(salt),
      cipher: 'AES-256-GCM',
      iv: bytesToBase64(iv),
      data: bytesToBase64(new Uint8Array(data)),
    },
  };
}

/** A key file's contents read; `KeyError('notKeyFile')` for anything else. */
export function readSoftwareKeyFile(text: string): SoftwareKeyFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new KeyError('notKeyFile');
  }
  const parsed = z.safeParse(keyFileSchema, json);
  if (!parsed.success) throw new KeyError('notKeyFile');
  return parsed.data;
}

/** The key file as a download: `<name>.esignkey`. */
export function softwareKeyDownload(file: SoftwareKeyFile): { blob: Blob; fileName: string } {
  const safe = file.name.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'key';
  return {
    blob: new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
    fileName: `${safe}${KEY_FILE_EXTENSION}`,
  };
}

/** The software key of a key file, as a `KeyAgent`. */
export function softwareKeyAgent(file: SoftwareKeyFile): KeyAgent {
  const certificate: KeyCertificate = {
    fingerprint: file.certificate.fingerprint,
    serial: file.certificate.serial,
    subject: file.certificate.subject,
    issuer: file.certificate.issuer,
    notAfter: file.certificate.notAfter,
  };
  return {
    kind: 'software',
    label: file.name,
    certificates: () => Promise.resolve(file.algorithm === 'SM2/SM3' ? [certificate] : []),
    async unlock(fingerprint, pin) {
      if (fingerprint !== certificate.fingerprint) throw new KeyError('noCertificate');
      const { salt, iv, data, iterations } = file.privateKey;
      const key = await pinKey(pin, base64ToBytes(salt), iterations);
      let privateKey: string;
      try {
        const clear = await subtle().decrypt(
          {
            name: 'AES-GCM',
            iv: base64ToBytes(iv),
            additionalData: new TextEncoder().encode(file.publicKey),
          },
          key,
          base64ToBytes(data),
        );
        privateKey = new TextDecoder().decode(clear);
      } catch {
        throw new KeyError('wrongPin');
      }
      const keys = { publicKey: file.publicKey, privateKey };
      if (!/^[0-9a-f]{64}$/.test(privateKey) || !isKeyPair(keys)) throw new KeyError('notKeyFile');
      return { certificate, sign: (text) => Promise.resolve(sm2SignText(text, keys)) };
    },
  };
}
