/**
 * Migration 46: the open API (issue 34; open-api/CONTEXT.md).
 *
 * - `contracts.access_party_id` and `external_id`: the access party that initiated a contract and
 *   the partner's own reference for it, unique per party, so that a retried create answers the
 *   contract already made instead of making a second one.
 * - `contracts.changed_at`: the time of the last entry of its audit trail that changed something
 *   (not a view, a download or a signing link). A trigger on `audit_entries` keeps it, in the
 *   transaction that appends the entry, whichever code path appends it; the open API lists the
 *   contracts changed since a time from it (index by company). Existing contracts get theirs
 *   from their trails.
 * - `open_api_nonces`: the nonces each party used within the clock-skew window, so that a
 *   captured request cannot be sent again (kept 10 minutes: twice the window).
 * - `signing_links`: a link a party was given for one contract's party — the SHA-256 of its
 *   ticket, never the ticket, where "Exit signing" returns, and when it stops working.
 * - `open_api_calls`: every call an access party made (method, path, status, address, contract),
 *   the company's record of what its integrations did; kept 90 days.
 * - The audit trail's actions gain `signing_link`.
 */
export const OPEN_API_MIGRATION = {
  version: 46,
  name: 'the open API',
  sql: `
ALTER TABLE contracts ADD COLUMN access_party_id bigint REFERENCES access_parties (id)
  ON DELETE SET NULL;
ALTER TABLE contracts ADD COLUMN external_id text CHECK (char_length(external_id) <= 64);
ALTER TABLE contracts ADD COLUMN changed_at timestamptz;
UPDATE contracts c SET changed_at = coalesce(
  (SELECT max(a.at) FROM audit_entries a
   WHERE a.contract_id = c.id AND a.action NOT IN ('view', 'download')),
  c.created_at);
ALTER TABLE contracts ALTER COLUMN changed_at SET DEFAULT now();
ALTER TABLE contracts ALTER COLUMN changed_at SET NOT NULL;
CREATE UNIQUE INDEX contracts_external_id ON contracts (access_party_id, external_id)
  WHERE external_id IS NOT NULL;
CREATE INDEX contracts_changed ON contracts (company_id, changed_at, id);

ALTER TABLE audit_entries DROP CONSTRAINT audit_entries_action_check;
ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_action_check CHECK (action IN ('create',
  'view', 'download', 'signing_link', 'fill', 'sign', 'refuse', 'urge', 'withdraw', 'remove',
  'rescind', 'expire', 'apply_signing', 'approve', 'reject_approval', 'approve_initiation'));

CREATE FUNCTION contracts_note_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contracts SET changed_at = NEW.at WHERE id = NEW.contract_id AND changed_at < NEW.at;
  RETURN NULL;
END
$$;
CREATE TRIGGER audit_entries_note_change AFTER INSERT ON audit_entries
  FOR EACH ROW WHEN (NEW.action NOT IN ('view', 'download', 'signing_link'))
  EXECUTE FUNCTION contracts_note_change();

CREATE TABLE open_api_nonces (
  party_id bigint NOT NULL REFERENCES access_parties (id) ON DELETE CASCADE,
  nonce text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (party_id, nonce)
);
CREATE INDEX open_api_nonces_at ON open_api_nonces (at);

CREATE TABLE signing_links (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  contract_id bigint NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
  party text NOT NULL CHECK (party IN ('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J')),
  ticket_hash text NOT NULL UNIQUE CHECK (ticket_hash ~ '^[0-9a-f]{64}$'),
  access_party_id bigint REFERENCES access_parties (id) ON DELETE SET NULL,
  return_url text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX signing_links_contract ON signing_links (contract_id);

CREATE TABLE open_api_calls (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  party_id bigint NOT NULL REFERENCES access_parties (id) ON DELETE CASCADE,
  method text NOT NULL,
  path text NOT NULL,
  status integer NOT NULL,
  contract_id bigint,
  ip text,
  duration_ms integer NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX open_api_calls_party ON open_api_calls (party_id, at DESC);
CREATE INDEX open_api_calls_at ON open_api_calls (at);
`,
};
