import { PATHS, type CompanyListItem, type UserCompanyInfo } from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { AppContext } from '../context';
import { positiveInt } from '../http/query';
import { ApiError, route } from '../http/route';

type AuthStatus = CompanyListItem['authStatus'];

/** The companies of the signed-in user and the user's standing in one of them. */
export async function companyRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;

  route(app, context, {
    method: 'GET',
    path: PATHS.companyList,
    summary: 'The companies the signed-in user belongs to, with their verification and role',
    tag: 'blade-user',
    permission: 'signedIn',
    handler: async ({ session }): Promise<CompanyListItem[]> => {
      const rows = await database.query<{
        id: string | number;
        full_name: string;
        auth_status: number;
        role: string | null;
      }>(
        `SELECT c.id, c.full_name, c.auth_status, r.builtin AS role
         FROM company_members m JOIN companies c ON c.id = m.company_id
         JOIN company_roles r ON r.id = m.role_id
         WHERE m.user_id = $1 AND c.tenant_id = $2 AND m.status = 'active'
           AND c.written_off_at IS NULL
         ORDER BY c.id`,
        [session.userId, session.tenantId],
      );
      return rows.map((row) => ({
        id: Number(row.id),
        companyName: row.full_name,
        authStatus: row.auth_status as AuthStatus,
        role: row.role === 'admin' ? 'admin' : 'staff',
      }));
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.checkUserCompanyInfo,
    example: { query: { companyId: '2' } },
    summary:
      'A company of the tenant and whether the signed-in user is its member or administrator',
    tag: 'blade-system',
    permission: 'signedIn',
    query: z.object({ companyId: positiveInt() }),
    handler: async ({ session, query }): Promise<UserCompanyInfo> => {
      const [row] = await database.query<{
        full_name: string;
        auth_status: number;
        member: boolean;
        role: string | null;
      }>(
        `SELECT c.full_name, c.auth_status, m.user_id IS NOT NULL AS member, r.builtin AS role
         FROM companies c
         LEFT JOIN company_members m
           ON m.company_id = c.id AND m.user_id = $2 AND m.status = 'active'
         LEFT JOIN company_roles r ON r.id = m.role_id
         WHERE c.id = $1 AND c.tenant_id = $3 AND c.written_off_at IS NULL`,
        [query.companyId, session.userId, session.tenantId],
      );
      if (!row) throw new ApiError('notFound', 404);
      return {
        companyId: query.companyId,
        companyName: row.full_name,
        authStatus: row.auth_status as AuthStatus,
        isAdmin: row.role === 'admin',
        isMember: row.member,
      };
    },
  });
}
