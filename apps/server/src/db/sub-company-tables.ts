/**
 * Migration 19: affiliated companies (spec 001 §7 Sub-companies).
 *
 * `sub_companies` links a main company to an affiliate of the same tenant (the server checks the
 * tenant; a company is never its own affiliate, and a pair is linked once). `launch_auth`: may the
 * main company initiate contracts in the affiliate's name. Removing either company removes the
 * link.
 */
export const SUB_COMPANY_MIGRATION = {
  version: 19,
  name: 'affiliated companies',
  sql: `
CREATE TABLE sub_companies (
  main_company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  sub_company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  launch_auth boolean NOT NULL DEFAULT true,
  linked_by bigint REFERENCES users (id) ON DELETE SET NULL,
  linked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (main_company_id, sub_company_id),
  CHECK (main_company_id <> sub_company_id)
);
CREATE INDEX sub_companies_sub ON sub_companies (sub_company_id);
`,
};
