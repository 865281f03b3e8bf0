/**
 * Evidence reports as the console reads them: the rows of `evidence_reports` its members may see
 * (the console's own, of contracts the session still sees — contract/detail's rule), each as an
 * `EvidenceReport`; the report's secret verification token and download tickets.
 */
import { timingSafeEqual } from 'node:crypto';
import {
  CONTRACT_PDF_LINK_TTL_S,
  evidenceVerifyPath,
  EVIDENCE_REPORT_TOKEN_LENGTH,
  type EvidenceReport,
  type EvidenceReportAddress,
  type EvidenceReportAnchor,
  type EvidenceReportKind,
  type EvidenceReportStatus,
} from '@esign/platform';
import type { AccessClaims } from '../auth/tokens';
import { seenBy } from '../contracts/detail';
import { bookOf } from '../counterparts/book';
import type { Queryable } from '../db';
import { ApiError } from '../http/route';
import { keyedHash } from '../keyed-hash';

type Sql = Pick<Queryable, 'query'>;

export interface ReportRow {
  id: string;
  tenant_id: string;
  number: string;
  contract_id: string;
  contract_number: string;
  contract_name: string;
  console_key: string;
  company_id: string | null;
  applicant_user_id: string;
  applicant_name: string;
  kind: EvidenceReportKind;
  status: EvidenceReportStatus;
  address: EvidenceReportAddress | null;
  link_base: string;
  consumption_id: string | null;
  applied_at: Date | string;
  due_at: Date | string;
  issued_at: Date | string | null;
  storage_key: string | null;
  sha256: string | null;
  size: string | null;
  chain_head: string | null;
  entries: number | null;
  anchor: EvidenceReportAnchor | null;
}

/** The columns of `ReportRow`, from `evidence_reports r` joined to its contract and applicant. */
export const REPORT_COLUMNS = `r.id, r.tenant_id, r.number, r.contract_id, c.number AS contract_number,
  c.name AS contract_name, r.console_key, r.company_id, r.applicant_user_id,
  u.name AS applicant_name, r.kind, r.status, r.address, r.link_base, r.consumption_id,
  r.applied_at, r.due_at, r.issued_at, r.storage_key, r.sha256, r.size, r.chain_head, r.entries,
  r.anchor`;
export const REPORT_JOINS = `JOIN contracts c ON c.id = r.contract_id
  JOIN users u ON u.id = r.applicant_user_id`;

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/**
 * A report's secret verification token: the server's HMAC of its id (32 hex digits), so that the
 * link printed in the report opens its summary and nobody can guess another report's.
 */
export function verifyToken(key: Uint8Array, reportId: number | string): string {
  return keyedHash(key, 'evidence-report-verify', String(reportId)).slice(
    0,
    EVIDENCE_REPORT_TOKEN_LENGTH,
  );
}

/** Whether `token` is report `reportId`'s (in constant time). */
export function isVerifyToken(key: Uint8Array, reportId: number, token: string): boolean {
  const expected = Buffer.from(verifyToken(key, reportId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function reportOf(row: ReportRow, key: Uint8Array): EvidenceReport {
  const issued = row.status === 'issued';
  return {
    id: String(row.id),
    number: row.number,
    kind: row.kind,
    status: row.status,
    contractId: String(row.contract_id),
    contractNumber: row.contract_number,
    contractName: row.contract_name,
    applicantName: row.applicant_name,
    appliedAt: iso(row.applied_at)!,
    dueAt: iso(row.due_at)!,
    issuedAt: iso(row.issued_at),
    address: row.address,
    sha256: issued ? row.sha256 : null,
    chainHead: issued ? row.chain_head : null,
    entries: issued ? row.entries : null,
    anchor: issued ? row.anchor : null,
    verifyPath: issued ? evidenceVerifyPath(String(row.id), verifyToken(key, row.id)) : null,
  };
}

/**
 * The reports the session sees, as a condition on `evidence_reports r` / `contracts c` with its
 * parameters ($1–$3 are `seenBy`'s; $4 the console's key): those applied for in the session's
 * console, of contracts it still sees.
 */
export function visibleReports(session: AccessClaims): { where: string; params: unknown[] } {
  const seen = seenBy(session);
  return {
    where: `r.tenant_id = $1 AND r.console_key = $4 AND (${seen.where})`,
    params: [...seen.params, bookOf(session).consoleKey],
  };
}

/** One report the session sees, or 404 (another console's, another tenant's, none). */
export async function readReport(sql: Sql, session: AccessClaims, id: number): Promise<ReportRow> {
  const visible = visibleReports(session);
  const [row] = await sql.query<ReportRow>(
    `SELECT ${REPORT_COLUMNS} FROM evidence_reports r ${REPORT_JOINS}
     WHERE r.id = $5 AND ${visible.where}`,
    [...visible.params, id],
  );
  if (!row) throw new ApiError('notFound', 404);
  return row;
}

const ticketMac = (key: Uint8Array, reportId: number, expires: number) =>
  keyedHash(key, 'evidence-report-pdf', String(reportId), String(expires));

/** A download ticket of a report's PDF: `id.expires.mac`, valid 5 minutes (no database row). */
export function reportPdfTicket(
  key: Uint8Array,
  reportId: number,
): { ticket: string; expires: number } {
  const expires = Math.floor(Date.now() / 1000) + CONTRACT_PDF_LINK_TTL_S;
  return { ticket: `${reportId}.${expires}.${ticketMac(key, reportId, expires)}`, expires };
}

/** A ticket's report, expiry and MAC: 404 when forged, 410 once expired. */
export function readReportPdfTicket(
  key: Uint8Array,
  ticket: string,
): { reportId: number; expires: number; mac: string } {
  const [id, expires, mac] = ticket.split('.') as [string, string, string];
  const expected = Buffer.from(ticketMac(key, Number(id), Number(expires)));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ApiError('notFound', 404);
  }
  if (Number(expires) * 1000 < Date.now()) throw new ApiError('downloadLinkExpired', 410);
  return { reportId: Number(id), expires: Number(expires), mac };
}
