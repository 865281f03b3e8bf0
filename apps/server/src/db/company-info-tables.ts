/**
 * Migration 18: the company's information and its changes (spec 001 §7 Company).
 *
 * - `companies` gains its unified social credit code, its legal representative (name, phone,
 *   keyed hash of the ID number: the number itself is never kept or shown) and `written_off_at`
 *   (and by whom): a written-off company keeps its rows (contracts and their audit trails name
 *   it) but no session can enter it and it leaves its members' lists.
 * - `company_pending_changes`: a legal representative or name change begun and waiting for its SMS
 *   code, one per company and kind; beginning again replaces it, confirming it applies and deletes
 *   it.
 * - `company_changes`: what was changed, by whom and when — append-only (a trigger refuses UPDATE
 *   and DELETE). The contracts' hash-chained audit trail is per contract and does not fit.
 */
export const COMPANY_INFO_MIGRATION = {
  version: 18,
  name: 'company information, changes and write-off',
  sql: `
ALTER TABLE companies
  ADD COLUMN credit_code text NOT NULL DEFAULT '',
  ADD COLUMN legal_name text NOT NULL DEFAULT '',
  ADD COLUMN legal_phone text NOT NULL DEFAULT '',
  ADD COLUMN legal_id_hash text,
  ADD COLUMN written_off_at timestamptz,
  ADD COLUMN written_off_by bigint REFERENCES users (id);

CREATE TABLE company_pending_changes (
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('legal', 'name')),
  payload jsonb NOT NULL,
  requested_by bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, kind)
);

CREATE TABLE company_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id bigint NOT NULL REFERENCES companies (id),
  kind text NOT NULL CHECK (kind IN ('legal', 'name', 'admin', 'writeOff')),
  actor_user_id bigint NOT NULL REFERENCES users (id),
  details jsonb NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX company_changes_company ON company_changes (company_id, id);

CREATE FUNCTION company_changes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'company_changes is append-only';
END;
$$;
CREATE TRIGGER company_changes_append_only BEFORE UPDATE OR DELETE ON company_changes
  FOR EACH ROW EXECUTE FUNCTION company_changes_append_only();
`,
};
