/**
 * Migration 5: contracts and their signing parties (spec 000 §3, §4); see contracts/CONTEXT.md for
 * what each column means to the consoles. A contract belongs to a tenant and to the console that
 * initiated it (`company_id`, null for a personal contract). Its status is one of the platform's
 * CONTRACT_STATUSES; a test keeps the CHECK and that list the same.
 *
 * A party (A to J) is a person (`company_name` null) or a company with the person who signs for it.
 * `user_id` and `company_id` point at the accounts once they exist: an initiator may name a phone
 * or a company that is not on the platform yet. `template_id` gains its foreign key with the
 * templates table.
 */
export const CONTRACT_MIGRATION = {
  version: 5,
  name: 'contracts and their parties',
  sql: `
CREATE TABLE contracts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  company_id bigint REFERENCES companies (id),
  initiator_user_id bigint NOT NULL REFERENCES users (id),
  number text NOT NULL,
  name text NOT NULL,
  status text NOT NULL CHECK (status IN ('filling', 'approving', 'signing', 'completed', 'refused',
    'approval_rejected', 'expired', 'withdrawn', 'cancelled')),
  agreement_type text NOT NULL DEFAULT 'contract'
    CHECK (agreement_type IN ('contract', 'supplementary', 'modification', 'termination')),
  template_id bigint,
  file_id uuid REFERENCES files (id),
  signing_started_at timestamptz,
  signing_deadline timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, number),
  CHECK (signing_deadline > signing_started_at)
);
CREATE INDEX contracts_company ON contracts (company_id) WHERE company_id IS NOT NULL;
CREATE INDEX contracts_personal_initiator ON contracts (initiator_user_id) WHERE company_id IS NULL;

CREATE TABLE contract_participants (
  contract_id bigint NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
  party text NOT NULL CHECK (party IN ('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J')),
  user_id bigint REFERENCES users (id),
  company_id bigint REFERENCES companies (id),
  company_name text,
  phone text NOT NULL,
  name text NOT NULL,
  signed_at timestamptz,
  PRIMARY KEY (contract_id, party),
  CHECK (company_id IS NULL OR company_name IS NOT NULL)
);
CREATE INDEX contract_participants_user ON contract_participants (user_id);
CREATE INDEX contract_participants_company ON contract_participants (company_id);
CREATE INDEX contract_participants_unbound_phone ON contract_participants (phone)
  WHERE user_id IS NULL;
`,
};
