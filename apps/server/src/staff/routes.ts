import { PATHS, staffListBody, type Page, type StaffMember } from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { queryPage } from '../db/paging';
import { route } from '../http/route';
import { containsPattern, requireAdmin, templateActor } from '../templates/access';

interface StaffRow {
  id: string | number;
  name: string;
  phone: string;
  role: string;
}

/** The company's staff (blade-system/staff), as far as template category rights need them. */
export async function staffRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;

  route(app, context, {
    method: 'POST',
    path: PATHS.staffList,
    example: { body: { current: 1, size: 10, keyword: 'Wang' } },
    summary:
      'A page of the company’s members (id, name, phone, role) by name or phone (administrator; empty in the personal console)',
    tag: 'blade-system',
    permission: 'staff:view',
    body: staffListBody,
    handler: async ({ session, body }): Promise<Page<StaffMember>> => {
      const actor = await templateActor(database, session);
      requireAdmin(actor);
      if (actor.companyId === null) {
        return { records: [], total: 0, current: body.current, size: body.size };
      }
      return queryPage<StaffRow, StaffMember>(
        database,
        {
          sql: `SELECT u.id, u.name, u.phone, COALESCE(r.builtin, r.name) AS role
            FROM company_members m JOIN users u ON u.id = m.user_id
            JOIN company_roles r ON r.id = m.role_id
            WHERE m.company_id = $1 AND ($2::text IS NULL OR u.name ILIKE $2 OR u.phone ILIKE $2)`,
          params: [actor.companyId, body.keyword ? containsPattern(body.keyword) : null],
          order: "role = 'admin' DESC, name, id",
        },
        body,
        (row) => ({ ...row, id: String(row.id) }),
      );
    },
  });
}
