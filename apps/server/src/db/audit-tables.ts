/**
 * Migration 9: the contracts' audit trail (issue 11), see `audit/CONTEXT.md`. One row an action on
 * a contract, numbered 1, 2, … per contract (`seq`), each hashing the one before (`prev_hash`,
 * null for the first). The table only grows: a trigger refuses UPDATE, DELETE and TRUNCATE, so
 * that only someone who disables it (a superuser, by hand) can change an entry — and
 * `verifyAuditChain` then flags it. `action` is one of the platform's AUDIT_ACTIONS, written out
 * (a migration never changes once run); a test keeps the CHECK and that list the same. A contract with a trail cannot be deleted (no cascade).
 */
export const AUDIT_MIGRATION = {
  version: 9,
  name: 'contract audit trail',
  sql: `
CREATE TABLE audit_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  contract_id bigint NOT NULL REFERENCES contracts (id),
  seq integer NOT NULL CHECK (seq > 0),
  action text NOT NULL CHECK (action IN ('create', 'view', 'download', 'fill', 'sign', 'refuse',
    'urge', 'withdraw', 'remove', 'rescind', 'expire', 'apply_signing', 'approve',
    'reject_approval')),
  actor_user_id bigint REFERENCES users (id),
  company_id bigint REFERENCES companies (id),
  at timestamptz NOT NULL,
  ip text,
  document_sha256 text NOT NULL CHECK (document_sha256 ~ '^[0-9a-f]{64}$'),
  details jsonb NOT NULL DEFAULT '{}',
  prev_hash text CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  UNIQUE (contract_id, seq),
  CHECK ((seq = 1) = (prev_hash IS NULL))
);

CREATE FUNCTION audit_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_entries is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_entries_append_only BEFORE UPDATE OR DELETE ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION audit_entries_refuse_change();
CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON audit_entries
  FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_refuse_change();
`,
};
