/**
 * SM2 signatures over SM3 (GB/T 32918.2, GM/T 0009) and the key formats around them, from
 * `sm-crypto-v2` (built on @noble/curves) — the same library the web app's software key signs
 * with. Nothing here does elliptic-curve arithmetic or hashing itself.
 *
 * Node's own crypto is not used for SM2: OpenSSL 3.0 under Node 20 signs with SM2 keys, but with
 * an empty distinguishing ID (Node has no way to set one), so its signatures do not verify under
 * GM/T 0009's default ID 1234567812345678 that keys and `openssl -sigopt distid:…` use, and
 * signatures made under that ID do not verify with it (checked; see sm2.test.ts and CONTEXT.md).
 *
 * Keys: a private key is 32 bytes (hex), a public key the uncompressed point `04 || x || y`
 * (65 bytes, hex). The DER wrappers below are fixed byte strings around those values (the curve
 * has one OID and one size), which OpenSSL and Node read: the SubjectPublicKeyInfo of RFC 5480
 * and the ECPrivateKey of RFC 5915, both naming the curve SM2 (1.2.156.10197.1.301).
 */
import { sm2, sm3 } from 'sm-crypto-v2';

/** GM/T 0009's default distinguishing ID (user ID) of SM2 signatures, what keys sign with. */
export const SM2_DEFAULT_ID = '1234567812345678';

/** id-ecPublicKey with namedCurve SM2, then the BIT STRING header of a 65-byte point. */
const SPKI_PREFIX = Buffer.from('3059301306072a8648ce3d020106082a811ccf5501822d034200', 'hex');
/** ECPrivateKey version 1 and the OCTET STRING header of the 32-byte private key. */
const SEC1_PREFIX = Buffer.from('30770201010420', 'hex');
/** [0] namedCurve SM2, then [1] the BIT STRING header of the public point. */
const SEC1_MIDDLE = Buffer.from('a00a06082a811ccf5501822da144034200', 'hex');

const HEX_PUBLIC_KEY = /^04[0-9a-f]{128}$/i;
const HEX_PRIVATE_KEY = /^[0-9a-f]{64}$/i;

/** An SM2 key pair, hex. */
export interface Sm2KeyPair {
  /** The uncompressed public point, `04` + x + y (130 hex digits). */
  publicKey: string;
  /** The private scalar (64 hex digits). */
  privateKey: string;
}

/** A new SM2 key pair from the platform's secure random source. */
export function generateSm2KeyPair(): Sm2KeyPair {
  const { publicKey, privateKey } = sm2.generateKeyPairHex();
  return { publicKey: publicKey.toLowerCase(), privateKey: privateKey.toLowerCase() };
}

/** Whether `publicKey` (hex) is an uncompressed point on the SM2 curve. */
export function isSm2PublicKey(publicKey: string): boolean {
  return HEX_PUBLIC_KEY.test(publicKey) && sm2.verifyPublicKey(publicKey.toLowerCase());
}

/**
 * The SM2 signature of `message` with `privateKey`: SM3 over Z(ID, public key) and the message,
 * DER-encoded (SEQUENCE of r and s) as keys and OpenSSL give it.
 */
export function sm2Sign(message: Uint8Array, keys: Sm2KeyPair, userId = SM2_DEFAULT_ID): Buffer {
  const hex = sm2.doSignature(message, keys.privateKey, {
    der: true,
    hash: true,
    publicKey: keys.publicKey,
    userId,
  });
  return Buffer.from(hex, 'hex');
}

/**
 * Whether `signature` (DER) is `publicKey`'s SM2 signature of `message` under `userId`. A
 * malformed signature or key is simply not valid.
 */
export function sm2Verify(
  message: Uint8Array,
  signature: Uint8Array,
  publicKey: string,
  userId = SM2_DEFAULT_ID,
): boolean {
  if (!isSm2PublicKey(publicKey) || signature.length < 8 || signature.length > 80) return false;
  try {
    return sm2.doVerifySignature(message, Buffer.from(signature).toString('hex'), publicKey, {
      der: true,
      hash: true,
      userId,
    });
  } catch {
    return false;
  }
}

/** SM3 of `data`, hex. */
export function sm3Hex(data: Uint8Array): string {
  return sm3(data);
}

/** The SubjectPublicKeyInfo (DER) of an SM2 public key. */
export function sm2PublicKeyToSpki(publicKey: string): Buffer {
  if (!HEX_PUBLIC_KEY.test(publicKey)) throw new Error('not an uncompressed SM2 public key');
  return Buffer.concat([SPKI_PREFIX, Buffer.from(publicKey, 'hex')]);
}

/** The public key (hex) of an SM2 SubjectPublicKeyInfo, or null when it is anything else. */
export function sm2PublicKeyFromSpki(spki: Uint8Array): string | null {
  const bytes = Buffer.from(spki);
  if (bytes.length !== SPKI_PREFIX.length + 65) return null;
  if (!bytes.subarray(0, SPKI_PREFIX.length).equals(SPKI_PREFIX)) return null;
  const publicKey = bytes.subarray(SPKI_PREFIX.length).toString('hex');
  return isSm2PublicKey(publicKey) ? publicKey : null;
}

/** The SubjectPublicKeyInfo of an SM2 public key, PEM. */
export function sm2PublicKeyToPem(publicKey: string): string {
  return pem('PUBLIC KEY', sm2PublicKeyToSpki(publicKey));
}

/**
 * An SM2 key pair as an ECPrivateKey (RFC 5915, DER) — `openssl pkey` and Node's
 * `createPrivateKey({ format: 'der', type: 'sec1' })` read it; either writes PKCS#8 from it.
 */
export function sm2PrivateKeyToSec1(keys: Sm2KeyPair): Buffer {
  if (!HEX_PRIVATE_KEY.test(keys.privateKey)) throw new Error('not an SM2 private key');
  return Buffer.concat([
    SEC1_PREFIX,
    Buffer.from(keys.privateKey, 'hex'),
    SEC1_MIDDLE,
    sm2PublicKeyToSpki(keys.publicKey).subarray(SPKI_PREFIX.length),
  ]);
}

/** An SM2 key pair as PEM (`EC PRIVATE KEY`). */
export function sm2PrivateKeyToPem(keys: Sm2KeyPair): string {
  return pem('EC PRIVATE KEY', sm2PrivateKeyToSec1(keys));
}

/** The public key of an SM2 private key (hex). */
export function sm2PublicKeyOf(privateKey: string): string {
  return sm2.getPublicKeyFromPrivateKey(privateKey).toLowerCase();
}

function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
