/**
 * Migration 42: evidence reports (issue 33; `evidence-reports/CONTEXT.md`).
 *
 * - `evidence_reports`: one row an application for a report of one contract, by a member of a
 *   console (`console_key`: `c<company>` or `u<user>`, as fees key a console). `status` pending →
 *   issued | failed; `due_at` is when its job writes it (1–2 working days, or at once with the
 *   immediate setting); `consumption_id` the evidence copy it holds (fees; null where fees do not
 *   apply). Once issued: the signed PDF in storage (`storage_key`, its `sha256` and `size`), the
 *   contract version and audit chain head it states, the public summary the verification page
 *   reads (`summary`) and, for the blockchain kind, the ledger's `anchor`. `link_base` is where
 *   the verification link points (PUBLIC_URL, or the origin the application came from).
 * - `dev_ledger_anchors`: what the development ledger (providers/ledger/development.ts) anchored:
 *   it is no blockchain, only a record in the platform's own database that says so.
 */
export const EVIDENCE_REPORT_MIGRATION = {
  version: 42,
  name: 'evidence reports and the development ledger',
  sql: `
CREATE TABLE evidence_reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  number text NOT NULL,
  contract_id bigint NOT NULL REFERENCES contracts (id),
  console_key text NOT NULL,
  company_id bigint REFERENCES companies (id),
  applicant_user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('electronic', 'blockchain', 'paper', 'local')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'issued', 'failed')),
  address jsonb,
  link_base text NOT NULL,
  consumption_id bigint,
  applied_at timestamptz NOT NULL DEFAULT now(),
  due_at timestamptz NOT NULL,
  issued_at timestamptz,
  failed_at timestamptz,
  failure text,
  storage_key text,
  sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  size bigint,
  contract_version integer,
  chain_head text CHECK (chain_head ~ '^[0-9a-f]{64}$'),
  entries integer,
  summary jsonb,
  anchor jsonb,
  UNIQUE (tenant_id, number),
  CHECK ((kind = 'paper') = (address IS NOT NULL)),
  CHECK (status <> 'issued' OR (issued_at IS NOT NULL AND storage_key IS NOT NULL
    AND sha256 IS NOT NULL AND chain_head IS NOT NULL AND summary IS NOT NULL)),
  CHECK (kind <> 'blockchain' OR status <> 'issued' OR anchor IS NOT NULL)
);
CREATE INDEX evidence_reports_console ON evidence_reports (tenant_id, console_key, applied_at DESC, id DESC);
CREATE INDEX evidence_reports_contract ON evidence_reports (contract_id);

CREATE TABLE dev_ledger_anchors (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id text NOT NULL UNIQUE,
  digest text NOT NULL CHECK (digest ~ '^[0-9a-f]{64}$'),
  reference text NOT NULL,
  anchored_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (reference, digest)
);
`,
};
