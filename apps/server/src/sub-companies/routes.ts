import {
  PATHS,
  PERSONAL_CONSOLE_ID,
  SUB_COMPANY_CODE_PURPOSE,
  subCompanyCodeBody,
  subCompanyLinkBody,
  subCompanyPageQuery,
  subCompanyStatusBody,
  type Page,
  type SubCompany,
  type SubCompanyCodeSent,
  type SubCompanyTab,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AccessClaims } from '../auth/tokens';
import { companyOf } from '../company-roles/roles';
import { maskPhone } from '../contracts/auth-codes';
import type { AppContext } from '../context';
import type { Queryable } from '../db';
import { ApiError, route } from '../http/route';
import { type CodeTarget, requireCode, sendCode, SMS_CODE_RATE_LIMIT } from '../sms/codes';
import { listTime } from '../templates/access';

const TAG = 'blade-system';

interface SubCompanyRow {
  id: string | number;
  full_name: string;
  auth_status: number;
  launch_auth: boolean;
  linked_at: string;
}

const SUB_COMPANY_COLUMNS = `c.id, c.full_name, c.auth_status, s.launch_auth,
  ${listTime('s.linked_at')} AS linked_at`;

function toSubCompany(row: SubCompanyRow): SubCompany {
  return {
    id: String(row.id),
    fullName: row.full_name,
    authStatus: Number(row.auth_status),
    launchAuth: row.launch_auth,
    linkedAt: row.linked_at,
  };
}

/**
 * The company a session names to link as an affiliate, with the phone of its system administrator
 * (who confirms the link with a code): a company of the session's tenant only, never the main
 * company itself, never one linked already.
 */
async function candidate(
  database: Pick<Queryable, 'query'>,
  session: AccessClaims,
  mainCompanyId: number,
  companyName: string,
): Promise<{ id: number; target: CodeTarget }> {
  const [company] = await database.query<{ id: string; linked: boolean; admin_phone: string }>(
    `SELECT c.id,
       EXISTS (SELECT 1 FROM sub_companies s
               WHERE s.main_company_id = $3 AND s.sub_company_id = c.id) AS linked,
       (SELECT u.phone FROM company_members m
          JOIN company_roles r ON r.id = m.role_id JOIN users u ON u.id = m.user_id
        WHERE m.company_id = c.id AND r.builtin = 'admin' AND m.status = 'active'
        ORDER BY m.joined_at LIMIT 1) AS admin_phone
     FROM companies c WHERE c.tenant_id = $1 AND c.full_name = $2`,
    [session.tenantId, companyName, mainCompanyId],
  );
  if (!company) throw new ApiError('subCompanyNotFound', 404);
  if (Number(company.id) === mainCompanyId) throw new ApiError('subCompanySelf');
  if (company.linked) throw new ApiError('subCompanyLinked', 409);
  if (!company.admin_phone) throw new ApiError('subCompanyNoAdmin');
  return {
    id: Number(company.id),
    target: {
      tenantId: session.tenantId,
      phone: company.admin_phone,
      purpose: SUB_COMPANY_CODE_PURPOSE,
    },
  };
}

/**
 * Affiliated companies (sub-company): a main company's member with `subCompany:operate` links
 * another company of the tenant, confirmed by an SMS code sent to that company's system
 * administrator (send-msg, then sub-company), and turns its launchAuth on or off (set-status);
 * `subCompany:view` lists them (page). In the personal console the list and the tabs are empty
 * and the changes refuse (no company). `tabs` feeds the top bar's sub-company tab bar.
 */
export async function subCompanyRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;

  route(app, context, {
    method: 'GET',
    path: PATHS.subCompanyPage,
    example: { query: { current: '1', size: '10' } },
    summary: 'The affiliated companies of the session’s company, newest link first',
    tag: TAG,
    permission: 'subCompany:view',
    query: subCompanyPageQuery,
    handler: async ({ console: current, query }): Promise<Page<SubCompany>> => {
      const empty = { records: [], total: 0, current: query.current, size: query.size };
      if (current.companyId === PERSONAL_CONSOLE_ID) return empty;
      const rows = await database.query<SubCompanyRow>(
        `SELECT ${SUB_COMPANY_COLUMNS} FROM sub_companies s
         JOIN companies c ON c.id = s.sub_company_id
         WHERE s.main_company_id = $1
         ORDER BY s.linked_at DESC, c.id DESC LIMIT $2 OFFSET $3`,
        [current.companyId, query.size, (query.current - 1) * query.size],
      );
      const [count] = await database.query<{ total: string }>(
        'SELECT count(*) AS total FROM sub_companies WHERE main_company_id = $1',
        [current.companyId],
      );
      return { ...empty, records: rows.map(toSubCompany), total: Number(count!.total) };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.subCompanySendMsg,
    example: { body: { companyName: 'Example Subsidiary Co., Ltd.' } },
    summary:
      'Sends a code to the system administrator of the company to link as an affiliate (same tenant)',
    tag: TAG,
    permission: 'subCompany:operate',
    rateLimited: SMS_CODE_RATE_LIMIT,
    body: subCompanyCodeBody,
    handler: async ({ session, console: current, body, request }): Promise<SubCompanyCodeSent> => {
      const mainCompanyId = companyOf(current);
      const { target } = await candidate(database, session, mainCompanyId, body.companyName);
      const sent = await sendCode(context, target, request.ip);
      return { ...sent, phone: maskPhone(target.phone) };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.subCompanyLink,
    example: { body: { companyName: 'Example Subsidiary Co., Ltd.', code: '123456' } },
    summary:
      'Links the named company as an affiliate with the code its administrator received (launchAuth on)',
    tag: TAG,
    permission: 'subCompany:operate',
    body: subCompanyLinkBody,
    handler: async ({ session, console: current, body }): Promise<SubCompany> => {
      const mainCompanyId = companyOf(current);
      const { id, target } = await candidate(database, session, mainCompanyId, body.companyName);
      await requireCode(context, target, body.code, { spend: true });
      return database.transaction(async (tx) => {
        await tx.query('SELECT id FROM companies WHERE id = $1 FOR UPDATE', [mainCompanyId]);
        const inserted = await tx.query(
          `INSERT INTO sub_companies (main_company_id, sub_company_id, linked_by)
           VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1`,
          [mainCompanyId, id, session.userId],
        );
        if (inserted.length === 0) throw new ApiError('subCompanyLinked', 409);
        const [row] = await tx.query<SubCompanyRow>(
          `SELECT ${SUB_COMPANY_COLUMNS} FROM sub_companies s
           JOIN companies c ON c.id = s.sub_company_id
           WHERE s.main_company_id = $1 AND s.sub_company_id = $2`,
          [mainCompanyId, id],
        );
        return toSubCompany(row!);
      });
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.subCompanySetStatus,
    example: { body: { id: '999999', launchAuth: false } },
    summary: 'Turns an affiliate’s launchAuth (initiating in its name) on or off',
    tag: TAG,
    permission: 'subCompany:operate',
    body: subCompanyStatusBody,
    handler: async ({ console: current, body }): Promise<SubCompany> => {
      const mainCompanyId = companyOf(current);
      const [row] = await database.query<SubCompanyRow>(
        `WITH changed AS (
           UPDATE sub_companies SET launch_auth = $3
           WHERE main_company_id = $1 AND sub_company_id = $2
           RETURNING sub_company_id, launch_auth, linked_at
         )
         SELECT ${SUB_COMPANY_COLUMNS} FROM changed s JOIN companies c ON c.id = s.sub_company_id`,
        [mainCompanyId, body.id, body.launchAuth],
      );
      if (!row) throw new ApiError('subCompanyNotLinked', 404);
      return toSubCompany(row);
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.subCompanyTabs,
    summary:
      'The top bar’s sub-company tabs: the session’s company group as far as the user belongs to it',
    tag: TAG,
    permission: 'signedIn',
    handler: async ({ session, console: current }): Promise<SubCompanyTab[]> => {
      if (current.companyId === PERSONAL_CONSOLE_ID) return [];
      // The group's main company: the session's company when it has affiliates, else the main
      // company it is an affiliate of (the earliest link) when the user belongs to that one.
      const rows = await database.query<{ id: string; full_name: string; main: boolean }>(
        `WITH main AS (
           SELECT COALESCE(
             (SELECT $1::bigint WHERE EXISTS
                (SELECT 1 FROM sub_companies WHERE main_company_id = $1)),
             (SELECT s.main_company_id FROM sub_companies s
              JOIN company_members m ON m.company_id = s.main_company_id
                AND m.user_id = $2 AND m.status = 'active'
              WHERE s.sub_company_id = $1 ORDER BY s.linked_at, s.main_company_id LIMIT 1)
           ) AS id
         ),
         grouped AS (
           SELECT id, true AS main FROM main WHERE id IS NOT NULL
           UNION ALL
           SELECT s.sub_company_id, false FROM sub_companies s JOIN main ON s.main_company_id = main.id
         )
         SELECT c.id, c.full_name, g.main FROM grouped g
         JOIN companies c ON c.id = g.id AND c.tenant_id = $3 AND c.auth_status = 1
         JOIN company_members m ON m.company_id = c.id AND m.user_id = $2 AND m.status = 'active'
         ORDER BY g.main DESC, c.full_name, c.id`,
        [current.companyId, session.userId, session.tenantId],
      );
      if (rows.length < 2) return [];
      return rows.map((row) => ({ id: Number(row.id), fullName: row.full_name, main: row.main }));
    },
  });
}
