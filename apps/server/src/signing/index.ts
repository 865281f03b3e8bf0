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
import { PATHS } from '@esign/platform';
import forge from 'node-forge';
import type { Database } from '../db';
import {
  signatureCertificate,
  signerCredentials,
  type SignerIdentity,
  type SigningCredentials,
} from './authority';
import type { TimestampAuthority } from './cms';
import { PADES_SUBFILTER, SIGNATURE_PLACEHOLDER_BYTES, fillSignature } from './pades';
import { certificateRevocationList } from './revocation';
import { platformTimestamps } from './timestamp';
import { appendSigningUpdate, type SealStamp } from './update';

export {
  SignerRevokedError,
  platformAuthority,
  signerCredentials,
  type SignerIdentity,
  type SigningCredentials,
  type PlatformAuthority,
} from './authority';
export { verifyContractPdf, type VerifiedSignature } from './verify';
export {
  certificateRevocationList,
  revokeSigner,
  REVOCATION_REASONS,
  type RevocationReason,
} from './revocation';
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
   * The CRLs and timestamp authority's certificates for the file's /DSS (`validationData`), when
   * the caller fetched them already (inside a transaction, as for `credentials`).
   */
  validation?: SigningValidation | undefined;
  /**
   * Who stamps the signature's time (PAdES B-T): the platform's own timestamp authority unless
   * told (the app's, from TSA_URL). Its failure fails the signature (`TimestampError`).
   */
  timestamps?: TimestampAuthority | undefined;
}

/** What a signature's /DSS carries besides the signer's own chain. */
export interface SigningValidation {
  /** The platform CA's CRL now (DER). */
  crls: Buffer[];
  /** The timestamp authority's certificates (DER). */
  timestampCertificates: Buffer[];
  /** Where the CA's CRL is served, named in each signature's certificate (PUBLIC_URL's). */
  crlUrl?: string | undefined;
}

/**
 * The CRL and timestamp certificates a signature made now carries (PAdES B-LT); fetched before a
 * transaction, since it reads the database and, for TSA_URL, asks the authority once an hour.
 */
export async function validationData(
  database: Database,
  timestamps: TimestampAuthority = platformTimestamps(database),
  publicUrl?: string,
): Promise<SigningValidation> {
  const [crl, timestampCertificates] = await Promise.all([
    certificateRevocationList(database),
    timestamps.certificates(),
  ]);
  return {
    crls: [crl],
    timestampCertificates,
    crlUrl: publicUrl ? `${publicUrl}/api${PATHS.signingAuthorityCrl}` : undefined,
  };
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
  /** The serial of the signer's key record (signer_certificates), which this certificate certifies. */
  keySerial: string;
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
  const [credentials, validation] = await Promise.all([
    input.credentials ?? signerCredentials(database, input.signer),
    input.validation ?? validationData(database, timestamps),
  ]);
  const own = { ...credentials, ...signatureCertificate(credentials, validation.crlUrl) };
  const prepared = await appendSigningUpdate(input.pdf, input.stamps, input.sealPng, {
    reason: input.reason,
    name: input.signer.name,
    location: input.location,
    signingTime,
    subFilter: PADES_SUBFILTER,
    placeholderBytes: SIGNATURE_PLACEHOLDER_BYTES + timestamps.tokenBytes,
    validation: {
      certificates: [...own.chain.map(derOf), ...validation.timestampCertificates],
      crls: validation.crls,
    },
  });
  const pdf = await fillSignature(prepared, own, signingTime, timestamps);
  const subject = own.certificate.subject.attributes
    .map((attribute) => `${attribute.shortName}=${String(attribute.value)}`)
    .join(',');
  return {
    pdf,
    sha256: createHash('sha256').update(pdf).digest('hex'),
    signatureInfo: {
      signerId: input.signer.id,
      keySerial: credentials.certificate.serialNumber,
      certificateSerial: own.certificate.serialNumber,
      certificateSubject: subject,
      signingTime,
      addedBytes: pdf.byteLength - input.pdf.byteLength,
    },
  };
}

/** A certificate in DER. */
function derOf(certificate: forge.pki.Certificate): Buffer {
  return Buffer.from(
    forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(),
    'binary',
  );
}
