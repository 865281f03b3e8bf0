/**
 * Migration 33: the contract archive (/management/index, issue 30). Each console — a company, or a
 * person's personal console — keeps its own archive categories for completed contracts, files a
 * contract in at most one of them, and gives its members `use` (see the category and its
 * contracts) or `manage` (also file into it and out of it) as template categories do.
 *
 * `console_key` is the console's first key as `consoleKeys` gives it: `c<company>` or `u<user>`.
 * Removing a category removes its filings (its contracts return to the unfiled list; nothing of
 * the contracts themselves changes) and its grants.
 *
 * Name and party search: trigram indexes (pg_trgm) on the contract's name and its parties' names
 * and companies, so that `ILIKE '%…%'` reads an index instead of every row. The extension is
 * created in `public` (the tests' throwaway schemas come and go; an extension dropped with one
 * would take every other schema's indexes with it) and its operator class named with its schema,
 * which works whatever the search_path. PGlite loads the extension's code itself
 * (`@electric-sql/pglite/contrib/pg_trgm`, in `openDatabase`). The indexes are built without GIN's
 * pending list (`fastupdate = off`): contracts are written one at a time, and PGlite has no
 * autovacuum to merge a pending list, whose size the planner counts against the index — 20,000
 * contracts added in one go had it read the whole table instead.
 */
export const CONTRACT_ARCHIVE_MIGRATION = {
  version: 33,
  name: 'contract archive categories and name search',
  sql: `
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

CREATE TABLE contract_archive_categories (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  company_id bigint REFERENCES companies (id) ON DELETE CASCADE,
  owner_user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  console_key text NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 20),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX contract_archive_categories_name
  ON contract_archive_categories (tenant_id, console_key, lower(name));

CREATE TABLE contract_archive_grants (
  category_id bigint NOT NULL REFERENCES contract_archive_categories (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  access text NOT NULL CHECK (access IN ('use', 'manage')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (category_id, user_id)
);
CREATE INDEX contract_archive_grants_user ON contract_archive_grants (user_id);

CREATE TABLE contract_archive_filings (
  tenant_id text NOT NULL REFERENCES tenants (id),
  console_key text NOT NULL,
  contract_id bigint NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
  category_id bigint NOT NULL REFERENCES contract_archive_categories (id) ON DELETE CASCADE,
  filed_by_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  filed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, console_key, contract_id)
);
CREATE INDEX contract_archive_filings_category ON contract_archive_filings (category_id, contract_id);

CREATE INDEX contracts_name_trgm ON contracts USING gin (name public.gin_trgm_ops)
  WITH (fastupdate = off);
CREATE INDEX contract_participants_name_trgm
  ON contract_participants USING gin (name public.gin_trgm_ops)
  WITH (fastupdate = off);
CREATE INDEX contract_participants_company_trgm
  ON contract_participants USING gin (company_name public.gin_trgm_ops)
  WITH (fastupdate = off);
CREATE INDEX contract_participants_phone_trgm
  ON contract_participants USING gin (phone public.gin_trgm_ops)
  WITH (fastupdate = off);
`,
};
