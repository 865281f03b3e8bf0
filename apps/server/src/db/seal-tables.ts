/**
 * Migration 23: seals as managed assets (issue 14; spec 001 §3 Seal, spec 000 §3).
 *
 * - `seals`: a person's seal (`owner_user_id`) or a company's (`company_id`), never both. Its PNG
 *   is in storage under `storage_key`; `image_id` is the random name its link carries, renewed
 *   whenever it is redrawn. A template seal keeps what it was drawn from (shape or type, colour,
 *   texts, aged) so that it can be drawn again. `used_count` counts the signatures it made: a used
 *   seal is never deleted, only disused (contract participants refer to it). A person has at most
 *   one default seal (a partial unique index).
 * - `seal_authorizations`: who may use or manage a company seal, for which contracts, from
 *   `start_date` to `end_date` (days in China's time, both included). `grantee_user_id` is null
 *   for all staff, `template_id` null for all contracts. A withdrawn one keeps its row
 *   (`revoked_at`), as the audit trails of contracts it allowed name it.
 * - `seal_handwrite_tickets`: the desktop's QR code for drawing on a phone: the SHA-256 of the
 *   ticket (the ticket itself is only in the QR code), its owner, its expiry and, once drawn, the
 *   seal made; a ticket is used once.
 * - `contract_participants.seal_id` / `seal_authorization_id`: the seal a party signed with and
 *   the authorisation that allowed it (null for the party's own seal or the administrator's).
 */
export const SEAL_MIGRATION = {
  version: 23,
  name: 'seals, authorisations and handwriting tickets',
  sql: `
CREATE TABLE seals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  owner_user_id bigint REFERENCES users (id) ON DELETE CASCADE,
  company_id bigint REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  make_way text NOT NULL CHECK (make_way IN ('template', 'upload', 'handwrite')),
  shape text CHECK (shape IN ('square', 'oblong')),
  type text CHECK (type IN ('corporate', 'contract', 'invoice', 'finance', 'other', 'legal')),
  colour text NOT NULL DEFAULT 'red' CHECK (colour IN ('red', 'blue', 'black')),
  horizontal_text text NOT NULL DEFAULT '',
  below_text text NOT NULL DEFAULT '',
  aged boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'normal' CHECK (status IN ('normal', 'pending', 'disuse', 'rejected')),
  reject_reason text NOT NULL DEFAULT '',
  is_default boolean NOT NULL DEFAULT false,
  image_id uuid NOT NULL UNIQUE,
  storage_key text NOT NULL,
  image_sha256 text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  used_count integer NOT NULL DEFAULT 0,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((owner_user_id IS NULL) <> (company_id IS NULL)),
  CHECK (company_id IS NULL OR type IS NOT NULL)
);
CREATE INDEX seals_owner ON seals (owner_user_id, created_at) WHERE owner_user_id IS NOT NULL;
CREATE INDEX seals_company ON seals (company_id, created_at) WHERE company_id IS NOT NULL;
CREATE UNIQUE INDEX seals_one_default ON seals (owner_user_id) WHERE is_default;

CREATE TABLE seal_authorizations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  seal_id bigint NOT NULL REFERENCES seals (id) ON DELETE CASCADE,
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  grant_right text NOT NULL CHECK (grant_right IN ('use', 'manage')),
  staff_range text NOT NULL CHECK (staff_range IN ('all', 'specified')),
  grantee_user_id bigint REFERENCES users (id) ON DELETE CASCADE,
  contract_range text NOT NULL CHECK (contract_range IN ('all', 'template')),
  template_id bigint REFERENCES templates (id) ON DELETE CASCADE,
  start_date date NOT NULL,
  end_date date NOT NULL,
  granted_by bigint REFERENCES users (id) ON DELETE SET NULL,
  granted_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  CHECK ((staff_range = 'specified') = (grantee_user_id IS NOT NULL)),
  CHECK ((contract_range = 'template') = (template_id IS NOT NULL)),
  CHECK (end_date >= start_date)
);
CREATE INDEX seal_authorizations_seal ON seal_authorizations (seal_id) WHERE revoked_at IS NULL;
CREATE INDEX seal_authorizations_grantee ON seal_authorizations (grantee_user_id)
  WHERE revoked_at IS NULL AND grantee_user_id IS NOT NULL;
CREATE INDEX seal_authorizations_company ON seal_authorizations (company_id) WHERE revoked_at IS NULL;

CREATE TABLE seal_handwrite_tickets (
  ticket_sha256 text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  seal_id bigint REFERENCES seals (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX seal_handwrite_tickets_user ON seal_handwrite_tickets (user_id, created_at);

ALTER TABLE contract_participants
  ADD COLUMN seal_id bigint REFERENCES seals (id) ON DELETE RESTRICT,
  ADD COLUMN seal_authorization_id bigint REFERENCES seal_authorizations (id) ON DELETE RESTRICT;
`,
};
