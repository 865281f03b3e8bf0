/**
 * A company's digital (signing) certificates: issued by the platform's authority or imported from
 * a PKCS#12 file, listed, enabled, disabled, revoked, renamed, downloaded (never the key) — and
 * the credentials the company's contract signatures are made with.
 */
import { X509Certificate, createPrivateKey } from 'node:crypto';
import {
  CERT_EXPIRY_WARNING_DAYS,
  CERT_IMPORT_MAX_BYTES,
  canChangeDigitalCert,
  type CertDownloadFormat,
  type CertRevocationReason,
  type DigitalCertStatus,
  type DigitalCertificate,
  type DigitalCertificatePage,
} from '@esign/platform';
import forge from 'node-forge';
import type { z } from 'zod/mini';
import type {
  digitalCertApplyBody,
  digitalCertImportBody,
  digitalCertStatusBody,
  digitalCertUpdateBody,
} from '@esign/platform';
import type { Database, Queryable } from '../db';
import { ApiError } from '../http/route';
import type { SecretBox } from '../secret-box';
import type { SigningCredentials } from '../signing';
import { certificateFacts, derOfForge, issueCompanyCertificate } from './issue';
import { companyHolder, iso, type CertificateOwner } from './owner';
import { Pkcs12Error, readPkcs12 } from './pkcs12';

type Sql = Pick<Queryable, 'query'>;

/** The secret box label of a digital certificate's private key. */
export const DIGITAL_KEY_LABEL = 'digital-certificate-key';

const DAY_MS = 24 * 3600 * 1000;
/** How far in the future a certificate may begin and still be imported (clocks differ). */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

interface DigitalRow {
  id: string;
  name: string;
  source: 'issued' | 'imported';
  status: 'active' | 'disabled' | 'revoked';
  serial: string;
  subject: string;
  issuer: string;
  algorithm: string;
  key_bits: number;
  fingerprint: string;
  chain_length: number;
  not_before: Date | string;
  not_after: Date | string;
  created_at: Date | string;
  created_by_name: string | null;
  revoked_at: Date | string | null;
  revocation_reason: string | null;
}

const COLUMNS = `d.id, d.name, d.source, d.status, d.serial, d.subject, d.issuer, d.algorithm,
  d.key_bits, d.fingerprint, d.chain_length, d.not_before, d.not_after, d.created_at,
  u.name AS created_by_name, d.revoked_at, d.revocation_reason`;
const FROM = 'digital_certificates d LEFT JOIN users u ON u.id = d.created_by';

/** A stored status as it stands at `now`: past its end, a certificate not revoked is expired. */
export function effectiveStatus(
  status: 'active' | 'disabled' | 'revoked',
  notAfter: Date | string,
  now: Date,
): DigitalCertStatus {
  if (status === 'revoked') return 'revoked';
  return new Date(notAfter).getTime() <= now.getTime() ? 'expired' : status;
}

/** Whether a certificate in force ends within the warning period. */
export function endsSoon(notAfter: Date | string, now: Date): boolean {
  const left = new Date(notAfter).getTime() - now.getTime();
  return left > 0 && left <= CERT_EXPIRY_WARNING_DAYS * DAY_MS;
}

function toCertificate(row: DigitalRow, now: Date): DigitalCertificate {
  const status = effectiveStatus(row.status, row.not_after, now);
  return {
    id: String(row.id),
    name: row.name,
    source: row.source,
    status,
    expiresSoon: status !== 'revoked' && status !== 'expired' && endsSoon(row.not_after, now),
    algorithm: row.algorithm,
    keyLength: row.key_bits,
    serialNumber: row.serial,
    subject: row.subject,
    issuer: row.issuer,
    notBefore: iso(row.not_before)!,
    notAfter: iso(row.not_after)!,
    fingerprint: row.fingerprint,
    chainLength: row.chain_length,
    createdAt: iso(row.created_at)!,
    createdBy: row.created_by_name ?? '',
    revokedAt: iso(row.revoked_at),
    revocationReason: row.revocation_reason as CertRevocationReason | null,
  };
}

async function certificateRow(db: Sql, owner: CertificateOwner, id: number): Promise<DigitalRow> {
  const [row] = await db.query<DigitalRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE d.id = $1 AND d.tenant_id = $2 AND d.company_id = $3`,
    [id, owner.tenantId, owner.companyId],
  );
  // Another company's certificate is as absent as one that never was.
  if (!row) throw new ApiError('notFound', 404);
  return row;
}

/** Serialises the changes of one company's certificates (which one is active). */
async function lockCompany(tx: Sql, companyId: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`digital-cert:${companyId}`]);
}

/** How the company's contracts are signed now (see `DigitalCertificatePage.signing`). */
async function signingMode(
  db: Sql,
  companyId: number,
  now: Date,
): Promise<DigitalCertificatePage['signing']> {
  const [row] = await db.query<{ any: boolean; usable: boolean }>(
    `SELECT count(*) > 0 AS any,
            count(*) FILTER (WHERE status = 'active' AND not_after > $2) > 0 AS usable
       FROM digital_certificates WHERE company_id = $1`,
    [companyId, now.toISOString()],
  );
  if (!row?.any) return 'platform';
  return row.usable ? 'certificate' : 'blocked';
}

/** systemDigitalCertificate/page: the company's certificates, newest first. */
export async function listDigitalCertificates(
  database: Database,
  owner: CertificateOwner,
  query: { current: number; size: number; status?: DigitalCertStatus | undefined },
  now: Date,
): Promise<DigitalCertificatePage> {
  const params: unknown[] = [owner.tenantId, owner.companyId];
  let where = 'd.tenant_id = $1 AND d.company_id = $2';
  if (query.status === 'revoked') where += ` AND d.status = 'revoked'`;
  else if (query.status === 'expired') {
    params.push(now.toISOString());
    where += ` AND d.status <> 'revoked' AND d.not_after <= $3`;
  } else if (query.status) {
    params.push(now.toISOString(), query.status);
    where += ` AND d.status = $4 AND d.not_after > $3`;
  }
  const [rows, [count], signing] = await Promise.all([
    database.query<DigitalRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY d.id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.size, (query.current - 1) * query.size],
    ),
    database.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM digital_certificates d WHERE ${where}`,
      params,
    ),
    signingMode(database, owner.companyId, now),
  ]);
  return {
    records: rows.map((row) => toCertificate(row, now)),
    total: count!.total,
    current: query.current,
    size: query.size,
    signing,
  };
}

/** What is stored of a new certificate. */
interface NewCertificate {
  name: string;
  source: 'issued' | 'imported';
  certificate: X509Certificate;
  /** The issuers' certificates, nearest first. */
  chain: X509Certificate[];
  privateKeyPem: string;
}

/**
 * Stores a new certificate of the company: active when the company has no active one in force
 * (an active one past its end is disabled then), disabled otherwise — the company then chooses.
 */
async function storeCertificate(
  database: Database,
  secrets: SecretBox,
  owner: CertificateOwner,
  added: NewCertificate,
  now: Date,
): Promise<DigitalCertificate> {
  const facts = certificateFacts(added.certificate);
  const sealed = secrets.seal(DIGITAL_KEY_LABEL, added.privateKeyPem);
  const id = await database.transaction(async (tx) => {
    await lockCompany(tx, owner.companyId);
    const [duplicate] = await tx.query(
      'SELECT 1 FROM digital_certificates WHERE company_id = $1 AND fingerprint = $2',
      [owner.companyId, facts.fingerprint],
    );
    if (duplicate) throw new ApiError('certificateDuplicate', 409);
    await tx.query(
      `UPDATE digital_certificates SET status = 'disabled', status_changed_at = now()
        WHERE company_id = $1 AND status = 'active' AND not_after <= $2`,
      [owner.companyId, now.toISOString()],
    );
    const [active] = await tx.query(
      `SELECT 1 FROM digital_certificates WHERE company_id = $1 AND status = 'active'`,
      [owner.companyId],
    );
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO digital_certificates (tenant_id, company_id, name, source, status, serial,
         subject, issuer, algorithm, key_bits, fingerprint, certificate_pem, chain_pem,
         chain_length, private_key_sealed, not_before, not_after, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
       RETURNING id`,
      [
        owner.tenantId,
        owner.companyId,
        added.name,
        added.source,
        active ? 'disabled' : 'active',
        facts.serial,
        facts.subject,
        facts.issuer,
        facts.algorithm,
        facts.keyBits,
        facts.fingerprint,
        added.certificate.toString(),
        added.chain.map((link) => link.toString()).join(''),
        added.chain.length,
        sealed,
        facts.notBefore.toISOString(),
        facts.notAfter.toISOString(),
        owner.userId,
      ],
    );
    return Number(row!.id);
  });
  return toCertificate(await certificateRow(database, owner, id), now);
}

/** systemDigitalCertificate/apply: the platform's authority issues the company an RSA key. */
export async function applyDigitalCertificate(
  database: Database,
  secrets: SecretBox,
  owner: CertificateOwner,
  body: z.output<typeof digitalCertApplyBody>,
  now: Date,
): Promise<DigitalCertificate> {
  const issued = await issueCompanyCertificate(database, {
    algorithm: 'RSA',
    holder: await companyHolder(database, owner),
    purpose: 'documentSigning',
    years: body.years,
    now,
  });
  return storeCertificate(
    database,
    secrets,
    owner,
    {
      name: body.name,
      source: 'issued',
      certificate: issued.certificate,
      chain: [new X509Certificate(issued.authority)],
      privateKeyPem: issued.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    },
    now,
  );
}

/** The certificates of `others` that issued `holder`, nearest first, as far as they go. */
function chainOf(holder: X509Certificate, others: X509Certificate[]): X509Certificate[] {
  const chain: X509Certificate[] = [];
  let current = holder;
  const left = [...others];
  for (;;) {
    if (current.subject === current.issuer && current.verify(current.publicKey)) break;
    const at = left.findIndex(
      (candidate) => candidate.subject === current.issuer && current.verify(candidate.publicKey),
    );
    if (at < 0) break;
    current = left.splice(at, 1)[0]!;
    chain.push(current);
  }
  return chain;
}

/**
 * A certificate as forge reads it, only where forge writes it back byte for byte: the CMS
 * signature (signing/cms.ts) carries certificates as forge writes them.
 */
function forgeFaithful(certificate: X509Certificate): forge.pki.Certificate | null {
  try {
    const read = forge.pki.certificateFromAsn1(
      forge.asn1.fromDer(certificate.raw.toString('binary')),
    );
    return derOfForge(read).equals(certificate.raw) ? read : null;
  } catch {
    return null;
  }
}

/** Whether an RSA certificate's key usage (when it says) allows signing documents. */
function allowsSigning(certificate: forge.pki.Certificate): boolean {
  const usage = certificate.getExtension('keyUsage') as
    { digitalSignature?: boolean; nonRepudiation?: boolean } | null | undefined;
  return !usage || usage.digitalSignature === true || usage.nonRepudiation === true;
}

const PKCS12_REFUSALS = {
  notPkcs12: 'certificateFileInvalid',
  wrongPassword: 'certificateWrongPassword',
  incomplete: 'certificateFileIncomplete',
} as const;

/**
 * systemDigitalCertificate/import: a PKCS#12 file the company holds, checked — it opens with the
 * password, holds one private key and the certificate of that key, in force now, RSA of 2048
 * bits or more (the CMS signatures here are RSA), allowing document signing, carried faithfully
 * — then its key sealed and its certificate and chain kept.
 */
export async function importDigitalCertificate(
  database: Database,
  secrets: SecretBox,
  owner: CertificateOwner,
  body: z.output<typeof digitalCertImportBody>,
  now: Date,
): Promise<DigitalCertificate> {
  const file = Buffer.from(body.file, 'base64');
  if (file.length === 0) throw new ApiError('certificateFileInvalid');
  if (file.length > CERT_IMPORT_MAX_BYTES) throw new ApiError('certificateFileTooLarge');
  let contents: ReturnType<typeof readPkcs12>;
  try {
    contents = readPkcs12(file, body.password);
  } catch (error) {
    if (error instanceof Pkcs12Error) throw new ApiError(PKCS12_REFUSALS[error.failure]);
    throw error;
  }
  const { privateKey, certificates } = contents;
  const holder = certificates.find((certificate) => certificate.checkPrivateKey(privateKey));
  if (!holder) throw new ApiError('certificateKeyMismatch');
  const bits = privateKey.asymmetricKeyDetails?.modulusLength ?? 0;
  if (privateKey.asymmetricKeyType !== 'rsa' || bits < 2048) {
    throw new ApiError('certificateAlgorithmUnsupported');
  }
  const facts = certificateFacts(holder);
  if (facts.notAfter.getTime() <= now.getTime()) throw new ApiError('certificateExpired');
  if (facts.notBefore.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw new ApiError('certificateNotYetValid');
  }
  const chain = chainOf(
    holder,
    certificates.filter((certificate) => certificate !== holder),
  );
  const readable = [holder, ...chain].map(forgeFaithful);
  if (readable.some((read) => read === null)) {
    throw new ApiError('certificateAlgorithmUnsupported');
  }
  if (!allowsSigning(readable[0]!)) throw new ApiError('certificateNotForSigning');
  return storeCertificate(
    database,
    secrets,
    owner,
    {
      name: body.name,
      source: 'imported',
      certificate: holder,
      chain,
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    },
    now,
  );
}

/**
 * systemDigitalCertificate/updateStatus: by `DIGITAL_CERT_TRANSITIONS` from the status as it
 * stands (an expired one moves no more). Making one active disables the company's other active
 * one in the same transaction; revoking records when, why and who, for good (a platform-issued one
 * joins the authority's CRL).
 */
export async function changeDigitalCertificateStatus(
  database: Database,
  owner: CertificateOwner,
  body: z.output<typeof digitalCertStatusBody>,
  now: Date,
): Promise<DigitalCertificate> {
  await database.transaction(async (tx) => {
    await lockCompany(tx, owner.companyId);
    const row = await certificateRow(tx, owner, body.id);
    const from = effectiveStatus(row.status, row.not_after, now);
    if (from === 'revoked') throw new ApiError('certificateRevokedAlready', 409);
    if (from === 'expired') throw new ApiError('certificateExpired', 409);
    if (from === body.status) return;
    if (!canChangeDigitalCert(from, body.status)) {
      throw new ApiError('certificateStatusNotPossible', 409);
    }
    if (body.status === 'active') {
      await tx.query(
        `UPDATE digital_certificates SET status = 'disabled', status_changed_at = now()
          WHERE company_id = $1 AND status = 'active'`,
        [owner.companyId],
      );
    }
    await tx.query(
      `UPDATE digital_certificates SET status = $2, status_changed_at = now(),
         revoked_at = CASE WHEN $2 = 'revoked' THEN now() END,
         revocation_reason = CASE WHEN $2 = 'revoked' THEN $3 END,
         revoked_by = CASE WHEN $2 = 'revoked' THEN $4::bigint END
        WHERE id = $1`,
      [body.id, body.status, body.reason, owner.userId],
    );
  });
  return toCertificate(await certificateRow(database, owner, body.id), now);
}

/** systemDigitalCertificate/update: renames one (a revoked one too: the name is the company's). */
export async function renameDigitalCertificate(
  database: Database,
  owner: CertificateOwner,
  body: z.output<typeof digitalCertUpdateBody>,
  now: Date,
): Promise<DigitalCertificate> {
  await certificateRow(database, owner, body.id);
  await database.query('UPDATE digital_certificates SET name = $2 WHERE id = $1', [
    body.id,
    body.name,
  ]);
  return toCertificate(await certificateRow(database, owner, body.id), now);
}

/** A certificate file to download. */
export interface CertificateFile {
  bytes: Buffer;
  fileName: string;
  contentType: string;
}

/**
 * A certificate to download, never its key: PEM with the issuers that came with it (what a
 * verifier installs), or the certificate alone in DER.
 */
export function certificateFile(
  certificatePem: string,
  chainPem: string,
  format: CertDownloadFormat,
  baseName: string,
): CertificateFile {
  if (format === 'der') {
    return {
      bytes: new X509Certificate(certificatePem).raw,
      fileName: `${baseName}.cer`,
      contentType: 'application/pkix-cert',
    };
  }
  return {
    bytes: Buffer.from(`${certificatePem.trim()}\n${chainPem.trim()}\n`.replace(/\n\n$/, '\n')),
    fileName: `${baseName}.pem`,
    contentType: 'application/x-pem-file',
  };
}

/** systemDigitalCertificate/download */
export async function digitalCertificateFile(
  database: Database,
  owner: CertificateOwner,
  id: number,
  format: CertDownloadFormat,
): Promise<CertificateFile> {
  const [row] = await database.query<{
    serial: string;
    certificate_pem: string;
    chain_pem: string;
  }>(
    `SELECT serial, certificate_pem, chain_pem FROM digital_certificates
      WHERE id = $1 AND tenant_id = $2 AND company_id = $3`,
    [id, owner.tenantId, owner.companyId],
  );
  if (!row) throw new ApiError('notFound', 404);
  return certificateFile(row.certificate_pem, row.chain_pem, format, `certificate-${row.serial}`);
}

// ---- Signing with the company's certificate ----

/** Why a company's contracts cannot be signed now (it has certificates, none active in force). */
export class CompanyCertificateError extends Error {
  constructor(readonly reason: 'revoked' | 'expired' | 'none') {
    super(`the company's digital certificate cannot sign: ${reason}`);
    this.name = 'CompanyCertificateError';
  }
}

/** The refusal of contract/sign for each reason. */
export const COMPANY_CERTIFICATE_REFUSALS = {
  revoked: 'companyCertificateRevoked',
  expired: 'companyCertificateExpired',
  none: 'companyCertificateNone',
} as const;

/** The credentials a company's signature is made with, and the certificate they came from. */
export interface CompanySigning {
  certificateId: number;
  credentials: SigningCredentials;
}

/**
 * What a company's contracts are signed with: its active certificate in force (its key opened
 * from the secret box; the certificate and its chain as stored, carried as they are — no
 * certificate of its own per signature), or null when the company never had a digital
 * certificate (the platform then issues keys to its signers, signing/authority.ts). A company
 * that has certificates and none active in force signs nothing: `CompanyCertificateError` says
 * why (its last change was a revocation, its active one expired, or none is active).
 */
export async function companySigning(
  db: Sql,
  secrets: SecretBox,
  companyId: number,
  now: Date,
): Promise<CompanySigning | null> {
  const rows = await db.query<{
    id: string;
    status: 'active' | 'disabled' | 'revoked';
    not_after: Date | string;
    certificate_pem: string;
    chain_pem: string;
    private_key_sealed: string;
  }>(
    `SELECT id, status, not_after, certificate_pem, chain_pem, private_key_sealed
       FROM digital_certificates WHERE company_id = $1
      ORDER BY status = 'active' DESC, status_changed_at DESC, id DESC`,
    [companyId],
  );
  const [first] = rows;
  if (!first) return null;
  const status = effectiveStatus(first.status, first.not_after, now);
  if (status !== 'active') {
    throw new CompanyCertificateError(
      first.status === 'active' ? 'expired' : status === 'revoked' ? 'revoked' : 'none',
    );
  }
  const certificate = forge.pki.certificateFromPem(first.certificate_pem);
  const chain = (
    first.chain_pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []
  ).map((pem) => forge.pki.certificateFromPem(pem));
  return {
    certificateId: Number(first.id),
    credentials: {
      privateKey: createPrivateKey(secrets.openText(DIGITAL_KEY_LABEL, first.private_key_sealed)),
      certificate,
      chain: [certificate, ...chain],
    },
  };
}

/**
 * Inside the signing transaction: the certificate a signature was prepared with is still the
 * company's active one in force (revoked or disabled meanwhile, it signs nothing more).
 */
export async function assertCompanyCertificateStill(
  tx: Sql,
  certificateId: number,
  now: Date,
): Promise<void> {
  const [row] = await tx.query<{ status: 'active' | 'disabled' | 'revoked'; not_after: string }>(
    'SELECT status, not_after FROM digital_certificates WHERE id = $1',
    [certificateId],
  );
  const status = row ? effectiveStatus(row.status, row.not_after, now) : 'revoked';
  if (status === 'active') return;
  throw new CompanyCertificateError(
    status === 'revoked' ? 'revoked' : status === 'expired' ? 'expired' : 'none',
  );
}
