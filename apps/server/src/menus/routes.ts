import {
  PATHS,
  PERSONAL_CONSOLE_ID,
  routePermission,
  type MenuData,
  type MenuRoute,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { AccessClaims } from '../auth/tokens';
import type { SessionConsole } from '../companies/console';
import type { AppContext } from '../context';
import type { Database } from '../db';
import { ApiError, route } from '../http/route';

interface MenuRow {
  id: string | number;
  parent_id: string | number | null;
  path: string;
  name: string;
  code: string;
  hidden: boolean;
}

/**
 * The routes a console may open, as a tree in sidebar order: in the personal console the personal
 * and shared sections; in a company the company and shared sections, each page as far as the
 * member's grants hold its permission (`routePermission`: the same rule the API enforces), so
 * the system administrator sees every page. A route shows only under a parent that shows, and a
 * section whose pages are all withheld is withheld too.
 */
async function permittedRoutes(
  database: Database,
  session: AccessClaims,
  current: SessionConsole,
): Promise<MenuRoute[]> {
  const rows = await database.query<MenuRow>(
    `SELECT id, parent_id, path, name, code, hidden FROM menus
     WHERE scope IN ('both', CASE WHEN $1 THEN 'personal' ELSE 'company' END)
     ORDER BY sort, id`,
    [session.companyId === PERSONAL_CONSOLE_ID],
  );
  const allowed = (path: string) => {
    const needed = routePermission(path);
    return needed === null || current.grants.has(needed);
  };
  const children = (parentId: string | null): MenuRoute[] =>
    rows
      .filter((row) => (row.parent_id === null ? null : String(row.parent_id)) === parentId)
      .filter((row) => allowed(row.path))
      .flatMap((row) => {
        const below = children(String(row.id));
        const isSection = rows.some((other) => String(other.parent_id) === String(row.id));
        if (isSection && below.length === 0) return [];
        return [
          { path: row.path, name: row.name, code: row.code, hidden: row.hidden, children: below },
        ];
      });
  return children(null);
}

/** The sidebar's data: the routes the session's console may open, and its roles. */
export async function menuRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;

  route(app, context, {
    method: 'GET',
    path: PATHS.menu,
    summary: 'The route tree the session may open (sections and their pages) and its roles',
    tag: 'blade-system',
    permission: 'signedIn',
    handler: async ({ session, console: current }): Promise<MenuData> => ({
      routes: await permittedRoutes(database, session, current),
      roles: current.roles,
      permissions: [...current.grants],
    }),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.leftMenu,
    example: { query: { path: '/enterprise-console' } },
    summary:
      'The sidebar of a section: the pages under ?path= (a section such as /enterprise-console, or any page in it)',
    tag: 'blade-system',
    permission: 'signedIn',
    query: z.object({
      path: z.string().check(z.regex(/^\/[\w-]+(?:\/[\w-]+)*\/?$/, { error: 'invalidValue' })),
    }),
    handler: async ({ session, query, console: current }): Promise<MenuRoute[]> => {
      const section = `/${query.path.split('/')[1]}`;
      const routes = await permittedRoutes(database, session, current);
      const permitted = routes.find((candidate) => candidate.path === section);
      if (permitted) return permitted.children;
      const [known] = await database.query('SELECT 1 FROM menus WHERE path = $1', [section]);
      throw known ? new ApiError('noPermission', 403) : new ApiError('notFound', 404);
    },
  });
}
