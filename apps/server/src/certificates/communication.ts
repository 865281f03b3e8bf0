/**
 * A company's communication certificates (application_cert): issued by the platform's authority
 * over a key made here, handed over once as a PKCS#12 file under the user's password and then
 * forgotten (only the certificate is stored); listed, bound to an access party, revoked,
 * downloaded (the certificate). The open API finds a request's certificate with
 * `communicationCertificateByFingerprint`.
 */
import { X509Certificate } from 'node:crypto';
import {
  type CertDownloadFormat,
  type CommunicationCertIssued,
  type CommunicationCertStatus,
  type CommunicationCertificate,
  type Page,
  type communicationCertApplyBody,
  type certRevokeBody,
  type communicationCertBindBody,
} from '@esign/platform';
import type { z } from 'zod/mini';
import type { Database, Queryable } from '../db';
import { ApiError } from '../http/route';
import { certificateFile, endsSoon, type CertificateFile } from './digital';
import { certificateFacts, issueCompanyCertificate } from './issue';
import { companyHolder, iso, type CertificateOwner } from './owner';
import { buildPkcs12 } from './pkcs12';

type Sql = Pick<Queryable, 'query'>;

interface CommunicationRow {
  id: string;
  serial: string;
  algorithm: 'RSA' | 'SM2';
  key_bits: number;
  subject: string;
  fingerprint: string;
  not_before: Date | string;
  not_after: Date | string;
  created_at: Date | string;
  created_by_name: string | null;
  revoked_at: Date | string | null;
  access_party_id: string | null;
  access_party_name: string | null;
}

const COLUMNS = `c.id, c.serial, c.algorithm, c.key_bits, c.subject, c.fingerprint, c.not_before,
  c.not_after, c.created_at, u.name AS created_by_name, c.revoked_at, c.access_party_id,
  p.name AS access_party_name`;
const FROM = `communication_certificates c
  LEFT JOIN users u ON u.id = c.created_by
  LEFT JOIN access_parties p ON p.id = c.access_party_id`;

function statusOf(row: { revoked_at: unknown; not_after: Date | string }, now: Date) {
  if (row.revoked_at) return 'revoked' as const;
  return new Date(row.not_after).getTime() <= now.getTime() ? ('expired' as const) : 'active';
}

function toCertificate(row: CommunicationRow, now: Date): CommunicationCertificate {
  const status = statusOf(row, now);
  return {
    id: String(row.id),
    serialNumber: row.serial,
    algorithm: row.algorithm,
    keyLength: row.key_bits,
    subject: row.subject,
    notBefore: iso(row.not_before)!,
    notAfter: iso(row.not_after)!,
    status,
    expiresSoon: status === 'active' && endsSoon(row.not_after, now),
    accessParty:
      row.access_party_id === null
        ? null
        : { id: String(row.access_party_id), name: row.access_party_name ?? '' },
    fingerprint: row.fingerprint,
    createdAt: iso(row.created_at)!,
    createdBy: row.created_by_name ?? '',
    revokedAt: iso(row.revoked_at),
  };
}

async function certificateRow(
  db: Sql,
  owner: CertificateOwner,
  id: number,
): Promise<CommunicationRow> {
  const [row] = await db.query<CommunicationRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE c.id = $1 AND c.tenant_id = $2 AND c.company_id = $3`,
    [id, owner.tenantId, owner.companyId],
  );
  if (!row) throw new ApiError('notFound', 404);
  return row;
}

/** An access party of the owner's company, or 400 `certificateAccessPartyUnknown`. */
async function checkAccessParty(db: Sql, owner: CertificateOwner, id: number): Promise<void> {
  const [party] = await db.query(
    'SELECT 1 FROM access_parties WHERE id = $1 AND tenant_id = $2 AND company_id = $3',
    [id, owner.tenantId, owner.companyId],
  );
  if (!party) throw new ApiError('certificateAccessPartyUnknown');
}

/**
 * systemAccess/applyCert: a key of the chosen algorithm made now, its certificate issued by the
 * platform's authority for the company (CN `<company> API`), the certificate stored (bound to the
 * access party given, which must be the company's), and the key handed back inside a PKCS#12 file
 * under the password given — the key is never written anywhere.
 */
export async function applyCommunicationCertificate(
  database: Database,
  owner: CertificateOwner,
  body: z.output<typeof communicationCertApplyBody>,
  now: Date,
): Promise<CommunicationCertIssued> {
  if (body.accessPartyId !== null) await checkAccessParty(database, owner, body.accessPartyId);
  const holder = await companyHolder(database, owner, (company) => `${company} API`);
  const issued = await issueCompanyCertificate(database, {
    algorithm: body.algorithm,
    holder,
    purpose: 'communication',
    years: body.years,
    now,
  });
  const facts = certificateFacts(issued.certificate);
  const [row] = await database.query<{ id: string }>(
    `INSERT INTO communication_certificates (tenant_id, company_id, access_party_id, serial,
       algorithm, key_bits, subject, certificate_pem, fingerprint, not_before, not_after, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      owner.tenantId,
      owner.companyId,
      body.accessPartyId,
      facts.serial,
      body.algorithm,
      facts.keyBits,
      facts.subject,
      issued.certificate.toString(),
      facts.fingerprint,
      facts.notBefore.toISOString(),
      facts.notAfter.toISOString(),
      owner.userId,
    ],
  );
  const pkcs12 = buildPkcs12({
    privateKey: issued.privateKey,
    certificates: [issued.certificate.raw, issued.authority],
    password: body.password,
    friendlyName: `${holder.organisation} API ${body.algorithm}`,
  });
  return {
    certificate: toCertificate(await certificateRow(database, owner, Number(row!.id)), now),
    pkcs12: pkcs12.toString('base64'),
    fileName: `communication-${facts.serial}.p12`,
  };
}

/** systemAccessCert/page: the company's communication certificates, newest first. */
export async function listCommunicationCertificates(
  database: Database,
  owner: CertificateOwner,
  query: { current: number; size: number; status?: CommunicationCertStatus | undefined },
  now: Date,
): Promise<Page<CommunicationCertificate>> {
  const params: unknown[] = [owner.tenantId, owner.companyId];
  let where = 'c.tenant_id = $1 AND c.company_id = $2';
  if (query.status === 'revoked') where += ' AND c.revoked_at IS NOT NULL';
  else if (query.status) {
    params.push(now.toISOString());
    where += ` AND c.revoked_at IS NULL AND c.not_after ${query.status === 'expired' ? '<=' : '>'} $3`;
  }
  const [rows, [count]] = await Promise.all([
    database.query<CommunicationRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY c.id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.size, (query.current - 1) * query.size],
    ),
    database.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM communication_certificates c WHERE ${where}`,
      params,
    ),
  ]);
  return {
    records: rows.map((row) => toCertificate(row, now)),
    total: count!.total,
    current: query.current,
    size: query.size,
  };
}

/**
 * systemAccessCert/revoke: for good (listed in the authority's CRL from then on; the open API
 * refuses it). Revoking a revoked one is refused; an expired one may still be revoked.
 */
export async function revokeCommunicationCertificate(
  database: Database,
  owner: CertificateOwner,
  body: z.output<typeof certRevokeBody>,
  now: Date,
): Promise<CommunicationCertificate> {
  const [revoked] = await database.query(
    `UPDATE communication_certificates
        SET revoked_at = now(), revocation_reason = $4, revoked_by = $5
      WHERE id = $1 AND tenant_id = $2 AND company_id = $3 AND revoked_at IS NULL
      RETURNING id`,
    [body.id, owner.tenantId, owner.companyId, body.reason, owner.userId],
  );
  const row = await certificateRow(database, owner, body.id);
  if (!revoked) throw new ApiError('certificateRevokedAlready', 409);
  return toCertificate(row, now);
}

/** systemAccessCert/bind: to one of the company's access parties, or unbound with null. */
export async function bindCommunicationCertificate(
  database: Database,
  owner: CertificateOwner,
  body: z.output<typeof communicationCertBindBody>,
  now: Date,
): Promise<CommunicationCertificate> {
  const row = await certificateRow(database, owner, body.id);
  if (row.revoked_at) throw new ApiError('certificateRevokedAlready', 409);
  if (body.accessPartyId !== null) await checkAccessParty(database, owner, body.accessPartyId);
  await database.query('UPDATE communication_certificates SET access_party_id = $2 WHERE id = $1', [
    body.id,
    body.accessPartyId,
  ]);
  return toCertificate(await certificateRow(database, owner, body.id), now);
}

/** systemAccessCert/download: the certificate (PEM with the authority's, or DER); never a key. */
export async function communicationCertificateFile(
  database: Database,
  owner: CertificateOwner,
  id: number,
  format: CertDownloadFormat,
  authorityPem: string,
): Promise<CertificateFile> {
  const [row] = await database.query<{ serial: string; certificate_pem: string }>(
    `SELECT serial, certificate_pem FROM communication_certificates
      WHERE id = $1 AND tenant_id = $2 AND company_id = $3`,
    [id, owner.tenantId, owner.companyId],
  );
  if (!row) throw new ApiError('notFound', 404);
  return certificateFile(row.certificate_pem, authorityPem, format, `communication-${row.serial}`);
}

/** What the open API needs of the communication certificate a request is signed with. */
export interface PresentedCertificate {
  id: number;
  tenantId: string;
  companyId: number;
  /** The access party it is bound to; null when unbound (such a certificate opens nothing). */
  accessPartyId: number | null;
  algorithm: 'RSA' | 'SM2';
  certificate: X509Certificate;
  /** Whether it may be used now: neither revoked nor outside its validity. */
  usable: boolean;
}

/**
 * The communication certificate whose SHA-256 fingerprint (hex) a request names, or null. The
 * caller verifies the request's signature with `certificate.publicKey` (RSA), or with the SM2
 * key the sm2 area reads from it, and refuses one that is not `usable` or not bound to the party.
 */
export async function communicationCertificateByFingerprint(
  db: Sql,
  fingerprint: string,
  now = new Date(),
): Promise<PresentedCertificate | null> {
  const [row] = await db.query<{
    id: string;
    tenant_id: string;
    company_id: string;
    access_party_id: string | null;
    algorithm: 'RSA' | 'SM2';
    certificate_pem: string;
    not_before: Date | string;
    not_after: Date | string;
    revoked_at: Date | string | null;
  }>(
    `SELECT id, tenant_id, company_id, access_party_id, algorithm, certificate_pem, not_before,
            not_after, revoked_at
       FROM communication_certificates WHERE fingerprint = $1`,
    [fingerprint.toLowerCase()],
  );
  if (!row) return null;
  const at = now.getTime();
  return {
    id: Number(row.id),
    tenantId: row.tenant_id,
    companyId: Number(row.company_id),
    accessPartyId: row.access_party_id === null ? null : Number(row.access_party_id),
    algorithm: row.algorithm,
    certificate: new X509Certificate(row.certificate_pem),
    usable:
      row.revoked_at === null &&
      new Date(row.not_before).getTime() <= at &&
      at < new Date(row.not_after).getTime(),
  };
}
