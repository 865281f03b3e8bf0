/**
 * Migration 11: who does what on a contract, as the contract lists need it (spec 000 §2: handled
 * by me, handled by others, copied to me).
 *
 * - `contracts.signing_order`: `parallel` (all parties at once) or `sequential` (in the parties'
 *   `position` order: a party's turn comes when every signing party before it has signed).
 * - `contract_participants.signs` / `fills`: what the party does (a party may fill fields without
 *   signing, as in templates); `position`, its place in a sequential order (0 first);
 *   `filled_at`, `refused_at` and `refusal_reason` as the party acts.
 * - `contract_receivers`: copy recipients, who see the contract but do not act on it. A recipient
 *   is named by phone (bound to an account by `user_id` once one exists) and company name.
 *
 * The list indexes: a tenant's contracts newest first, and the contracts of a phone with no
 * account yet.
 */
export const CONTRACT_ROLES_MIGRATION = {
  version: 11,
  name: 'contract signing order, party roles and copy recipients',
  sql: `
ALTER TABLE contracts
  ADD COLUMN signing_order text NOT NULL DEFAULT 'parallel'
    CHECK (signing_order IN ('parallel', 'sequential'));
ALTER TABLE contract_participants
  ADD COLUMN signs boolean NOT NULL DEFAULT true,
  ADD COLUMN fills boolean NOT NULL DEFAULT false,
  ADD COLUMN position smallint NOT NULL DEFAULT 0 CHECK (position BETWEEN 0 AND 9),
  ADD COLUMN filled_at timestamptz,
  ADD COLUMN refused_at timestamptz,
  ADD COLUMN refusal_reason text,
  ADD CHECK (signs OR fills);
CREATE TABLE contract_receivers (
  contract_id bigint NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
  position smallint NOT NULL CHECK (position BETWEEN 0 AND 49),
  name text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  company_name text NOT NULL,
  user_id bigint REFERENCES users (id),
  PRIMARY KEY (contract_id, position),
  CHECK (name <> '' OR phone <> '')
);
CREATE INDEX contract_receivers_user ON contract_receivers (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX contract_receivers_unbound_phone ON contract_receivers (phone) WHERE user_id IS NULL;
CREATE INDEX contracts_tenant_newest ON contracts (tenant_id, created_at DESC, id DESC);
`,
};
