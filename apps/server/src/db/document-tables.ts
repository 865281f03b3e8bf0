/**
 * Migration 7: durable jobs and contract documents.
 *
 * `jobs` holds work that outlives a request (document conversion now; deadlines, batch signing,
 * callbacks, reports later): a worker claims a due row with `FOR UPDATE SKIP LOCKED`, so several
 * server processes on one PostgreSQL never run one job twice; a running job's worker renews
 * `locked_at`, so a job whose worker died is claimed again once its lock is older than the lease;
 * failures are retried with backoff until `max_attempts` (see src/jobs/).
 *
 * `documents` are the PDFs templates and contracts are drawn on: made from an uploaded file
 * (`source_file_id`), at once for a PDF, through a conversion job for DOC and DOCX. Only a
 * `ready` document has a PDF (`pdf_storage_key`, its SHA-256, size and page count); a `failed` one
 * says why with a message key (`error`).
 */
export const DOCUMENT_MIGRATION = {
  version: 7,
  name: 'jobs and contract documents',
  sql: `
CREATE TABLE jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 3,
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_at timestamptz,
  locked_by text,
  last_error text,
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX jobs_due ON jobs (run_at) WHERE status IN ('queued', 'running');

CREATE TABLE documents (
  id uuid PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  company_id bigint REFERENCES companies (id) ON DELETE CASCADE,
  source_file_id uuid NOT NULL REFERENCES files (id),
  name text NOT NULL,
  status text NOT NULL CHECK (status IN ('converting', 'ready', 'failed')),
  job_id bigint REFERENCES jobs (id) ON DELETE SET NULL,
  pdf_storage_key text,
  pdf_sha256 text CHECK (pdf_sha256 IS NULL OR pdf_sha256 ~ '^[0-9a-f]{64}$'),
  pdf_size bigint,
  page_count integer,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 'ready' OR (pdf_storage_key IS NOT NULL AND pdf_sha256 IS NOT NULL AND page_count > 0))
);
CREATE INDEX documents_owner ON documents (tenant_id, company_id, user_id);
`,
};
