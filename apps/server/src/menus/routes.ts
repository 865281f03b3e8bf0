import { PATHS, PERSONAL_CONSOLE_ID, type MenuData, type MenuRoute } from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { AccessClaims } from '../auth/tokens';
import { sessionConsole, type SessionConsole } from '../companies/console';
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
 * and shared sections; in a company those its administrator sees all of, and other members as far
 * as their role is listed. A route shows only under a parent that shows.
 */
async function permittedRoutes(
  database: Database,
  session: AccessClaims,
  current: SessionConsole,
): Promise<MenuRoute[]> {
  const rows = await database.query<MenuRow>(
    `SELECT id, parent_id, path, name, code, hidden FROM menus
     WHERE CASE WHEN $1 THEN scope IN ('personal', 'both')
                ELSE scope IN ('company', 'both') AND ('admin' = ANY($2::text[]) OR roles && $2::text[])
           END
     ORDER BY sort, id`,
    [session.companyId === PERSONAL_CONSOLE_ID, current.roles],
  );
  const nodes = new Map<string, MenuRoute>(
    rows.map((row) => [
      String(row.id),
      { path: row.path, name: row.name, code: row.code, hidden: row.hidden, children: [] },
    ]),
  );
  const roots: MenuRoute[] = [];
  for (const row of rows) {
    const node = nodes.get(String(row.id))!;
    if (row.parent_id === null) roots.push(node);
    else nodes.get(String(row.parent_id))?.children.push(node);
  }
  return roots;
}

/** The sidebar's data: the routes the session's console may open, and its roles. */
export async function menuRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;

  route(app, context, {
    method: 'GET',
    path: PATHS.menu,
    summary: 'The route tree the session may open (sections and their pages) and its roles',
    tag: 'blade-system',
    auth: 'user',
    handler: async ({ session }): Promise<MenuData> => {
      const current = await sessionConsole(database, session);
      return { routes: await permittedRoutes(database, session, current), roles: current.roles };
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.leftMenu,
    example: { query: { path: '/enterprise-console' } },
    summary:
      'The sidebar of a section: the pages under ?path= (a section such as /enterprise-console, or any page in it)',
    tag: 'blade-system',
    auth: 'user',
    query: z.object({
      path: z.string().check(z.regex(/^\/[\w-]+(?:\/[\w-]+)*\/?$/, { error: 'invalidValue' })),
    }),
    handler: async ({ session, query }): Promise<MenuRoute[]> => {
      const section = `/${query.path.split('/')[1]}`;
      const current = await sessionConsole(database, session);
      const routes = await permittedRoutes(database, session, current);
      const permitted = routes.find((candidate) => candidate.path === section);
      if (permitted) return permitted.children;
      const [known] = await database.query('SELECT 1 FROM menus WHERE path = $1', [section]);
      throw known ? new ApiError('noPermission', 403) : new ApiError('notFound', 404);
    },
  });
}
