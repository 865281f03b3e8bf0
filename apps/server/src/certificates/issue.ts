/**
 * Certificates the platform's authority (signing/authority.ts) issues to a company — its
 * communication certificates (RSA 2048 or SM2) and its digital (signing) certificates (RSA 2048) —
 * and what the platform reads of any certificate it holds.
 *
 * RSA keys come from Node's crypto; SM2 keys from the sm2 area (`sm-crypto-v2`), whose
 * `issueSm2Certificate` builds a certificate over an SM2 key. Either is signed by the authority
 * with SHA-256 and RSA.
 */
import {
  X509Certificate,
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  sign,
  type KeyObject,
} from 'node:crypto';
import forge from 'node-forge';
import type { CommunicationCertAlgorithm } from '@esign/platform';
import type { Database } from '../db';
import { platformAuthority, type PlatformAuthority } from '../signing';
import { OIDS, randomSerial } from '../signing/cms';
import {
  generateSm2KeyPair,
  issueSm2Certificate,
  readSm2Certificate,
  sm2PrivateKeyToSec1,
} from '../sm2';

/** Extended key usage id-kp-documentSigning (RFC 9336). */
const DOCUMENT_SIGNING = '1.3.6.1.5.5.7.3.36';
/** id-at-organizationIdentifier (X.520), which forge has no short name for. */
const ORGANIZATION_IDENTIFIER = '2.5.4.97';

/** Whom a certificate names: the company, and what the certificate is for. */
export interface CertificateHolder {
  /** The certificate's common name. */
  commonName: string;
  /** The company's full name: the organisation (O). */
  organisation: string;
  /** The company's unified social credit code, when it has one: `NTRCN-<code>`. */
  creditCode?: string | null | undefined;
}

/** What a certificate is for: identifying software to the open API, or signing documents. */
export type CertificatePurpose = 'communication' | 'documentSigning';

/** A key made now and the certificate the authority issued over it. */
export interface IssuedCertificate {
  privateKey: KeyObject;
  certificate: X509Certificate;
  /** The authority's certificate (DER): the chain that goes with it. */
  authority: Buffer;
}

type NameAttribute = { shortName?: string; type?: string; value: string };

function subjectOf(holder: CertificateHolder): NameAttribute[] {
  const subject: NameAttribute[] = [
    { shortName: 'CN', value: holder.commonName },
    { shortName: 'O', value: holder.organisation },
  ];
  const code = holder.creditCode?.trim();
  if (code) subject.push({ type: ORGANIZATION_IDENTIFIER, value: `NTRCN-${code}` });
  return subject;
}

/** The validity: from a minute ago (clocks differ) for `years`. */
function validity(now: Date, years: number): { notBefore: Date; notAfter: Date } {
  const notBefore = new Date(now.getTime() - 60_000);
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + years);
  return { notBefore, notAfter };
}

/** The extended key usages of each purpose. */
const USAGES: Record<CertificatePurpose, Record<string, boolean>> = {
  // The certificate proves who calls (TLS client authentication, a signed request).
  communication: { clientAuth: true },
  // As the signer certificates of signing/authority.ts: RFC 9336, and what older NSS asks.
  documentSigning: { emailProtection: true, [DOCUMENT_SIGNING]: true },
};

/**
 * A new key of `algorithm` and its certificate for `holder`, issued by the platform's authority
 * for `purpose`, valid `years` from now.
 */
export async function issueCompanyCertificate(
  database: Database,
  {
    algorithm,
    holder,
    purpose,
    years,
    now = new Date(),
  }: {
    algorithm: CommunicationCertAlgorithm;
    holder: CertificateHolder;
    purpose: CertificatePurpose;
    years: number;
    now?: Date;
  },
): Promise<IssuedCertificate> {
  const authority = await platformAuthority(database);
  const authorityDer = derOfForge(authority.certificate);
  const { notBefore, notAfter } = validity(now, years);
  if (algorithm === 'SM2') {
    const keys = generateSm2KeyPair();
    const issued = issueSm2Certificate(authority, {
      publicKey: keys.publicKey,
      subject: subjectOf(holder),
      notBefore,
      notAfter,
      extendedKeyUsage: USAGES[purpose],
    });
    return {
      privateKey: createPrivateKey({ key: sm2PrivateKeyToSec1(keys), format: 'der', type: 'sec1' }),
      certificate: new X509Certificate(issued.der),
      authority: authorityDer,
    };
  }
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  certificate.serialNumber = randomSerial().toString('hex');
  certificate.validity.notBefore = notBefore;
  certificate.validity.notAfter = notAfter;
  certificate.setSubject(
    // Every name a UTF8String (forge encodes the value itself), so that Chinese names stay whole.
    subjectOf(holder).map((name) => ({
      ...name,
      valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
    })),
  );
  certificate.setIssuer(authority.certificate.subject.attributes);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    {
      name: 'keyUsage',
      digitalSignature: true,
      nonRepudiation: purpose === 'documentSigning',
      critical: true,
    },
    { name: 'extKeyUsage', ...USAGES[purpose] },
    { name: 'subjectKeyIdentifier' },
    {
      name: 'authorityKeyIdentifier',
      keyIdentifier: authority.certificate.generateSubjectKeyIdentifier().getBytes(),
    },
  ]);
  signWithAuthority(certificate, authority);
  return {
    privateKey,
    certificate: new X509Certificate(derOfForge(certificate)),
    authority: authorityDer,
  };
}

/** Signs `certificate` (SHA-256 with RSA) with the authority's key, by Node's RSA. */
function signWithAuthority(certificate: forge.pki.Certificate, authority: PlatformAuthority) {
  certificate.siginfo.algorithmOid = OIDS.sha256WithRsa;
  certificate.signatureOid = OIDS.sha256WithRsa;
  // forge.pki.getTBSCertificate exists (forge's own sign uses it) but its typings leave it out.
  const { getTBSCertificate } = forge.pki as unknown as {
    getTBSCertificate(certificate: forge.pki.Certificate): forge.asn1.Asn1;
  };
  const tbs = forge.asn1.toDer(getTBSCertificate(certificate)).getBytes();
  certificate.signature = sign('sha256', Buffer.from(tbs, 'binary'), authority.key).toString(
    'binary',
  );
}

/** A forge certificate's DER. */
export function derOfForge(certificate: forge.pki.Certificate): Buffer {
  return Buffer.from(
    forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(),
    'binary',
  );
}

/** What the platform records of a certificate. */
export interface CertificateFacts {
  /** Hexadecimal in capitals, without leading zeros beyond a whole byte. */
  serial: string;
  subject: string;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
  /** SHA-256 of the DER, hexadecimal (lower case). */
  fingerprint: string;
  /** `RSA`, `SM2`, `EC` (another curve) or the key type Node names. */
  algorithm: string;
  /** The key's length in bits (an RSA modulus; an elliptic curve's order). */
  keyBits: number;
}

/** Reads what the platform records of `certificate`. */
export function certificateFacts(certificate: X509Certificate): CertificateFacts {
  const key = certificate.publicKey;
  const details = key.asymmetricKeyDetails ?? {};
  const curve = details.namedCurve ?? '';
  // Node names no curve for an SM2 key in a certificate: the sm2 area reads it.
  const sm2 = readSm2Certificate(certificate.raw) !== null;
  const algorithm = sm2
    ? 'SM2'
    : key.asymmetricKeyType === 'rsa'
      ? 'RSA'
      : (key.asymmetricKeyType ?? 'unknown').toUpperCase();
  const keyBits =
    details.modulusLength ??
    (sm2 || /256/.test(curve) ? 256 : /384/.test(curve) ? 384 : /521/.test(curve) ? 521 : 0);
  return {
    serial: certificate.serialNumber.toUpperCase(),
    subject: oneLine(certificate.subject),
    issuer: oneLine(certificate.issuer),
    notBefore: new Date(certificate.validFrom),
    notAfter: new Date(certificate.validTo),
    fingerprint: createHash('sha256').update(certificate.raw).digest('hex'),
    algorithm,
    keyBits,
  };
}

/**
 * A name as Node prints it (one attribute a line, RFC 2253's escapes), on one line as people
 * read it: `CN=Demo Technology Co., Ltd., O=…` (a comma inside a value unescaped).
 */
function oneLine(name: string): string {
  return name
    .split('\n')
    .filter(Boolean)
    .map((attribute) => attribute.replace(/\\([,+"\\<>;=#])/g, '$1'))
    .join(', ');
}

/** A certificate in PEM. */
export const pemOf = (certificate: X509Certificate): string => certificate.toString();
