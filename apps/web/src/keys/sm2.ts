/**
 * SM2 over SM3 in the browser, from `sm-crypto-v2` (on @noble/curves) — the library the server's
 * `sm2/` verifies with, and whose signatures the server's tests check with the `openssl` command.
 * WebCrypto has no SM2. This module is loaded only when a key is used (it stays out of the login
 * page's first load).
 */
import { sm2 } from 'sm-crypto-v2';

/** GM/T 0009's default distinguishing ID. */
const DISTINGUISHING_ID = '1234567812345678';

export interface Sm2KeyPair {
  /** `04` + x + y, hex. */
  publicKey: string;
  /** 32 bytes, hex. */
  privateKey: string;
}

/** A new SM2 key pair (sm-crypto-v2 draws from the browser's secure random source). */
export function generateSm2KeyPair(): Sm2KeyPair {
  const { publicKey, privateKey } = sm2.generateKeyPairHex();
  return { publicKey: publicKey.toLowerCase(), privateKey: privateKey.toLowerCase() };
}

/** Whether `privateKey` is the private key of `publicKey`. */
export function isKeyPair({ publicKey, privateKey }: Sm2KeyPair): boolean {
  return sm2.getPublicKeyFromPrivateKey(privateKey).toLowerCase() === publicKey.toLowerCase();
}

/** The SM2 signature of `text` (UTF-8) with the default distinguishing ID: DER, base64. */
export function sm2SignText(text: string, keys: Sm2KeyPair): string {
  const hex = sm2.doSignature(new TextEncoder().encode(text), keys.privateKey, {
    der: true,
    hash: true,
    publicKey: keys.publicKey,
    userId: DISTINGUISHING_ID,
  });
  return bytesToBase64(hexToBytes(hex));
}

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
