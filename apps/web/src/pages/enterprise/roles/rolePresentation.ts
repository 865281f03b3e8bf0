/**
 * How the role screens name and summarise roles: a built-in role by its name in the language, a
 * custom one by its own; grants by their groups; the pages a set of grants opens.
 */
import {
  BUILTIN_ROLE_NAMES,
  PERMISSION_GROUPS,
  ROUTE_PERMISSIONS,
  type CompanyRole,
  type Locale,
  type Permission,
} from '@esign/platform';
import { SECTIONS, joinPath, type PageRoute, type RouteTitle } from '../../../routes/table';

/** A role's name as people read it. */
export function roleName(role: Pick<CompanyRole, 'builtin' | 'name'>, locale: Locale): string {
  return role.builtin ? BUILTIN_ROLE_NAMES[role.builtin][locale] : role.name;
}

/** The groups of the tree that grants touch, each with how many of its leaves are granted. */
export function grantGroups(
  grants: readonly Permission[],
  locale: Locale,
): { group: string; label: string; count: number }[] {
  const held = new Set(grants);
  return Object.entries(PERMISSION_GROUPS).flatMap(([group, { label, leaves }]) => {
    const count = Object.keys(leaves).filter((leaf) =>
      held.has(`${group}:${leaf}` as Permission),
    ).length;
    return count > 0 ? [{ group, label: label[locale], count }] : [];
  });
}

function titlesByPath(): Map<string, RouteTitle> {
  const titles = new Map<string, RouteTitle>();
  const walk = (routes: readonly PageRoute[], parent: string | null) => {
    for (const route of routes) {
      const full = parent === null ? route.path : joinPath(parent, route.path);
      titles.set(full, route.title);
      if (route.children) walk(route.children, full);
    }
  };
  for (const section of SECTIONS) walk(section.routes, null);
  return titles;
}

/**
 * The pages (their title keys under `routes.`) that grants open, as the server's menu and
 * company-role/routes decide them (`ROUTE_PERMISSIONS`); hidden pages that share a title with a
 * listed one are counted once.
 */
export function pagesOpened(grants: readonly Permission[]): RouteTitle[] {
  const held = new Set(grants);
  const titles = titlesByPath();
  const opened = Object.entries(ROUTE_PERMISSIONS)
    .filter(([, permission]) => held.has(permission))
    .flatMap(([path]) => {
      const title = titles.get(path);
      return title ? [title] : [];
    });
  return [...new Set(opened)];
}
