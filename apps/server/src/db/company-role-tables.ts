/**
 * Migration 16: roles and the members who hold them (spec 001 §6, §7 company-role and staff).
 *
 * - `company_roles`: a company's roles. The five built-in ones (`builtin` = admin, legal,
 *   sealManager, sealUser, employee; their `name` is that key, the client names them in its
 *   language) exist from the company's creation (`companies/roles.ts`); custom roles have
 *   `builtin` NULL and the name their author gave. `grants` are permissions of the tree in
 *   `@esign/platform` (`permissions.ts`); the administrator's are ignored: it holds them all.
 * - `company_members.role_id` replaces the free-text `role`; `status` is `active` or `forbidden`
 *   (a forbidden member cannot enter the company: every call of a session in it answers 403
 *   `companyAccessEnded`); `joined_at` orders the staff list.
 * - `menus.roles` goes: which page a member sees follows from their grants and the page's
 *   permission (`ROUTE_PERMISSIONS` in the platform package), one rule for the sidebar and the API.
 *
 * The grants below are the built-in defaults as of this migration, written out so that the
 * migration means the same thing forever; new companies take `BUILTIN_ROLE_GRANTS`.
 */
export const COMPANY_ROLE_MIGRATION = {
  version: 16,
  name: 'company roles and member status',
  sql: `
CREATE TABLE company_roles (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  builtin text CHECK (builtin IN ('admin', 'legal', 'sealManager', 'sealUser', 'employee')),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 30),
  grants text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, name)
);
CREATE UNIQUE INDEX company_roles_builtin ON company_roles (company_id, builtin)
  WHERE builtin IS NOT NULL;

INSERT INTO company_roles (company_id, builtin, name, grants)
SELECT c.id, r.builtin, r.builtin, r.grants::text[]
FROM companies c CROSS JOIN (VALUES
  ('admin', '{}'),
  ('legal', '{company:view,seal:view,template:view,contract:launch,approval:view,subCompany:view,cert:view}'),
  ('sealManager', '{company:view,staff:view,seal:view,seal:add,seal:edit,seal:delete,seal:authorize,template:view,contract:launch}'),
  ('sealUser', '{company:view,seal:view,template:view,contract:launch}'),
  ('employee', '{company:view,template:view,template:add,contract:launch}')
) AS r (builtin, grants);

ALTER TABLE company_members
  ADD COLUMN role_id bigint REFERENCES company_roles (id),
  ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'forbidden')),
  ADD COLUMN joined_at timestamptz NOT NULL DEFAULT now();
UPDATE company_members m SET role_id = r.id
FROM company_roles r
WHERE r.company_id = m.company_id
  AND r.builtin = CASE WHEN m.role = 'admin' THEN 'admin' ELSE 'employee' END;
ALTER TABLE company_members ALTER COLUMN role_id SET NOT NULL;
ALTER TABLE company_members DROP COLUMN role;
CREATE INDEX company_members_role ON company_members (role_id);
CREATE INDEX company_members_user ON company_members (user_id);

ALTER TABLE menus DROP COLUMN roles;
`,
};
