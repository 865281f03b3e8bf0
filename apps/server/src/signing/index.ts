/**
 * Signing a contract's PDF (issue 11): the signer's seal stamped at the template's stamp
 * locations and a PAdES signature under a certificate the platform's authority issued to that
 * signer, in one incremental update, so that the PDF only grows and every earlier signature stays
 * valid.
 *
 * Every signer appends, the first one too: the document as filled (values written by
 * `renderContractPdf`, a whole rewrite that belongs before any signature) is then the exact prefix
 * of every signed version, and one code path serves every signature. Stamping the first seal with
 * `renderContractPdf` would save nothing: it rewrites the file and still needs the signature's
 * own update after it.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db';
import {
  signatureCertificate,
  signerCredentials,
  type SignerIdentity,
  type SigningCredentials,
} from './authority';
import type { TimestampAuthority } from './cms';
import { PADES_SUBFILTER, SIGNATURE_PLACEHOLDER_BYTES, fillSignature } from './pades';
import { platformTimestamps } from './timestamp';
import { appendSigningUpdate, type SealStamp } from './update';

export {
  platformAuthority,
  signerCredentials,
  type SignerIdentity,
  type SigningCredentials,
  type PlatformAuthority,
} from './authority';
export { verifyContractPdf, type VerifiedSignature } from './verify';
export type { TimestampAuthority } from './cms';
export {
  platformTimestamps,
  remoteTimestamps,
  TimestampError,
  type TimestampFailure,
} from './timestamp';
export type { SealStamp } from './update';

/** One party's signature on a contract. */
export interface SignContractInput {
  /**
   * The contract's PDF as it stands: the filled document before the first signature, the last
   * signer's result after it. Never changed; it is an exact prefix of the result.
   */
  pdf: Uint8Array;
  /** This signer's stamp locations (`deriveStampLocations` filtered to the signer's seal). */
  stamps: readonly SealStamp[];
  /** The signer's seal (or signature) image: PNG, or JPEG. */
  sealPng: Uint8Array;
  signer: SignerIdentity;
  /** Why the signer signs, written into the signature, e.g. "Party B signs contract HT-001". */
  reason: string;
  location?: string | undefined;
  /** The claimed signing time; now by default. */
  signingTime?: Date | undefined;
  /**
   * The signer's credentials, when the caller fetched them already (`signerCredentials`): a
   * caller inside a transaction on the embedded database must, since PGlite's one connection
   * would make a query from outside that transaction wait for it.
   */
  credentials?: SigningCredentials | undefined;
  /**
   * Who stamps the signature's time (PAdES B-T): the platform's own timestamp authority unless
   * told (the app's, from TSA_URL). Its failure fails the signature (`TimestampError`).
   */
  timestamps?: TimestampAuthority | undefined;
}

/** What one signature made. */
export interface SignContractResult {
  /** The signed PDF: the input's bytes followed by the stamp's and the signature's updates. */
  pdf: Uint8Array;
  /** SHA-256 of `pdf`, lower-case hex: for the audit trail and the stored file. */
  sha256: string;
  signatureInfo: SignatureInfo;
}

/** The signature just made, as the audit trail records it. */
export interface SignatureInfo {
  signerId: string;
  /** The certificate's serial number (hex) and subject. */
  certificateSerial: string;
  certificateSubject: string;
  signingTime: Date;
  /** Bytes this signature added to the file (the stamp, the signature field and the signature). */
  addedBytes: number;
}

/**
 * Stamps the signer's seal at `stamps` and signs the result as that signer (issuing the signer's
 * certificate on the first signature). Fails with the editor's `PdfError` for a document that
 * cannot be signed faithfully (encrypted, damaged, a stamp on a missing page, a bad image).
 */
export async function signContract(
  database: Database,
  input: SignContractInput,
): Promise<SignContractResult> {
  const signingTime = input.signingTime ?? new Date();
  const timestamps = input.timestamps ?? platformTimestamps(database);
  const [credentials, prepared] = await Promise.all([
    input.credentials ?? signerCredentials(database, input.signer),
    appendSigningUpdate(input.pdf, input.stamps, input.sealPng, {
      reason: input.reason,
      name: input.signer.name,
      location: input.location,
      signingTime,
      subFilter: PADES_SUBFILTER,
      placeholderBytes: SIGNATURE_PLACEHOLDER_BYTES + timestamps.tokenBytes,
    }),
  ]);
  const own = { ...credentials, ...signatureCertificate(credentials) };
  const pdf = await fillSignature(prepared, own, signingTime, timestamps);
  const subject = own.certificate.subject.attributes
    .map((attribute) => `${attribute.shortName}=${String(attribute.value)}`)
    .join(',');
  return {
    pdf,
    sha256: createHash('sha256').update(pdf).digest('hex'),
    signatureInfo: {
      signerId: input.signer.id,
      certificateSerial: own.certificate.serialNumber,
      certificateSubject: subject,
      signingTime,
      addedBytes: pdf.byteLength - input.pdf.byteLength,
    },
  };
}
