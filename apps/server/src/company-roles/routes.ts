import {
  PATHS,
  ROUTE_PERMISSIONS,
  permissionTree,
  roleDeleteBody,
  roleGrantBody,
  roleIdBody,
  roleIdQuery,
  roleSubmitBody,
  type CompanyRole,
  type Permission,
  type PermissionTreeNode,
  type RoleDeleted,
  type RoleRoute,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { companyOf, deleteRole, findRole, grantRole, listRoles, submitRole } from './roles';

const TAG = 'blade-system';

/**
 * Company roles (blade-system/company-role): list, grant tree, grants, create, rename, delete.
 * Every call acts on the session's company only (another company's role id is 404) and refuses in
 * the personal console, which has no roles. `buttons` and `routes` tell what a role's grants open:
 * the permission keys the web app shows buttons by, and the console pages (`ROUTE_PERMISSIONS`),
 * so the role editor can show "this role sees these pages".
 */
export async function companyRoleRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;

  route(app, context, {
    method: 'GET',
    path: PATHS.companyRoleList,
    summary: 'Every role of the company with its grants and member count, built-in ones first',
    tag: TAG,
    permission: 'role:view',
    handler: async ({ console: current }): Promise<CompanyRole[]> =>
      listRoles(database, companyOf(current)),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.companyRoleGrantTree,
    summary: 'The permission tree the role editor grants from, in the request’s language',
    tag: TAG,
    permission: 'role:view',
    handler: async ({ console: current, locale }): Promise<PermissionTreeNode[]> => {
      companyOf(current);
      return permissionTree(locale);
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.companyRoleTreeKeys,
    example: { query: { roleId: '1' } },
    summary: 'The permissions a role grants: the role editor’s checked leaves',
    tag: TAG,
    permission: 'role:view',
    query: roleIdQuery,
    handler: async ({ console: current, query }): Promise<Permission[]> =>
      (await findRole(database, companyOf(current), query.roleId)).grants,
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.companyRoleButtons,
    example: { body: { roleId: '1' } },
    summary: 'The permission keys a role’s grants open (the buttons its members see)',
    tag: TAG,
    permission: 'role:view',
    body: roleIdBody,
    handler: async ({ console: current, body }): Promise<Permission[]> =>
      (await findRole(database, companyOf(current), body.roleId)).grants,
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.companyRoleRoutes,
    example: { body: { roleId: '1' } },
    summary: 'The console pages a role’s grants open, each with the permission it needs',
    tag: TAG,
    permission: 'role:view',
    body: roleIdBody,
    handler: async ({ console: current, body }): Promise<RoleRoute[]> => {
      const grants = new Set((await findRole(database, companyOf(current), body.roleId)).grants);
      return Object.entries(ROUTE_PERMISSIONS)
        .filter(([, permission]) => grants.has(permission))
        .map(([path, permission]) => ({ path, permission }));
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.companyRoleSubmit,
    example: { body: { id: '999999', name: 'Contract reviewer' } },
    summary:
      'Creates a custom role (no id) or renames one: name required, at most 30 characters, unique',
    tag: TAG,
    permission: 'role:edit',
    body: roleSubmitBody,
    handler: async ({ console: current, body }): Promise<CompanyRole> =>
      submitRole(database, companyOf(current), body),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.companyRoleGrant,
    example: { body: { roleId: '999999', grants: ['staff:view', 'template:view'] } },
    summary:
      'Sets a role’s grants (leaves of the tree; only permissions the caller holds can be added)',
    tag: TAG,
    permission: 'role:edit',
    body: roleGrantBody,
    handler: async ({ console: current, body, locale }): Promise<CompanyRole> =>
      grantRole(database, current, body, locale),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.companyRoleDelete,
    example: { body: { id: '999999', moveTo: '999998' } },
    summary: 'Deletes a custom role, moving the members who hold it to moveTo in one transaction',
    tag: TAG,
    permission: 'role:edit',
    body: roleDeleteBody,
    handler: async ({ console: current, body, locale }): Promise<RoleDeleted> =>
      deleteRole(database, current, body, locale),
  });
}
