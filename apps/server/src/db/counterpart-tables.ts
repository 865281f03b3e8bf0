/**
 * Migration 37: counterparts (spec 000 §3–§5, §7 busi-opposite; issue 32).
 *
 * One book a console: `console_key` is `c<company>` (shared by the company's staff) or
 * `u<user>` (a person's personal console), as the archive's categories key them, with the
 * company or the owner as a foreign key so that a book goes with its console.
 *
 * A person counterpart has `name` and a `phone` or an `email` ('' when unknown), and may name
 * `affiliated_company`; a company counterpart has its full name in `name`, `credit_code` when
 * known, and its manager in `manager_name` and `phone`. Nothing names a counterpart twice in one
 * book: unique indexes on a person's phone, a person's email (case folded), a company's name
 * (case folded) and a company's credit code — the contract parties that join a book on their own
 * rely on them (`ON CONFLICT DO NOTHING`).
 *
 * Search: `search_text`, the lower-cased text of every field searched, under one trigram index
 * (see migration 33 for why `fastupdate = off`); the book's page reads
 * `counterparts_book` newest first.
 *
 * Roles: the existing companies' built-in roles gain `counterpart:view` (every role picks
 * parties from the book when initiating) and the legal representative `counterpart:edit`, as new
 * companies' do (`BUILTIN_ROLE_GRANTS`).
 */
export const COUNTERPART_MIGRATION = {
  version: 37,
  name: 'counterparts',
  sql: `
CREATE TABLE counterparts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  console_key text NOT NULL,
  company_id bigint REFERENCES companies (id) ON DELETE CASCADE,
  owner_user_id bigint REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('person', 'company')),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  phone text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  affiliated_company text NOT NULL DEFAULT '',
  credit_code text NOT NULL DEFAULT '',
  manager_name text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'normal' CHECK (status IN ('normal', 'blacklist')),
  blacklist_reason text,
  blacklisted_by bigint REFERENCES users (id) ON DELETE SET NULL,
  blacklisted_at timestamptz,
  source text NOT NULL CHECK (source IN ('manual', 'import', 'contract')),
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search_text text GENERATED ALWAYS AS (lower(name || ' ' || phone || ' ' || email || ' ' ||
    affiliated_company || ' ' || credit_code || ' ' || manager_name)) STORED,
  CHECK ((company_id IS NULL) <> (owner_user_id IS NULL)),
  CHECK (kind = 'company' OR phone <> '' OR email <> ''),
  CHECK (kind = 'person' OR (phone <> '' AND manager_name <> ''))
);
CREATE INDEX counterparts_book
  ON counterparts (tenant_id, console_key, kind, created_at DESC, id DESC);
CREATE UNIQUE INDEX counterparts_person_phone ON counterparts (tenant_id, console_key, phone)
  WHERE kind = 'person' AND phone <> '';
CREATE UNIQUE INDEX counterparts_person_email
  ON counterparts (tenant_id, console_key, lower(email))
  WHERE kind = 'person' AND email <> '';
CREATE UNIQUE INDEX counterparts_company_name
  ON counterparts (tenant_id, console_key, lower(name))
  WHERE kind = 'company';
CREATE UNIQUE INDEX counterparts_company_code
  ON counterparts (tenant_id, console_key, upper(credit_code))
  WHERE kind = 'company' AND credit_code <> '';
CREATE INDEX counterparts_blacklist ON counterparts (tenant_id, console_key)
  WHERE status = 'blacklist';
CREATE INDEX counterparts_search_trgm
  ON counterparts USING gin (search_text public.gin_trgm_ops)
  WITH (fastupdate = off);
CREATE INDEX counterparts_owner ON counterparts (owner_user_id) WHERE owner_user_id IS NOT NULL;
CREATE INDEX counterparts_company ON counterparts (company_id) WHERE company_id IS NOT NULL;

UPDATE company_roles
SET grants = array_append(grants, 'counterpart:view'), updated_at = now()
WHERE builtin IN ('legal', 'sealManager', 'sealUser', 'employee')
  AND NOT ('counterpart:view' = ANY (grants));
UPDATE company_roles
SET grants = array_append(grants, 'counterpart:edit'), updated_at = now()
WHERE builtin = 'legal' AND NOT ('counterpart:edit' = ANY (grants));
`,
};
