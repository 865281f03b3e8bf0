/**
 * How the browser talks to a hardware key (see CONTEXT.md): a `KeyAgent` lists the SM2
 * certificates a key holds and, once the key's PIN unlocks it, signs with the key of one of them.
 * The software key (softwareKey.ts) is one agent; a vendor's local agent is another, plugged in
 * through `VENDOR_AGENTS` (vendorAgents.ts).
 */

/** A certificate a key holds, as the login and the user center show it. */
export interface KeyCertificate {
  /** SHA-256 of the certificate's DER, hex: how the platform names it when logging in. */
  fingerprint: string;
  /** Serial number, hex. */
  serial: string;
  subject: string;
  issuer: string;
  /** The certificate's end, ISO 8601. */
  notAfter: string;
}

/** A key unlocked by its PIN, ready to sign with one certificate's key. */
export interface KeySigner {
  certificate: KeyCertificate;
  /**
   * The SM2 signature (over SM3, GM/T 0009's default distinguishing ID 1234567812345678) of
   * `text` as UTF-8 bytes, DER in base64.
   */
  sign(text: string): Promise<string>;
}

/** A hardware key as the browser reaches it. */
export interface KeyAgent {
  /** `software` for a key file, else the vendor agent's id. */
  readonly kind: string;
  /** What the key is called (a key file's name, a vendor device's label). */
  readonly label: string;
  /** The SM2 certificates the key holds; empty when it holds none of that type. */
  certificates(): Promise<KeyCertificate[]>;
  /**
   * Checks `pin` with the key and unlocks the key of certificate `fingerprint`. A wrong PIN
   * rejects with `KeyError('wrongPin')` and nothing is signed or sent anywhere.
   */
  unlock(fingerprint: string, pin: string): Promise<KeySigner>;
}

/** Why a key could not do what was asked; the screens say it in the user's language. */
export type KeyProblem =
  /** The PIN does not open the key. */
  | 'wrongPin'
  /** The chosen file is not a key file of this platform (or was altered). */
  | 'notKeyFile'
  /** The key holds no SM2 certificate ('There is no certificate of this type in Key'). */
  | 'noCertificate'
  /** The browser lacks what the key needs (WebCrypto outside a secure context). */
  | 'unsupported';

export class KeyError extends Error {
  constructor(readonly problem: KeyProblem) {
    super(problem);
    this.name = 'KeyError';
  }
}
