/**
 * Migration 4: what the app shell reads. Tenants gain a domain and a system type; `menus` holds the
 * route tree of the sidebar (spec 000 §2, spec 001 §2) with the roles that see each route;
 * `messages` the users' message centre; `files` the uploaded contract documents.
 *
 * A menu row's i18n name key and permission code follow from its path (`/enterprise-console/seal`
 * → `route.enterprise-console.seal`, `enterprise-console:seal`); its parent is the row whose path
 * it extends. `scope` says in which console it shows (personal, company or both); `roles` which
 * company roles besides the administrator (who sees every company route) see it. Screens that open
 * from a list or a button (details, editors, add forms, payment steps) are hidden: permitted, but
 * not listed in the sidebar.
 */
export const APP_SHELL_MIGRATION = {
  version: 4,
  name: 'tenant domains, menus, messages, files',
  sql: `
ALTER TABLE tenants
  ADD COLUMN domain text UNIQUE,
  ADD COLUMN sys_type smallint NOT NULL DEFAULT 0 CHECK (sys_type IN (0, 1));

CREATE TABLE menus (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  parent_id bigint REFERENCES menus (id) ON DELETE CASCADE,
  path text NOT NULL UNIQUE,
  name text NOT NULL,
  code text NOT NULL UNIQUE,
  hidden boolean NOT NULL DEFAULT false,
  sort integer NOT NULL,
  scope text NOT NULL CHECK (scope IN ('personal', 'company', 'both')),
  roles text[] NOT NULL DEFAULT '{}'
);
INSERT INTO menus (path, name, code, hidden, sort, scope, roles)
SELECT path, 'route' || replace(path, '/', '.'), substr(replace(path, '/', ':'), 2), hidden, sort,
       scope, roles::text[]
FROM (VALUES
  ('/dashboard', false, 1, 'both', '{staff}'),
  ('/agency-contract', false, 2, 'both', '{staff}'),
  ('/agency-contract/index', false, 1, 'both', '{staff}'),
  ('/agency-contract/directly-launch', false, 2, 'both', '{staff}'),
  ('/agency-contract/directly-template', false, 3, 'both', '{staff}'),
  ('/agency-contract/contractDetails', true, 4, 'both', '{staff}'),
  ('/agency-contract/contractedit', true, 5, 'both', '{staff}'),
  ('/agency-contract/directly-success', true, 6, 'both', '{staff}'),
  ('/agency-contract/online-attestation', true, 7, 'both', '{staff}'),
  ('/agency-contract/contractSignature', true, 8, 'both', '{staff}'),
  ('/management', false, 3, 'both', '{staff}'),
  ('/management/index', false, 1, 'both', '{staff}'),
  ('/approval', false, 4, 'both', '{staff}'),
  ('/approval/index', false, 1, 'both', '{staff}'),
  ('/approval/view', true, 2, 'both', '{staff}'),
  ('/template', false, 5, 'both', '{staff}'),
  ('/template/index', false, 1, 'both', '{staff}'),
  ('/template/view', true, 2, 'both', '{staff}'),
  ('/template/contractSuccess', true, 3, 'both', '{staff}'),
  ('/template/contractPdf', true, 4, 'both', '{staff}'),
  ('/template/contractSort', true, 5, 'both', '{staff}'),
  ('/template/Preview', true, 6, 'both', '{staff}'),
  ('/template/Preview2', true, 7, 'both', '{staff}'),
  ('/template/PreviewContractSignature', true, 8, 'both', '{staff}'),
  ('/template/Editor', true, 9, 'both', '{staff}'),
  ('/relative', false, 6, 'both', '{staff}'),
  ('/relative/personal', false, 1, 'both', '{staff}'),
  ('/relative/company', false, 2, 'both', '{staff}'),
  ('/relative/view', true, 3, 'both', '{staff}'),
  ('/relative/company-view', true, 4, 'both', '{staff}'),
  ('/enterprise-console', false, 7, 'company', '{staff}'),
  ('/enterprise-console/company_info', false, 1, 'company', '{staff}'),
  ('/enterprise-console/staff_list', false, 2, 'company', '{}'),
  ('/enterprise-console/right_role', false, 3, 'company', '{}'),
  ('/enterprise-console/role-add', true, 4, 'company', '{}'),
  ('/enterprise-console/seal', false, 5, 'company', '{staff}'),
  ('/enterprise-console/seal-add', true, 6, 'company', '{}'),
  ('/enterprise-console/seal-add-legal', true, 7, 'company', '{}'),
  ('/enterprise-console/seal-view', true, 8, 'company', '{staff}'),
  ('/enterprise-console/examine', false, 9, 'company', '{}'),
  ('/enterprise-console/approval-add', true, 10, 'company', '{}'),
  ('/enterprise-console/approval-view', true, 11, 'company', '{}'),
  ('/enterprise-console/cert', false, 12, 'company', '{}'),
  ('/enterprise-console/account', false, 13, 'company', '{}'),
  ('/enterprise-console/mall', true, 14, 'company', '{}'),
  ('/enterprise-console/confirm', true, 15, 'company', '{}'),
  ('/enterprise-console/submit', true, 16, 'company', '{}'),
  ('/enterprise-console/cost', false, 17, 'company', '{}'),
  ('/enterprise-console/cost/wallet', false, 1, 'company', '{}'),
  ('/enterprise-console/cost/order', false, 2, 'company', '{}'),
  ('/enterprise-console/cost/bill', false, 3, 'company', '{}'),
  ('/enterprise-console/cost/free', false, 4, 'company', '{}'),
  ('/enterprise-console/cost/open-ticket', false, 5, 'company', '{}'),
  ('/enterprise-console/application', false, 18, 'company', '{}'),
  ('/enterprise-console/application/access', false, 1, 'company', '{}'),
  ('/enterprise-console/application/application_cert', false, 2, 'company', '{}'),
  ('/enterprise-console/application/application_notify', false, 3, 'company', '{}'),
  ('/enterprise-console/sub_company', false, 19, 'company', '{}'),
  ('/msg-center', false, 8, 'both', '{staff}'),
  ('/msg-center/all', false, 1, 'both', '{staff}'),
  ('/user-center', false, 9, 'both', '{staff}'),
  ('/user-center/basic', false, 1, 'both', '{staff}'),
  ('/user-center/seal', false, 2, 'both', '{staff}'),
  ('/user-center/create', true, 3, 'both', '{staff}'),
  ('/user-center/address', false, 4, 'both', '{staff}'),
  ('/user-center/account', false, 5, 'both', '{staff}'),
  ('/user-center/mall', true, 6, 'both', '{staff}'),
  ('/user-center/confirm', true, 7, 'both', '{staff}'),
  ('/user-center/submit', true, 8, 'both', '{staff}'),
  ('/user-center/userAgreement', false, 9, 'both', '{staff}'),
  ('/user-center/contact', false, 10, 'both', '{staff}'),
  ('/user-center/about', false, 11, 'both', '{staff}'),
  ('/cost-center', false, 10, 'both', '{staff}'),
  ('/cost-center/wallet', false, 1, 'both', '{staff}'),
  ('/cost-center/order', false, 2, 'both', '{staff}'),
  ('/cost-center/gave', false, 3, 'both', '{staff}'),
  ('/cost-center/bill', false, 4, 'both', '{staff}'),
  ('/cost-center/open-ticket', false, 5, 'both', '{staff}'),
  ('/real-name', true, 11, 'both', '{staff}'),
  ('/real-name/index', false, 1, 'both', '{staff}'),
  ('/real-name/person', false, 2, 'both', '{staff}'),
  ('/real-name/company', false, 3, 'both', '{staff}'),
  ('/custom-auth', false, 12, 'both', '{staff}'),
  ('/custom-auth/personal', false, 1, 'both', '{staff}'),
  ('/custom-auth/company', false, 2, 'both', '{staff}'),
  ('/custom-auth/business', false, 3, 'both', '{staff}')
) AS route (path, hidden, sort, scope, roles);
UPDATE menus AS child SET parent_id = parent.id
FROM menus AS parent WHERE parent.path = regexp_replace(child.path, '/[^/]+$', '');

CREATE TABLE messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  company_id bigint REFERENCES companies (id) ON DELETE CASCADE,
  title text NOT NULL,
  content text NOT NULL,
  is_read boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_user ON messages (user_id, is_read, created_at DESC);

CREATE TABLE files (
  id uuid PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  company_id bigint REFERENCES companies (id) ON DELETE SET NULL,
  name text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL,
  storage_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
};
