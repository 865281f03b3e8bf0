/**
 * Migration 8: templates, their categories and who may use them (spec 001 §2–§6); see
 * templates/CONTEXT.md for the rules the calls keep.
 *
 * A template and a category belong to a tenant and to a console: a company (`company_id`) or, in
 * the personal console, a person (`company_id` null; the template's creator, the category's
 * owner). Names are unique there, whatever their case. A template is drawn on a ready document
 * (`document_id`) whose displayed page sizes it keeps (`page_sizes`); `project` is the editor's
 * project as `parseProject` gave it, with what the server derives beside it (`stamp_locations`,
 * `problems`: `validateTemplate`'s checks, both languages). A template that holds problems stays
 * disabled (`status` 0).
 *
 * `template_category_grants` give a member `use` or `manage` on a category's templates.
 * `template_preview_tickets` open one public preview each, before they expire; only a keyed hash
 * of a ticket is kept. `contracts.template_id` gains its foreign key here: a template that
 * contracts were started from cannot be deleted. No template existed before this migration, so
 * any template id a contract held pointed at nothing and is cleared.
 */
export const TEMPLATE_MIGRATION = {
  version: 8,
  name: 'templates, template categories and their grants',
  sql: `
CREATE TABLE template_categories (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  company_id bigint REFERENCES companies (id) ON DELETE CASCADE,
  owner_user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 20),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX template_categories_company_name
  ON template_categories (company_id, lower(name)) WHERE company_id IS NOT NULL;
CREATE UNIQUE INDEX template_categories_personal_name
  ON template_categories (owner_user_id, lower(name)) WHERE company_id IS NULL;

CREATE TABLE template_category_grants (
  category_id bigint NOT NULL REFERENCES template_categories (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  access text NOT NULL CHECK (access IN ('use', 'manage')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (category_id, user_id)
);
CREATE INDEX template_category_grants_user ON template_category_grants (user_id);

CREATE TABLE templates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  company_id bigint REFERENCES companies (id) ON DELETE CASCADE,
  creator_user_id bigint NOT NULL REFERENCES users (id),
  category_id bigint REFERENCES template_categories (id),
  document_id uuid NOT NULL REFERENCES documents (id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  description text NOT NULL DEFAULT '',
  status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  page_sizes jsonb NOT NULL,
  project jsonb NOT NULL,
  stamp_locations jsonb NOT NULL DEFAULT '[]'::jsonb,
  problems jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status = 0 OR problems = '[]'::jsonb)
);
CREATE UNIQUE INDEX templates_company_name
  ON templates (company_id, lower(name)) WHERE company_id IS NOT NULL;
CREATE UNIQUE INDEX templates_personal_name
  ON templates (creator_user_id, lower(name)) WHERE company_id IS NULL;
CREATE INDEX templates_category ON templates (category_id) WHERE category_id IS NOT NULL;
CREATE INDEX templates_console ON templates (tenant_id, company_id, created_at DESC);

CREATE TABLE template_preview_tickets (
  ticket_hash text PRIMARY KEY,
  template_id bigint NOT NULL REFERENCES templates (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX template_preview_tickets_expiry ON template_preview_tickets (expires_at);

UPDATE contracts SET template_id = NULL WHERE template_id IS NOT NULL;
ALTER TABLE contracts
  ADD CONSTRAINT contracts_template_id_fkey FOREIGN KEY (template_id) REFERENCES templates (id);
CREATE INDEX contracts_template ON contracts (template_id) WHERE template_id IS NOT NULL;
`,
};
