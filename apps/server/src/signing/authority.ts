/**
 * The platform's own certificate authority and the certificates it issues to signers.
 *
 * RSA 2048 throughout: NSS (and so poppler's `pdfsig`), Acrobat and OpenSSL all verify it, and
 * node-forge — which builds the certificates — signs with RSA only. Key pairs, and the signatures
 * of documents (cms.ts), come from `node:crypto` (native, milliseconds) rather than forge's
 * pure-JavaScript RSA.
 *
 * The authority's key and certificate are one row of `server_keys` (`signing-ca`), created on
 * first start by whichever process gets there first (insert if absent, then read), so that every
 * process on one database signs under the same authority. Signers' keys and certificates are rows
 * of `signer_certificates` (migration 10). Private keys are stored as PKCS#8 PEM in the database,
 * as the JWT key is: whoever reads the database can sign as the platform.
 */
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import type { Database } from '../db';
import { OIDS, randomSerial } from './cms';

/** Who signs: a person, or a person signing for a company. */
export interface SignerIdentity {
  /**
   * The caller's stable key for this signer, e.g. `user:12` or `company:5:user:12`: the signer's
   * certificate is kept under it and reused for every later signature.
   */
  id: string;
  /** The signer's name: the certificate's common name (CN). */
  name: string;
  /** For a company's signature, the company's name: the certificate's organisation (O). */
  organisation?: string | undefined;
  /**
   * And the company's unified social credit code: the certificate's organizationIdentifier
   * (2.5.4.97) as ETSI EN 319 412-1 writes a national trade register number, `NTRCN-<code>`.
   */
  organisationId?: string | undefined;
}

/** A key and the certificate chain that vouches for it, ready to make a CMS signature. */
export interface SigningCredentials {
  /** The signer's private key, for Node's native RSA (cms.ts). */
  privateKey: KeyObject;
  /**
   * The signer's certificate as stored: the record of the signer's key, name and validity, from
   * which each signature's own certificate is issued (`signatureCertificate`).
   */
  certificate: forge.pki.Certificate;
  /** The signer's certificate, then the authority's: what a verifier needs besides its trust. */
  chain: forge.pki.Certificate[];
  /** The authority that issued it, which issues each signature's certificate too. */
  issuer?: PlatformAuthority | undefined;
}

/** A signer whose key the platform revoked (revocation.ts): nothing more is signed with it. */
export class SignerRevokedError extends Error {
  constructor(readonly signerId: string) {
    super(`The signing key of ${signerId} is revoked`);
    this.name = 'SignerRevokedError';
  }
}

/** The platform's certificate authority. */
export interface PlatformAuthority {
  /** The authority's key, for Node's native RSA: it signs certificates and CRLs. */
  key: KeyObject;
  certificate: forge.pki.Certificate;
  /** The authority's certificate in PEM: what a verifier adds to its trusted roots. */
  certificatePem: string;
}

const AUTHORITY_KEY_ID = 'signing-ca';
const AUTHORITY_YEARS = 20;
const TIMESTAMPING_KEY_ID = 'signing-tsa';
/**
 * How long the timestamp authority's certificate is valid: its tokens are checked against it for
 * as long as the contracts matter, so it outlives signers' certificates by far; it is replaced
 * (a new key, a new certificate) before its last year so that no token is made near its end.
 */
const TIMESTAMPING_YEARS = 10;
const TIMESTAMPING_RENEW_BEFORE_MS = 365 * 24 * 3600 * 1000;
/** How long a signer's certificate is valid. */
export const SIGNER_CERTIFICATE_YEARS = 2;
/** A signer's certificate this close to its end is replaced rather than used for a new signature. */
const RENEW_BEFORE_MS = 30 * 24 * 3600 * 1000;
/** Extended key usage id-kp-documentSigning (RFC 9336). */
const DOCUMENT_SIGNING = '1.3.6.1.5.5.7.3.36';

const authorities = new WeakMap<Database, Promise<PlatformAuthority>>();
const timestampers = new WeakMap<Database, Promise<SigningCredentials>>();

/**
 * The platform's authority: created and stored on the first call against a database, read back
 * on every later one (and by every other process on the same database).
 */
export function platformAuthority(database: Database): Promise<PlatformAuthority> {
  let pending = authorities.get(database);
  if (!pending) {
    pending = loadAuthority(database);
    // A failed read (database down) is tried again on the next call rather than remembered.
    pending.catch(() => authorities.delete(database));
    authorities.set(database, pending);
  }
  return pending;
}

async function loadAuthority(database: Database): Promise<PlatformAuthority> {
  const [existing] = await readAuthorityRow(database);
  if (!existing) {
    await database.query(
      'INSERT INTO server_keys (id, secret) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
      [AUTHORITY_KEY_ID, JSON.stringify(createAuthority())],
    );
  }
  const [row] = existing ? [existing] : await readAuthorityRow(database);
  const stored = JSON.parse(row!.secret) as StoredKeyPair;
  return {
    key: createPrivateKey(stored.privateKeyPem),
    certificate: forge.pki.certificateFromPem(stored.certificatePem),
    certificatePem: stored.certificatePem,
  };
}

function readAuthorityRow(database: Database) {
  return database.query<{ secret: string }>('SELECT secret FROM server_keys WHERE id = $1', [
    AUTHORITY_KEY_ID,
  ]);
}

/**
 * The key and certificate of the platform's own timestamp authority (RFC 3161): issued by the
 * platform's authority with the critical extended key usage timeStamping (RFC 3161 §2.3), kept
 * like the authority's own key (one row of `server_keys`, made by whichever process gets there
 * first), and issued afresh once it nears its end.
 */
export function timestampingCredentials(database: Database): Promise<SigningCredentials> {
  let pending = timestampers.get(database);
  if (!pending) {
    pending = loadTimestamping(database);
    pending.catch(() => timestampers.delete(database));
    timestampers.set(database, pending);
  }
  return pending.then((credentials) => {
    const left = credentials.certificate.validity.notAfter.getTime() - Date.now();
    if (left > TIMESTAMPING_RENEW_BEFORE_MS) return credentials;
    timestampers.delete(database);
    return loadTimestamping(database, credentials.certificate.serialNumber);
  });
}

async function loadTimestamping(
  database: Database,
  replacing?: string,
): Promise<SigningCredentials> {
  const authority = await platformAuthority(database);
  const read = () =>
    database.query<{ secret: string }>('SELECT secret FROM server_keys WHERE id = $1', [
      TIMESTAMPING_KEY_ID,
    ]);
  let [row] = await read();
  const stale =
    row && replacing !== undefined
      ? forge.pki.certificateFromPem((JSON.parse(row.secret) as StoredKeyPair).certificatePem)
          .serialNumber === replacing
      : false;
  if (!row || stale) {
    const issued = JSON.stringify(issueTimestamping(authority));
    // A replacement is written only over the certificate it replaces: two processes renewing at
    // once keep the first one's.
    await (row
      ? database.query(`UPDATE server_keys SET secret = $2 WHERE id = $1 AND secret = $3`, [
          TIMESTAMPING_KEY_ID,
          issued,
          row.secret,
        ])
      : database.query(
          'INSERT INTO server_keys (id, secret) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
          [TIMESTAMPING_KEY_ID, issued],
        ));
    [row] = await read();
  }
  const stored = JSON.parse(row!.secret) as StoredKeyPair;
  const certificate = forge.pki.certificateFromPem(stored.certificatePem);
  return {
    privateKey: createPrivateKey(stored.privateKeyPem),
    certificate,
    chain: [certificate, authority.certificate],
  };
}

function issueTimestamping(authority: PlatformAuthority): StoredKeyPair {
  const keys = rsaKeyPair();
  const certificate = newCertificate(
    keys.publicKey,
    [
      { shortName: 'CN', value: 'eSign Platform Timestamping' },
      { shortName: 'O', value: 'eSign' },
    ],
    TIMESTAMPING_YEARS,
  );
  issueAsEndEntity(authority, certificate, { timeStamping: true, critical: true });
  return {
    privateKeyPem: keys.privateKeyPem,
    certificatePem: forge.pki.certificateToPem(certificate),
  };
}

interface StoredKeyPair {
  privateKeyPem: string;
  certificatePem: string;
}

function createAuthority(): StoredKeyPair {
  const keys = rsaKeyPair();
  const subject = [
    { shortName: 'CN', value: 'eSign Platform CA' },
    { shortName: 'O', value: 'eSign' },
  ];
  const certificate = newCertificate(keys.publicKey, subject, AUTHORITY_YEARS);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(keys.privateKey, forge.md.sha256.create());
  return {
    privateKeyPem: keys.privateKeyPem,
    certificatePem: forge.pki.certificateToPem(certificate),
  };
}

/**
 * The signer's key and certificate, issued by the platform's authority on the signer's first
 * signature and reused afterwards; issued afresh when the signer's name (or company) has changed
 * or the certificate nears its end. Two processes issuing for one signer at once agree on the
 * certificate that was stored first.
 */
export async function signerCredentials(
  database: Database,
  signer: SignerIdentity,
): Promise<SigningCredentials> {
  const authority = await platformAuthority(database);
  const subject = subjectOf(signer);
  const [current] = await readSignerRow(database, signer.id);
  if (current?.revoked) throw new SignerRevokedError(signer.id);
  let row = current;
  if (!row || row.subject !== subject || Date.parse(row.not_after) - Date.now() < RENEW_BEFORE_MS) {
    const issued = issueCertificate(authority, signer);
    const values = [
      signer.id,
      issued.serial,
      subject,
      issued.privateKeyPem,
      issued.certificatePem,
      issued.notAfter,
    ];
    if (row) {
      await database.query(
        `UPDATE signer_certificates
            SET serial = $2, subject = $3, private_key_pem = $4, certificate_pem = $5,
                not_after = $6, created_at = now()
          WHERE signer_id = $1 AND serial = $7`,
        [...values, row.serial],
      );
    } else {
      await database.query(
        `INSERT INTO signer_certificates
           (signer_id, serial, subject, private_key_pem, certificate_pem, not_after)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (signer_id) DO NOTHING`,
        values,
      );
    }
    [row] = await readSignerRow(database, signer.id);
  }
  const certificate = forge.pki.certificateFromPem(row!.certificate_pem);
  return {
    privateKey: createPrivateKey(row!.private_key_pem),
    certificate,
    chain: [certificate, authority.certificate],
    issuer: authority,
  };
}

/**
 * The certificate one signature is made under: the signer's key, name and extensions, with a
 * serial of its own, issued now by the platform's authority (Node's RSA: a millisecond). Every
 * signature in a file has its own certificate, even when one person signs twice (two parties, or
 * for themselves and for a company): poppler's `pdfsig` (22.12, over NSS) reports the second
 * signature under a certificate it already validated in the same file as "Unknown issue with
 * Certificate", while two certificates of one key are both trusted. The serial is what the audit
 * trail and contract_files record; the certificate is not stored apart from the signed PDF.
 */
export function signatureCertificate(
  credentials: SigningCredentials,
  /** Where the CA's CRL is served: the certificate's CRL distribution point. */
  crlUrl?: string,
): {
  certificate: forge.pki.Certificate;
  chain: forge.pki.Certificate[];
} {
  const { issuer, certificate: record } = credentials;
  if (!issuer) return { certificate: record, chain: credentials.chain };
  const certificate = newCertificate(
    record.publicKey as forge.pki.rsa.PublicKey,
    // forge reads a UTF8String's value as its bytes, and writes it encoding the value again.
    record.subject.attributes.map(({ shortName, type, value, valueTagClass }) => ({
      ...(shortName ? { shortName } : { type: type! }),
      value:
        (valueTagClass as unknown) === forge.asn1.Type.UTF8
          ? forge.util.decodeUtf8(String(value))
          : String(value),
    })),
    SIGNER_CERTIFICATE_YEARS,
  );
  // The record's own extensions (usages, key identifiers), with this signature's CRL pointer.
  certificate.setIssuer(issuer.certificate.subject.attributes);
  certificate.setExtensions([
    ...record.extensions.filter((extension) => extension.name !== 'cRLDistributionPoints'),
    ...(crlUrl ? [{ name: 'cRLDistributionPoints', altNames: [{ type: 6, value: crlUrl }] }] : []),
  ]);
  signWithNode(certificate, issuer.key);
  return { certificate, chain: [certificate, issuer.certificate] };
}

/**
 * Issues `certificate` from `authority` as an end entity (not a CA): the key usages every
 * certificate here has (digitalSignature and nonRepudiation, critical), `extendedKeyUsage`, the
 * key identifiers, signed with Node's RSA.
 */
function issueAsEndEntity(
  authority: PlatformAuthority,
  certificate: forge.pki.Certificate,
  extendedKeyUsage: Record<string, boolean>,
): void {
  certificate.setIssuer(authority.certificate.subject.attributes);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'extKeyUsage', ...extendedKeyUsage },
    { name: 'subjectKeyIdentifier' },
    {
      name: 'authorityKeyIdentifier',
      keyIdentifier: authority.certificate.generateSubjectKeyIdentifier().getBytes(),
    },
  ]);
  signWithNode(certificate, authority.key);
}

/** Signs `certificate` (SHA-256 with RSA) with Node's RSA rather than forge's JavaScript. */
function signWithNode(certificate: forge.pki.Certificate, key: KeyObject): void {
  const algorithm = OIDS.sha256WithRsa;
  certificate.siginfo.algorithmOid = algorithm;
  certificate.signatureOid = algorithm;
  // forge.pki.getTBSCertificate exists (forge's own sign uses it) but its typings leave it out.
  const { getTBSCertificate } = forge.pki as unknown as {
    getTBSCertificate(certificate: forge.pki.Certificate): forge.asn1.Asn1;
  };
  const tbs = forge.asn1.toDer(getTBSCertificate(certificate)).getBytes();
  certificate.signature = sign('sha256', Buffer.from(tbs, 'binary'), key).toString('binary');
}

interface SignerRow {
  revoked: boolean;
  serial: string;
  subject: string;
  private_key_pem: string;
  certificate_pem: string;
  not_after: string;
}

async function readSignerRow(database: Database, signerId: string): Promise<SignerRow[]> {
  const rows = await database.query<Omit<SignerRow, 'not_after'> & { not_after: Date | string }>(
    `SELECT serial, subject, private_key_pem, certificate_pem, not_after,
            revoked_at IS NOT NULL AS revoked
       FROM signer_certificates WHERE signer_id = $1`,
    [signerId],
  );
  return rows.map((row) => ({ ...row, not_after: new Date(row.not_after).toISOString() }));
}

/** The subject as stored, to notice a renamed signer. */
function subjectOf(signer: SignerIdentity): string {
  return JSON.stringify([signer.name, signer.organisation ?? null, signer.organisationId ?? null]);
}

/** id-at-organizationIdentifier (X.520), which forge has no short name for. */
const ORGANIZATION_IDENTIFIER = '2.5.4.97';

function issueCertificate(
  authority: PlatformAuthority,
  signer: SignerIdentity,
): StoredKeyPair & { serial: string; notAfter: string } {
  const keys = rsaKeyPair();
  const subject: NameAttribute[] = [{ shortName: 'CN', value: signer.name }];
  if (signer.organisation) subject.push({ shortName: 'O', value: signer.organisation });
  if (signer.organisation && signer.organisationId) {
    subject.push({ type: ORGANIZATION_IDENTIFIER, value: `NTRCN-${signer.organisationId}` });
  }
  const certificate = newCertificate(keys.publicKey, subject, SIGNER_CERTIFICATE_YEARS);
  issueAsEndEntity(authority, certificate, { emailProtection: true, [DOCUMENT_SIGNING]: true });
  return {
    serial: certificate.serialNumber,
    privateKeyPem: keys.privateKeyPem,
    certificatePem: forge.pki.certificateToPem(certificate),
    notAfter: certificate.validity.notAfter.toISOString(),
  };
}

function rsaKeyPair(): {
  publicKey: forge.pki.rsa.PublicKey;
  privateKey: forge.pki.rsa.PrivateKey;
  privateKeyPem: string;
} {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    publicKey: forge.pki.publicKeyFromPem(publicKey) as forge.pki.rsa.PublicKey,
    privateKey: forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey,
    privateKeyPem: privateKey,
  };
}

/**
 * A certificate for `publicKey` with a random positive 128-bit serial (unique in practice, and
 * the column is unique besides), valid from a minute ago (clocks differ) for `years`. Names are
 * UTF-8 strings so that Chinese names survive.
 */
/** One attribute of a certificate's name: by forge's short name, or by its OID. */
type NameAttribute = ({ shortName: string } | { type: string }) & { value: string };

function newCertificate(
  publicKey: forge.pki.rsa.PublicKey,
  subject: NameAttribute[],
  years: number,
): forge.pki.Certificate {
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = publicKey;
  certificate.serialNumber = randomSerial().toString('hex');
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + years);
  certificate.validity.notBefore = notBefore;
  certificate.validity.notAfter = notAfter;
  certificate.setSubject(
    subject.map(({ value, ...name }) => ({
      ...name,
      value, // forge writes a UTF8String's value as UTF-8 itself
      valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
    })),
  );
  return certificate;
}
