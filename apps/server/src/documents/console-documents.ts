import {
  PERSONAL_CONSOLE_ID,
  apiPath,
  message,
  removedContentSchema,
  type ContractDocument,
  type DocumentStatus,
  type Locale,
  type MessageKey,
} from '@esign/platform';
import type { AccessClaims } from '../auth/tokens';
import type { Queryable } from '../db';
import { ApiError } from '../http/route';

/** A document's id: ids of any other form name no document (and are never sent to SQL). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Anything that runs SQL: the database, or a transaction of it. */
export type Sql = Pick<Queryable, 'query'>;

/** An SQL condition with its parameters, numbered from $2 ($1 is the row's id). */
export interface OwnerFilter {
  where: string;
  params: unknown[];
}

/**
 * The rows (`documents` or `files` under `alias`) a session's console owns, as a condition: in a
 * company console, the company's (while the user is still its member); in the personal console,
 * the user's own personal ones. Never another tenant's. `uploaderOnly` narrows a company's rows
 * to the session user's own (uploaded files, which only their uploader may use).
 */
export function ownedByConsole(
  alias: string,
  { tenantId, userId, companyId }: AccessClaims,
  uploaderOnly = false,
): OwnerFilter {
  if (companyId === PERSONAL_CONSOLE_ID) {
    return {
      where: `${alias}.tenant_id = $2 AND ${alias}.company_id IS NULL AND ${alias}.user_id = $3`,
      params: [tenantId, userId],
    };
  }
  return {
    where: `${alias}.tenant_id = $2 AND ${alias}.company_id = $4
      AND EXISTS (SELECT 1 FROM company_members m WHERE m.company_id = $4 AND m.user_id = $3)
      ${uploaderOnly ? `AND ${alias}.user_id = $3` : ''}`,
    params: [tenantId, userId, companyId],
  };
}

/** The link a ready document's PDF is fetched from, with the session. */
export function documentPdfLink(id: string): string {
  return `${apiPath('documentPdf')}?id=${id}`;
}

interface DocumentRow {
  id: string;
  name: string;
  status: DocumentStatus;
  page_count: number | null;
  pdf_sha256: string | null;
  pdf_size: string | number | null;
  error: string | null;
  removed_content: string[] | null;
  elapsed_seconds: number;
  job_status: 'queued' | 'running' | 'done' | 'failed' | null;
  attempts: number | null;
  max_attempts: number | null;
  ahead: string | number;
}

/**
 * A document of the session's console as the web app shows it, with `error` in `locale` and, while
 * it converts, its place among the conversions not yet finished; null when the console does not
 * own it.
 */
export async function describeDocument(
  sql: Sql,
  session: AccessClaims,
  id: string,
  locale: Locale,
): Promise<ContractDocument | null> {
  if (!UUID.test(id)) return null;
  const owned = ownedByConsole('d', session);
  const [row] = await sql.query<DocumentRow>(
    `SELECT d.id, d.name, d.status, d.page_count, d.pdf_sha256, d.pdf_size, d.error,
       d.removed_content,
       floor(extract(epoch FROM now() - d.created_at))::integer AS elapsed_seconds,
       j.status AS job_status, j.attempts, j.max_attempts,
       CASE WHEN j.status = 'queued' THEN (
         SELECT count(*) FROM jobs o
         WHERE o.kind = j.kind AND o.id <> j.id AND o.status IN ('queued', 'running')
           AND (o.status = 'running' OR (o.run_at, o.id) < (j.run_at, j.id))
       ) ELSE 0 END AS ahead
     FROM documents d LEFT JOIN jobs j ON j.id = d.job_id
     WHERE d.id = $1 AND ${owned.where}`,
    [id, ...owned.params],
  );
  if (!row) return null;
  const ready = row.status === 'ready';
  const converting =
    row.status === 'converting' && (row.job_status === 'queued' || row.job_status === 'running');
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    pageCount: ready ? row.page_count : null,
    sha256: ready ? row.pdf_sha256 : null,
    size: ready ? Number(row.pdf_size) : null,
    error: row.status === 'failed' ? message(row.error ?? 'conversionFailed', locale) : null,
    link: ready ? documentPdfLink(row.id) : null,
    conversion: converting
      ? {
          state: row.job_status as 'queued' | 'running',
          queuePosition: Number(row.ahead),
          elapsedSeconds: Math.max(0, row.elapsed_seconds),
          // A queued job has made `attempts` tries; the next one is the one after.
          attempt: Math.min(
            row.max_attempts!,
            row.attempts! + (row.job_status === 'queued' ? 1 : 0),
          ),
          maxAttempts: row.max_attempts!,
        }
      : null,
    removedContent: ready ? removedContentSchema.parse(row.removed_content ?? []) : [],
  };
}

/** A ready document: its PDF is in storage under `storageKey`. */
export interface ReadyDocument {
  id: string;
  tenantId: string;
  /** The user who made it. */
  userId: number;
  /** The company whose console it belongs to; null for a personal document. */
  companyId: number | null;
  /** The uploaded file's name, e.g. Lease 2024.docx. */
  name: string;
  pageCount: number;
  /** SHA-256 of the PDF, 64 hex digits. */
  sha256: string;
  /** Bytes of the PDF. */
  size: number;
  storageKey: string;
}

interface ReadyRow {
  id: string;
  tenant_id: string;
  user_id: string;
  company_id: string | null;
  name: string;
  status: DocumentStatus;
  error: MessageKey | null;
  page_count: number | null;
  pdf_sha256: string | null;
  pdf_size: string | number | null;
  pdf_storage_key: string | null;
}

const READY_COLUMNS = `d.id, d.tenant_id, d.user_id, d.company_id, d.name, d.status, d.error,
  d.page_count, d.pdf_sha256, d.pdf_size, d.pdf_storage_key`;

function readyDocument(row: ReadyRow): ReadyDocument {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    userId: Number(row.user_id),
    companyId: row.company_id === null ? null : Number(row.company_id),
    name: row.name,
    pageCount: row.page_count!,
    sha256: row.pdf_sha256!,
    size: Number(row.pdf_size),
    storageKey: row.pdf_storage_key!,
  };
}

/**
 * A ready document of the session's console (the rule of `ownedByConsole`), for a handler: throws
 * `ApiError` 404 when the console does not own it (never saying whether it exists elsewhere), 409
 * while it converts (`documentNotReady`) or once it failed (its failure's message).
 */
export async function findReadyDocument(
  sql: Sql,
  session: AccessClaims,
  id: string,
): Promise<ReadyDocument> {
  const owned = ownedByConsole('d', session);
  const [row] = UUID.test(id)
    ? await sql.query<ReadyRow>(
        `SELECT ${READY_COLUMNS} FROM documents d WHERE d.id = $1 AND ${owned.where}`,
        [id, ...owned.params],
      )
    : [];
  if (!row) throw new ApiError('notFound', 404);
  if (row.status === 'converting') throw new ApiError('documentNotReady', 409);
  if (row.status === 'failed') throw new ApiError(row.error ?? 'conversionFailed', 409);
  return readyDocument(row);
}

/**
 * A ready document of a tenant, whoever owns it: for a caller that has checked the reader's
 * permission by its own rule (the staff a template is shared with). Null unless it exists in that
 * tenant and is ready.
 */
export async function readyDocumentOf(
  sql: Sql,
  tenantId: string,
  id: string,
): Promise<ReadyDocument | null> {
  if (!UUID.test(id)) return null;
  const [row] = await sql.query<ReadyRow>(
    `SELECT ${READY_COLUMNS} FROM documents d
     WHERE d.id = $1 AND d.tenant_id = $2 AND d.status = 'ready'`,
    [id, tenantId],
  );
  return row ? readyDocument(row) : null;
}
