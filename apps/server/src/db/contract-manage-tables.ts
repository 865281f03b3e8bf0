/**
 * Migration 30: the right to manage every contract of a company (`contract:manage`, issue 28).
 * Until now any member withdrew, removed, urged and locked the company's contracts; from now on
 * their initiator and the members whose role grants the leaf do. The existing companies' legal
 * representative roles gain it, as new companies' do (`BUILTIN_ROLE_GRANTS`); the administrator
 * holds every permission without a stored grant. Other roles, custom ones included, are left as
 * their company made them: a company grants the leaf to its contract managers in the role editor.
 */
export const CONTRACT_MANAGE_MIGRATION = {
  version: 30,
  name: 'contract management grant',
  sql: `
UPDATE company_roles
SET grants = array_append(grants, 'contract:manage'), updated_at = now()
WHERE builtin = 'legal' AND NOT ('contract:manage' = ANY (grants));
`,
};
