/**
 * The company role calls (spec 001 §7 blade-system/company-role: list, grant-tree,
 * role-tree-keys, routes, submit, grant, delete-role), their TanStack Query keys and the
 * mutations, which refresh the roles (and the staff screens, which show them) after a change.
 */
import {
  PATHS,
  type CompanyRole,
  type Permission,
  type PermissionTreeNode,
  type RoleDeleted,
  type RoleRoute,
} from '@esign/platform';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

export const fetchRoles = () => call<CompanyRole[]>({ url: PATHS.companyRoleList });

export const fetchGrantTree = () => call<PermissionTreeNode[]>({ url: PATHS.companyRoleGrantTree });

export const fetchRoleRoutes = (roleId: string) =>
  call<RoleRoute[]>({ method: 'POST', url: PATHS.companyRoleRoutes, data: { roleId } });

/** Creates a role (no id) or renames one. */
export const submitRole = (role: { id?: string; name: string }) =>
  call<CompanyRole>({ method: 'POST', url: PATHS.companyRoleSubmit, data: role });

export const grantRole = (roleId: string, grants: readonly Permission[]) =>
  call<CompanyRole>({ method: 'POST', url: PATHS.companyRoleGrant, data: { roleId, grants } });

/** Deletes a role; `moveTo` takes its members while any hold it. */
export const deleteRole = (id: string, moveTo?: string) =>
  call<RoleDeleted>({
    method: 'POST',
    url: PATHS.companyRoleDelete,
    data: moveTo ? { id, moveTo } : { id },
  });

/** The keys of this area's server state, under the console. */
export const roleKeys = {
  all: (companyId: number) => ['company-roles', companyId] as const,
  list: (companyId: number) => ['company-roles', companyId, 'list'] as const,
  tree: (companyId: number, locale: string) =>
    ['company-roles', companyId, 'tree', locale] as const,
  routes: (companyId: number, roleId: string) =>
    ['company-roles', companyId, 'routes', roleId] as const,
};

export const roleQueries = {
  list: (companyId: number) =>
    queryOptions({ queryKey: roleKeys.list(companyId), queryFn: fetchRoles }),
  /** The tree's labels come in the request's language: one cache entry per language. */
  tree: (companyId: number, locale: string) =>
    queryOptions({ queryKey: roleKeys.tree(companyId, locale), queryFn: fetchGrantTree }),
  routes: (companyId: number, roleId: string) =>
    queryOptions({
      queryKey: roleKeys.routes(companyId, roleId),
      queryFn: () => fetchRoleRoutes(roleId),
    }),
};

/**
 * Saves a role: its name (created or renamed), then its grants; the roles are fetched again. A
 * role created before its grants were refused is handed to `onCreated`, so that saving again
 * grants that role rather than creating a second one.
 */
export function useSaveRole(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      role,
      name,
      grants,
      onCreated,
    }: {
      /** The role being edited; undefined for a new one. */
      role: CompanyRole | undefined;
      name: string;
      /** The grants to set; undefined leaves them (the administrator's role). */
      grants: Permission[] | undefined;
      onCreated?: (created: CompanyRole) => void;
    }) => {
      let saved = role;
      if (!role) {
        saved = await submitRole({ name });
        onCreated?.(saved);
      } else if (!role.builtin && role.name !== name) {
        saved = await submitRole({ id: role.id, name });
      }
      if (grants && saved) saved = await grantRole(saved.id, grants);
      return saved!;
    },
    onSettled: () => client.invalidateQueries({ queryKey: roleKeys.all(companyId) }),
  });
}

export function useDeleteRole(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, moveTo }: { id: string; moveTo?: string }) => deleteRole(id, moveTo),
    onSettled: () => client.invalidateQueries({ queryKey: roleKeys.all(companyId) }),
  });
}
