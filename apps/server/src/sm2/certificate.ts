/**
 * X.509 certificates over SM2 public keys: issued by the platform's authority (an RSA CA, see
 * signing/authority.ts), and read from whatever a key holds (a vendor's CA may sign with SM2).
 *
 * node-forge builds certificates over RSA keys only, so the certificate is built with forge around
 * a stand-in RSA key whose SubjectPublicKeyInfo is then replaced by the SM2 one before the
 * authority signs the to-be-signed part (SHA-256 with RSA, Node's crypto). Reading uses Node's
 * `X509Certificate`, which parses any certificate OpenSSL does.
 */
import { X509Certificate, createHash, sign } from 'node:crypto';
import forge from 'node-forge';
import type { PlatformAuthority } from '../signing/authority';
import { OIDS, randomSerial } from '../signing/cms';
import { sm2PublicKeyFromSpki, sm2PublicKeyToSpki } from './keys';

/** An attribute of a certificate's subject, as forge takes it. */
export interface NameAttribute {
  shortName?: string;
  type?: string;
  value: string;
}

export interface IssuedSm2Certificate {
  /** The certificate, DER. */
  der: Buffer;
  pem: string;
  /** Serial number, hex (lower case), as `Sm2Certificate.serial` reads it. */
  serial: string;
  /** SHA-256 of the DER, hex (lower case). */
  fingerprint: string;
  notBefore: Date;
  notAfter: Date;
}

/** The placeholder key forge needs in order to build the certificate; replaced before signing. */
let placeholder: forge.pki.rsa.PublicKey | undefined;
function placeholderKey(): forge.pki.rsa.PublicKey {
  placeholder ??= forge.pki.setRsaPublicKey(
    new forge.jsbn.BigInteger('f'.repeat(64), 16),
    new forge.jsbn.BigInteger('10001', 16),
  );
  return placeholder;
}

/**
 * A certificate over the SM2 `publicKey` (hex `04…`) for `subject`, valid from `notBefore` to
 * `notAfter`, issued by the platform's authority as an end entity: key usage digitalSignature
 * (critical), the extended key usages given (clientAuth by default), the key identifiers.
 */
export function issueSm2Certificate(
  authority: PlatformAuthority,
  {
    publicKey,
    subject,
    notBefore,
    notAfter,
    extendedKeyUsage = { clientAuth: true },
  }: {
    publicKey: string;
    subject: NameAttribute[];
    notBefore: Date;
    notAfter: Date;
    /** forge's names (`clientAuth`, id-kp-clientAuth: the certificate proves who logs in) or OIDs. */
    extendedKeyUsage?: Record<string, boolean>;
  },
): IssuedSm2Certificate {
  const spki = sm2PublicKeyToSpki(publicKey);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = placeholderKey();
  certificate.serialNumber = randomSerial().toString('hex');
  certificate.validity.notBefore = notBefore;
  certificate.validity.notAfter = notAfter;
  certificate.setSubject(
    // Every name as a UTF8String (forge encodes the value itself), so Chinese names stay whole.
    subject.map((name) => ({
      ...name,
      valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
    })),
  );
  certificate.setIssuer(authority.certificate.subject.attributes);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, critical: true },
    { name: 'extKeyUsage', ...extendedKeyUsage },
    // RFC 5280 §4.2.1.2 method (1): SHA-1 of the subject public key's bits.
    {
      name: 'subjectKeyIdentifier',
      subjectKeyIdentifier: createHash('sha1').update(Buffer.from(publicKey, 'hex')).digest('hex'),
    },
    {
      name: 'authorityKeyIdentifier',
      keyIdentifier: authority.certificate.generateSubjectKeyIdentifier().getBytes(),
    },
  ]);
  certificate.siginfo.algorithmOid = OIDS.sha256WithRsa;
  certificate.signatureOid = OIDS.sha256WithRsa;
  // forge.pki.getTBSCertificate exists (forge's own sign uses it) but its typings leave it out.
  const { getTBSCertificate } = forge.pki as unknown as {
    getTBSCertificate(certificate: forge.pki.Certificate): forge.asn1.Asn1;
  };
  const tbs = getTBSCertificate(certificate);
  const placeholderSpki = forge.asn1.toDer(forge.pki.publicKeyToAsn1(placeholderKey())).getBytes();
  const parts = tbs.value as forge.asn1.Asn1[];
  const at = parts.findIndex((part) => forge.asn1.toDer(part).getBytes() === placeholderSpki);
  if (at < 0) throw new Error('the certificate has no public key to replace');
  parts[at] = forge.asn1.fromDer(spki.toString('binary'));
  const tbsDer = Buffer.from(forge.asn1.toDer(tbs).getBytes(), 'binary');
  const signature = sign('sha256', tbsDer, authority.key);
  const { asn1 } = forge;
  const whole = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    tbs,
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
      asn1.create(
        asn1.Class.UNIVERSAL,
        asn1.Type.OID,
        false,
        asn1.oidToDer(OIDS.sha256WithRsa).getBytes(),
      ),
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, ''),
    ]),
    asn1.create(
      asn1.Class.UNIVERSAL,
      asn1.Type.BITSTRING,
      false,
      `\u0000${signature.toString('binary')}`,
    ),
  ]);
  const der = Buffer.from(asn1.toDer(whole).getBytes(), 'binary');
  const read = readSm2Certificate(der);
  if (!read) throw new Error('the issued certificate does not read back as SM2');
  return {
    der,
    pem: read.pem,
    serial: read.serial,
    fingerprint: read.fingerprint,
    notBefore: read.notBefore,
    notAfter: read.notAfter,
  };
}

/** What the platform reads of a certificate over an SM2 key. */
export interface Sm2Certificate {
  der: Buffer;
  pem: string;
  /** Serial number, hex (lower case, without leading zero bytes' separators). */
  serial: string;
  /** SHA-256 of the DER, hex (lower case): how a key's certificate is named in calls. */
  fingerprint: string;
  /** The subject and the issuer as one line each (`CN=…`, RFC 2253-like as OpenSSL prints it). */
  subject: string;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
  /** The SM2 public key, hex `04…`. */
  publicKey: string;
  /** Node's parsed certificate (to check its issuer's signature, for instance). */
  x509: X509Certificate;
}

/**
 * A certificate (DER or PEM) whose key is an SM2 public key, read; null when it is not a
 * certificate or its key is anything else (RSA, another curve).
 */
export function readSm2Certificate(data: Uint8Array | string): Sm2Certificate | null {
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(typeof data === 'string' ? data : Buffer.from(data));
  } catch {
    return null;
  }
  let publicKey: string | null;
  try {
    publicKey = sm2PublicKeyFromSpki(x509.publicKey.export({ type: 'spki', format: 'der' }));
  } catch {
    publicKey = null;
  }
  if (!publicKey) return null;
  const der = x509.raw;
  return {
    der,
    pem: x509.toString(),
    serial: x509.serialNumber.toLowerCase(),
    fingerprint: createHash('sha256').update(der).digest('hex'),
    subject: x509.subject.replace(/\n/g, ', '),
    issuer: x509.issuer.replace(/\n/g, ', '),
    notBefore: new Date(x509.validFrom),
    notAfter: new Date(x509.validTo),
    publicKey,
    x509,
  };
}
