/**
 * The sidebar's entries (spec 000 §6, spec 001 §2): the pages of the current section, filtered by
 * the routes the server permits, the roles (admin sees all), hidden flags and the system type.
 */
import type { MenuRoute } from '@esign/platform';
import { joinPath, type PageRoute, type RouteTitle, type Section } from '../routes/table';

export interface MenuEntry {
  /** The path the entry opens; for a group, the group's path. */
  key: string;
  title: RouteTitle;
  children?: MenuEntry[];
}

export interface MenuAccess {
  /** Paths the server lists as shown; null while unknown (the server still guards every call). */
  permitted: ReadonlySet<string> | null;
  isAdmin: boolean;
  /** sysType 0: fee pages are shown. */
  showFees: boolean;
}

/** The paths of the server's menu that are not hidden, at any depth. */
export function permittedPaths(routes: readonly MenuRoute[]): Set<string> {
  const paths = new Set<string>();
  const walk = (nodes: readonly MenuRoute[]) => {
    for (const node of nodes) {
      if (!node.hidden) paths.add(node.path);
      walk(node.children);
    }
  };
  walk(routes);
  return paths;
}

function entries(route: PageRoute, path: string, access: MenuAccess): MenuEntry[] {
  if (route.hidden || (route.feesOnly && !access.showFees)) return [];
  if (!route.children) {
    const allowed = access.isAdmin || !access.permitted || access.permitted.has(path);
    return allowed ? [{ key: path, title: route.title }] : [];
  }
  const children = route.children.flatMap((child) =>
    entries(child, joinPath(path, child.path), access),
  );
  if (children.length === 0) return [];
  // A group with a single page is that page, under the group's name.
  if (children.length === 1) return [{ key: children[0]!.key, title: route.title }];
  return [{ key: path, title: route.title, children }];
}

/** The entries of a section's sidebar: a centre's pages, or the workbench's areas. */
export function menuEntries(section: Section, access: MenuAccess): MenuEntry[] {
  const [only] = section.routes;
  const items: [PageRoute, string][] =
    section.routes.length === 1 && only?.children
      ? only.children.map((child) => [child, joinPath(only.path, child.path)])
      : section.routes.map((route) => [route, route.path]);
  return items.flatMap(([route, path]) => entries(route, path, access));
}

/** The groups to open for a path: those whose path leads to it. */
export function openGroups(menu: readonly MenuEntry[], pathname: string): string[] {
  return menu.flatMap((entry) =>
    entry.children && pathname.startsWith(`${entry.key}/`)
      ? [entry.key, ...openGroups(entry.children, pathname)]
      : [],
  );
}
