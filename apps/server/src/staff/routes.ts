import {
  INVITATION_TTL_DAYS,
  MESSAGE_REDIRECT,
  PATHS,
  PERSONAL_CONSOLE_ID,
  applyEntryBody,
  entryApplyInfoQuery,
  message,
  staffAuditBody,
  staffDeleteBody,
  staffInviteBody,
  staffMemberBody,
  staffQueryBody,
  staffReasonQuery,
  staffRequestBody,
  staffRequestListBody,
  staffSetRoleBody,
  type BuiltinRole,
  type EntryApplyInfo,
  type MyStaffRequests,
  type Page,
  type StaffListItem,
  type StaffRejectReason,
  type StaffRequest,
  type StaffRequestStatus,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AccessClaims } from '../auth/tokens';
import type { SessionConsole } from '../companies/console';
import { roleGrants } from '../companies/roles';
import type { AppContext } from '../context';
import type { Queryable } from '../db';
import { queryPage } from '../db/paging';
import { ApiError, route } from '../http/route';
import { insertMessage } from '../messages/write';
import { containsPattern } from '../templates/access';

/**
 * The company's staff (blade-system/staff, spec 001 §7) and joining it (invitations and
 * applications, see `packages/platform/src/staff.ts`).
 *
 * Every id a request names is looked up within the session's company (404 otherwise, nothing
 * changes). Every change of membership locks the company's row first (`lockCompany`), so changes
 * that race each other run one after the other and each sees the other's result. In the personal
 * console the lists answer empty and the changes refuse (`staffCompanyOnly`).
 */

const TIME = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;

/** The statuses of contracts whose work is not done: they move with their initiator. */
const UNFINISHED_CONTRACTS = ['filling', 'approving', 'signing'];

type Tx = Pick<Queryable, 'query'>;

interface MemberRow {
  user_id: string;
  status: 'active' | 'forbidden';
  role_id: string;
  builtin: BuiltinRole | null;
  grants: string[];
}

interface RoleRow {
  id: string;
  builtin: BuiltinRole | null;
  name: string;
  grants: string[];
}

/** The session's company; refuses in the personal console. */
function companyOf(current: SessionConsole): number {
  if (current.companyId === PERSONAL_CONSOLE_ID) throw new ApiError('staffCompanyOnly', 400);
  return current.companyId;
}

/** Locks the company's row for the rest of the transaction: membership changes run one by one. */
async function lockCompany(tx: Tx, companyId: number): Promise<void> {
  await tx.query('SELECT id FROM companies WHERE id = $1 FOR UPDATE', [companyId]);
}

/** A member of the company (any status), or 404. */
async function memberOf(tx: Tx, companyId: number, userId: number): Promise<MemberRow> {
  const [row] = await tx.query<MemberRow>(
    `SELECT m.user_id, m.status, m.role_id, r.builtin, r.grants
     FROM company_members m JOIN company_roles r ON r.id = m.role_id
     WHERE m.company_id = $1 AND m.user_id = $2`,
    [companyId, userId],
  );
  if (!row) throw new ApiError('staffMemberNotFound', 404);
  return row;
}

/** A role of the company, or 404. */
async function roleOf(tx: Tx, companyId: number, roleId: number): Promise<RoleRow> {
  const [row] = await tx.query<RoleRow>(
    'SELECT id, builtin, name, grants FROM company_roles WHERE company_id = $1 AND id = $2',
    [companyId, roleId],
  );
  if (!row) throw new ApiError('staffRoleNotFound', 404);
  return row;
}

/**
 * A role the actor may give: never the system administrator's (it changes hands only by the
 * administrator transfer of company information), and, unless the actor is the administrator,
 * none granting something the actor does not hold.
 */
function requireGivable(current: SessionConsole, role: Pick<RoleRow, 'builtin' | 'grants'>): void {
  if (role.builtin === 'admin') throw new ApiError('staffAdminRoleNotHere', 400);
  requireWithinOwn(current, role);
}

function requireWithinOwn(
  current: SessionConsole,
  role: Pick<RoleRow, 'builtin' | 'grants'>,
): void {
  if (current.admin) return;
  if (roleGrants(role.builtin, role.grants).some((grant) => !current.grants.has(grant))) {
    throw new ApiError('staffGrantBeyondOwn', 403);
  }
}

/** A member another member may change: never the administrator, never oneself. */
function requireOther(session: AccessClaims, member: MemberRow): void {
  if (member.builtin === 'admin') throw new ApiError('staffNotAdmin', 400);
  if (Number(member.user_id) === session.userId) throw new ApiError('staffNotSelf', 400);
}

/** Writes a message-centre record that opens the staff list (?isMsg=true). */
async function notify(
  tx: Tx,
  tenantId: string,
  userIds: readonly number[],
  companyId: number | null,
  title: { en: string; zh: string },
  content: { en: string; zh: string },
): Promise<void> {
  for (const userId of userIds) {
    await insertMessage(tx, {
      tenantId,
      userId,
      companyId,
      title,
      content,
      redirectType: MESSAGE_REDIRECT.staffList,
    });
  }
}

const both = (key: Parameters<typeof message>[0]) => ({
  en: message(key, 'en'),
  zh: message(key, 'zh'),
});

interface RequestRow {
  id: string;
  kind: 'invitation' | 'application';
  status: StaffRequestStatus;
  expired: boolean;
  company_id: string;
  company_name: string;
  phone: string;
  name: string | null;
  role_id: string | null;
  role_builtin: BuiltinRole | null;
  role_name: string | null;
  invited_by: string | null;
  created_at: string;
  expires_at: string | null;
  has_reason: boolean;
}

/** The columns of a join request `s`, as `toRequest` reads them. */
const REQUEST_SELECT = `SELECT s.id, s.kind, s.status,
    (s.status = 'pending' AND s.expires_at IS NOT NULL AND s.expires_at <= now()) AS expired,
    s.company_id, c.full_name AS company_name, s.phone,
    COALESCE(u.name, (SELECT name FROM users WHERE tenant_id = s.tenant_id AND phone = s.phone)) AS name,
    s.role_id, r.builtin AS role_builtin, r.name AS role_name, i.name AS invited_by,
    ${TIME('s.created_at')} AS created_at, ${TIME('s.expires_at')} AS expires_at,
    (s.reason IS NOT NULL) AS has_reason
  FROM staff_requests s
  JOIN companies c ON c.id = s.company_id
  LEFT JOIN users u ON u.id = s.user_id
  LEFT JOIN company_roles r ON r.id = s.role_id
  LEFT JOIN users i ON i.id = s.invited_by`;

function toRequest(row: RequestRow): StaffRequest {
  return {
    id: String(row.id),
    kind: row.kind,
    status: row.expired ? 'expired' : row.status,
    companyId: String(row.company_id),
    companyName: row.company_name,
    phone: row.phone,
    name: row.name ?? '',
    roleId: row.role_id === null ? null : String(row.role_id),
    roleBuiltin: row.role_builtin,
    roleName: row.role_name,
    invitedBy: row.invited_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    hasReason: row.has_reason,
  };
}

interface StaffRow {
  id: string;
  name: string;
  phone: string;
  role: string;
  role_id: string;
  role_builtin: BuiltinRole | null;
  role_name: string;
  status: 'active' | 'forbidden';
  joined_at: string;
}

/** The user's phone in the session's tenant. */
async function phoneOf(tx: Tx, session: AccessClaims): Promise<string> {
  const [user] = await tx.query<{ phone: string }>(
    'SELECT phone FROM users WHERE id = $1 AND tenant_id = $2',
    [session.userId, session.tenantId],
  );
  if (!user) throw new ApiError('loginExpired', 401);
  return user.phone;
}

/** Makes the user an active member in a role; other pending requests of theirs there are done. */
async function join(
  tx: Tx,
  request: { id: number; companyId: number; phone: string },
  userId: number,
  roleId: number,
): Promise<void> {
  await tx.query('INSERT INTO company_members (company_id, user_id, role_id) VALUES ($1, $2, $3)', [
    request.companyId,
    userId,
    roleId,
  ]);
  await tx.query(
    `UPDATE staff_requests SET status = 'cancelled', decided_at = now()
     WHERE company_id = $1 AND phone = $2 AND status = 'pending' AND id <> $3`,
    [request.companyId, request.phone, request.id],
  );
}

async function isMember(tx: Tx, companyId: number, userId: number): Promise<boolean> {
  const rows = await tx.query(
    'SELECT 1 FROM company_members WHERE company_id = $1 AND user_id = $2',
    [companyId, userId],
  );
  return rows.length > 0;
}

export async function staffRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;

  route(app, context, {
    method: 'POST',
    path: PATHS.staffList,
    example: { body: { current: 1, size: 10, keyword: 'Wang' } },
    summary:
      'A page of the company’s members by name or phone: role, status (active/forbidden), joined time (empty in the personal console)',
    tag: 'blade-system',
    permission: 'staff:view',
    body: staffQueryBody,
    handler: async ({ console: current, body }): Promise<Page<StaffListItem>> => {
      if (current.companyId === PERSONAL_CONSOLE_ID) {
        return { records: [], total: 0, current: body.current, size: body.size };
      }
      return queryPage<StaffRow, StaffListItem>(
        database,
        {
          sql: `SELECT u.id, u.name, u.phone, COALESCE(r.builtin, r.name) AS role, r.id AS role_id,
              r.builtin AS role_builtin, r.name AS role_name, m.status,
              ${TIME('m.joined_at')} AS joined_at, m.joined_at AS joined
            FROM company_members m JOIN users u ON u.id = m.user_id
            JOIN company_roles r ON r.id = m.role_id
            WHERE m.company_id = $1 AND ($2::text IS NULL OR u.name ILIKE $2 OR u.phone ILIKE $2)
              AND ($3::text IS NULL OR m.status = $3)`,
          params: [
            current.companyId,
            body.keyword ? containsPattern(body.keyword) : null,
            body.status ?? null,
          ],
          order: "role_builtin = 'admin' DESC NULLS LAST, joined, id",
        },
        body,
        (row) => ({
          id: String(row.id),
          name: row.name,
          phone: row.phone,
          role: row.role,
          roleId: String(row.role_id),
          roleBuiltin: row.role_builtin,
          roleName: row.role_name,
          status: row.status,
          joinedAt: row.joined_at,
        }),
      );
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.staffSetRole,
    example: { body: { userId: '12', roleId: '40' } },
    summary:
      'Moves a member to another role of the company; never gives nor takes the system administrator role (that is change-admin)',
    tag: 'blade-system',
    permission: 'staff:edit',
    body: staffSetRoleBody,
    handler: async ({ session, console: current, body }) => {
      const companyId = companyOf(current);
      await database.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        const member = await memberOf(tx, companyId, body.userId);
        const role = await roleOf(tx, companyId, body.roleId);
        if (member.builtin === 'admin') throw new ApiError('staffAdminRoleNotHere', 400);
        if (Number(member.user_id) === session.userId) throw new ApiError('staffNotSelf', 400);
        requireGivable(current, role);
        // Nor may one move someone whose present role holds more than oneself.
        requireWithinOwn(current, member);
        await tx.query(
          'UPDATE company_members SET role_id = $3 WHERE company_id = $1 AND user_id = $2',
          [companyId, body.userId, body.roleId],
        );
      });
      return null;
    },
  });

  for (const [path, forbid] of [
    [PATHS.staffForbid, true],
    [PATHS.staffUnforbid, false],
  ] as const) {
    route(app, context, {
      method: 'POST',
      path,
      example: { body: { userId: '12' } },
      summary: forbid
        ? 'Forbids a member: they can no longer enter the company, and their sessions in it end at once (403001)'
        : 'Lets a forbidden member enter the company again',
      tag: 'blade-system',
      permission: 'staff:forbid',
      body: staffMemberBody,
      handler: async ({ session, console: current, body }) => {
        const companyId = companyOf(current);
        await database.transaction(async (tx) => {
          await lockCompany(tx, companyId);
          const member = await memberOf(tx, companyId, body.userId);
          requireOther(session, member);
          if (forbid && member.status === 'forbidden') {
            throw new ApiError('staffAlreadyForbidden', 409);
          }
          if (!forbid && member.status === 'active') throw new ApiError('staffNotForbidden', 409);
          await tx.query(
            'UPDATE company_members SET status = $3 WHERE company_id = $1 AND user_id = $2',
            [companyId, body.userId, forbid ? 'forbidden' : 'active'],
          );
        });
        return null;
      },
    });
  }

  route(app, context, {
    method: 'POST',
    path: PATHS.staffDelete,
    example: { body: { userId: '12', transferTo: '13' } },
    summary:
      'Removes a member; their unfinished company contracts, company templates and template category grants move to an active colleague, all or nothing',
    tag: 'blade-system',
    permission: 'staff:delete',
    body: staffDeleteBody,
    handler: async ({ session, console: current, body }) => {
      const companyId = companyOf(current);
      return database.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        const member = await memberOf(tx, companyId, body.userId);
        requireOther(session, member);
        const [colleague] = await tx.query<{ status: string }>(
          'SELECT status FROM company_members WHERE company_id = $1 AND user_id = $2',
          [companyId, body.transferTo],
        );
        if (!colleague || colleague.status !== 'active' || body.transferTo === body.userId) {
          throw new ApiError('staffTransferInvalid', 400);
        }
        const params = [companyId, body.userId, body.transferTo];
        // Contracts they initiated for the company, not finished. Who initiated a contract is not
        // part of what contracts/turn.ts keeps (party_consoles and awaiting name the parties'
        // consoles), so nothing there needs refreshing.
        const contracts = await tx.query(
          `UPDATE contracts SET initiator_user_id = $3
           WHERE company_id = $1 AND initiator_user_id = $2 AND status = ANY($4::text[])
           RETURNING id`,
          [...params, UNFINISHED_CONTRACTS],
        );
        const templates = await tx.query(
          `UPDATE templates SET creator_user_id = $3, updated_at = now()
           WHERE company_id = $1 AND creator_user_id = $2 RETURNING id`,
          params,
        );
        // Their grants on the company's template categories: the colleague keeps the stronger.
        const grants = await tx.query(
          `INSERT INTO template_category_grants (category_id, user_id, access)
           SELECT g.category_id, $3, g.access FROM template_category_grants g
           JOIN template_categories c ON c.id = g.category_id
           WHERE c.company_id = $1 AND g.user_id = $2
           ON CONFLICT (category_id, user_id) DO UPDATE SET access = CASE
             WHEN template_category_grants.access = 'manage' OR EXCLUDED.access = 'manage'
             THEN 'manage' ELSE 'use' END
           RETURNING category_id`,
          params,
        );
        await tx.query(
          `DELETE FROM template_category_grants g USING template_categories c
           WHERE c.id = g.category_id AND c.company_id = $1 AND g.user_id = $2`,
          params.slice(0, 2),
        );
        // Seal authorisations (issue 14) move here too, once seals exist: the member's grants on
        // the company's seals go to the colleague in this same transaction.
        await tx.query('DELETE FROM company_members WHERE company_id = $1 AND user_id = $2', [
          companyId,
          body.userId,
        ]);
        return {
          contracts: contracts.length,
          templates: templates.length,
          categoryGrants: grants.length,
        };
      });
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.staffInvite,
    example: { body: { phone: '13900000001' } },
    summary: `Invites a phone into the company in a role (employee by default): a message and an SMS; it expires after ${INVITATION_TTL_DAYS} days`,
    tag: 'blade-system',
    permission: 'staff:edit',
    body: staffInviteBody,
    handler: async ({ session, console: current, body }) => {
      const companyId = companyOf(current);
      const requestId = await database.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        const role = body.roleId
          ? await roleOf(tx, companyId, body.roleId)
          : (
              await tx.query<RoleRow>(
                `SELECT id, builtin, name, grants FROM company_roles
                 WHERE company_id = $1 AND builtin = 'employee'`,
                [companyId],
              )
            )[0]!;
        requireGivable(current, role);
        const [invitee] = await tx.query<{ id: string }>(
          'SELECT id FROM users WHERE tenant_id = $1 AND phone = $2',
          [session.tenantId, body.phone],
        );
        if (invitee && (await isMember(tx, companyId, Number(invitee.id)))) {
          throw new ApiError('staffAlreadyMember', 409);
        }
        await tx.query(
          `UPDATE staff_requests SET status = 'expired'
           WHERE company_id = $1 AND kind = 'invitation' AND phone = $2 AND status = 'pending'
             AND expires_at <= now()`,
          [companyId, body.phone],
        );
        const [pending] = await tx.query(
          `SELECT 1 FROM staff_requests
           WHERE company_id = $1 AND kind = 'invitation' AND phone = $2 AND status = 'pending'`,
          [companyId, body.phone],
        );
        if (pending) throw new ApiError('staffAlreadyInvited', 409);
        const [inserted] = await tx.query<{ id: string }>(
          `INSERT INTO staff_requests
             (tenant_id, company_id, kind, phone, user_id, role_id, invited_by, expires_at)
           VALUES ($1, $2, 'invitation', $3, $4, $5, $6, now() + make_interval(days => $7))
           RETURNING id`,
          [
            session.tenantId,
            companyId,
            body.phone,
            invitee?.id ?? null,
            role.id,
            session.userId,
            INVITATION_TTL_DAYS,
          ],
        );
        if (invitee) {
          await notify(
            tx,
            session.tenantId,
            [Number(invitee.id)],
            null,
            both('staffInvitedTitle'),
            {
              en: `${current.companyName} invites you to join it. Open the staff list to accept or decline within ${INVITATION_TTL_DAYS} days.`,
              zh: `${current.companyName} 邀请您加入，请在 ${INVITATION_TTL_DAYS} 天内到员工列表接受或拒绝。`,
            },
          );
        }
        return inserted!.id;
      });
      // The SMS provider carries one short text: for an invitation, its number (a real gateway's
      // invitation template names the company and links to the sign-in page).
      await context.sms.send(body.phone, `INV-${requestId}`, 'staff-invite');
      return { id: String(requestId) };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.staffCancelInvite,
    example: { body: { requestId: '5' } },
    summary: 'Withdraws a pending invitation of the company',
    tag: 'blade-system',
    permission: 'staff:edit',
    body: staffRequestBody,
    handler: async ({ console: current, body }) => {
      const companyId = companyOf(current);
      await database.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        const [row] = await tx.query<{ status: string }>(
          `SELECT status FROM staff_requests
           WHERE id = $1 AND company_id = $2 AND kind = 'invitation'`,
          [body.requestId, companyId],
        );
        if (!row) throw new ApiError('staffRequestNotFound', 404);
        if (row.status !== 'pending') throw new ApiError('staffRequestDone', 409);
        await tx.query(
          `UPDATE staff_requests SET status = 'cancelled', decided_at = now() WHERE id = $1`,
          [body.requestId],
        );
      });
      return null;
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.staffRequests,
    example: { body: { kind: 'application', current: 1, size: 10 } },
    summary:
      'A page of the company’s pending invitations (expired ones too, marked) or applications to join (empty in the personal console)',
    tag: 'blade-system',
    permission: 'staff:view',
    body: staffRequestListBody,
    handler: async ({ console: current, body }): Promise<Page<StaffRequest>> => {
      if (current.companyId === PERSONAL_CONSOLE_ID) {
        return { records: [], total: 0, current: body.current, size: body.size };
      }
      return queryPage<RequestRow & { created: string }, StaffRequest>(
        database,
        {
          sql: `${REQUEST_SELECT.replace('SELECT s.id,', 'SELECT s.created_at AS created, s.id,')}
            WHERE s.company_id = $1 AND s.kind = $2 AND s.status = 'pending'`,
          params: [current.companyId, body.kind],
          order: 'created DESC, id DESC',
        },
        body,
        toRequest,
      );
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.myStaffRequests,
    summary:
      'The signed-in person’s pending invitations (to their phone, made before or after they registered) and their own applications',
    tag: 'blade-system',
    permission: 'signedIn',
    handler: async ({ session }): Promise<MyStaffRequests> => {
      const phone = await phoneOf(database, session);
      const [invitations, applications] = await Promise.all([
        database.query<RequestRow>(
          `${REQUEST_SELECT} WHERE s.tenant_id = $1 AND s.phone = $2 AND s.kind = 'invitation'
             AND s.status = 'pending' AND s.expires_at > now()
           ORDER BY s.created_at DESC, s.id DESC`,
          [session.tenantId, phone],
        ),
        database.query<RequestRow>(
          `${REQUEST_SELECT} WHERE s.tenant_id = $1 AND s.user_id = $2 AND s.kind = 'application'
           ORDER BY s.created_at DESC, s.id DESC LIMIT 50`,
          [session.tenantId, session.userId],
        ),
      ]);
      return { invitations: invitations.map(toRequest), applications: applications.map(toRequest) };
    },
  });

  for (const [path, accept] of [
    [PATHS.staffAcceptInvite, true],
    [PATHS.staffDeclineInvite, false],
  ] as const) {
    route(app, context, {
      method: 'POST',
      path,
      example: { body: { requestId: '5' } },
      summary: accept
        ? 'The invitee accepts an invitation to their phone and joins in its role (any console)'
        : 'The invitee declines an invitation to their phone (any console)',
      tag: 'blade-system',
      permission: 'signedIn',
      body: staffRequestBody,
      handler: async ({ session, body }) => {
        const phone = await phoneOf(database, session);
        await database.transaction(async (tx) => {
          const [found] = await tx.query<{ company_id: string }>(
            `SELECT company_id FROM staff_requests
             WHERE id = $1 AND tenant_id = $2 AND phone = $3 AND kind = 'invitation'`,
            [body.requestId, session.tenantId, phone],
          );
          if (!found) throw new ApiError('staffRequestNotFound', 404);
          const companyId = Number(found.company_id);
          await lockCompany(tx, companyId);
          const [open] = await tx.query(
            'SELECT 1 FROM companies WHERE id = $1 AND written_off_at IS NULL',
            [companyId],
          );
          if (!open) throw new ApiError('staffRequestNotFound', 404);
          const [row] = await tx.query<{ status: string; expired: boolean; role_id: string }>(
            `SELECT s.status, s.expires_at <= now() AS expired,
               COALESCE(s.role_id, (SELECT id FROM company_roles
                 WHERE company_id = s.company_id AND builtin = 'employee')) AS role_id
             FROM staff_requests s WHERE s.id = $1`,
            [body.requestId],
          );
          if (row!.status !== 'pending') throw new ApiError('staffRequestDone', 409);
          if (row!.expired) throw new ApiError('staffInvitationExpired', 410);
          if (accept) {
            if (await isMember(tx, companyId, session.userId)) {
              throw new ApiError('staffAlreadyMember', 409);
            }
            await join(
              tx,
              { id: body.requestId, companyId, phone },
              session.userId,
              Number(row!.role_id),
            );
          }
          await tx.query(
            `UPDATE staff_requests SET status = $2, user_id = $3, decided_by = $3,
               decided_at = now() WHERE id = $1`,
            [body.requestId, accept ? 'accepted' : 'declined', session.userId],
          );
        });
        return null;
      },
    });
  }

  route(app, context, {
    method: 'GET',
    path: PATHS.entryApplyInfo,
    example: { query: { keyword: 'Demo Technology Co., Ltd.' } },
    summary:
      'Finds a company of the tenant by its full name (whole, any case) or credit code for a person who would apply to join: name and certification only',
    tag: 'blade-user',
    permission: 'signedIn',
    query: entryApplyInfoQuery,
    handler: async ({ session, query }): Promise<EntryApplyInfo> => {
      const [row] = await database.query<{
        id: string;
        full_name: string;
        auth_status: number;
        member: boolean;
        applied: boolean;
      }>(
        `SELECT c.id, c.full_name, c.auth_status,
           EXISTS (SELECT 1 FROM company_members m WHERE m.company_id = c.id AND m.user_id = $3)
             AS member,
           EXISTS (SELECT 1 FROM staff_requests s WHERE s.company_id = c.id AND s.user_id = $3
             AND s.kind = 'application' AND s.status = 'pending') AS applied
         FROM companies c
         WHERE c.tenant_id = $1 AND c.written_off_at IS NULL
           AND (lower(c.full_name) = lower($2) OR (c.credit_code <> '' AND upper(c.credit_code) = upper($2)))`,
        [session.tenantId, query.keyword, session.userId],
      );
      if (!row) throw new ApiError('entryCompanyNotFound', 404);
      return {
        companyId: String(row.id),
        fullName: row.full_name,
        authStatus: Number(row.auth_status),
        member: row.member,
        applied: row.applied,
      };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.applyEntry,
    example: { body: { companyId: '1' } },
    summary:
      'Applies to join a company; whoever may audit staff there gets a message (redirect type 1)',
    tag: 'blade-user',
    permission: 'signedIn',
    body: applyEntryBody,
    handler: async ({ session, body }) => {
      const phone = await phoneOf(database, session);
      const id = await database.transaction(async (tx) => {
        const [company] = await tx.query<{ full_name: string }>(
          `SELECT full_name FROM companies
           WHERE id = $1 AND tenant_id = $2 AND written_off_at IS NULL FOR UPDATE`,
          [body.companyId, session.tenantId],
        );
        if (!company) throw new ApiError('entryCompanyNotFound', 404);
        if (await isMember(tx, body.companyId, session.userId)) {
          throw new ApiError('staffAlreadyMember', 409);
        }
        const [pending] = await tx.query(
          `SELECT 1 FROM staff_requests WHERE company_id = $1 AND kind = 'application'
             AND phone = $2 AND status = 'pending'`,
          [body.companyId, phone],
        );
        if (pending) throw new ApiError('entryAlreadyApplied', 409);
        const [inserted] = await tx.query<{ id: string }>(
          `INSERT INTO staff_requests (tenant_id, company_id, kind, phone, user_id)
           VALUES ($1, $2, 'application', $3, $4) RETURNING id`,
          [session.tenantId, body.companyId, phone, session.userId],
        );
        const auditors = await tx.query<{ user_id: string }>(
          `SELECT m.user_id FROM company_members m JOIN company_roles r ON r.id = m.role_id
           WHERE m.company_id = $1 AND m.status = 'active'
             AND (r.builtin = 'admin' OR 'staff:audit' = ANY (r.grants))`,
          [body.companyId],
        );
        const [me] = await tx.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [
          session.userId,
        ]);
        const who = `${me?.name || phone} (${phone})`;
        await notify(
          tx,
          session.tenantId,
          auditors.map((auditor) => Number(auditor.user_id)),
          body.companyId,
          both('staffAppliedTitle'),
          {
            en: `${who} applies to join ${company.full_name}. Open the staff list to approve or reject.`,
            zh: `${who} 申请加入 ${company.full_name}，请到员工列表审核。`,
          },
        );
        return inserted!.id;
      });
      return { id: String(id) };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.staffAudit,
    example: { body: { requestId: '5', approve: true, roleId: '40' } },
    summary:
      'Decides an application to join: approve into a role (never the administrator’s) or reject with a reason the applicant can read',
    tag: 'blade-system',
    permission: 'staff:audit',
    body: staffAuditBody,
    handler: async ({ session, console: current, body }) => {
      const companyId = companyOf(current);
      await database.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        const [row] = await tx.query<{ status: string; user_id: string; phone: string }>(
          `SELECT status, user_id, phone FROM staff_requests
           WHERE id = $1 AND company_id = $2 AND kind = 'application'`,
          [body.requestId, companyId],
        );
        if (!row) throw new ApiError('staffRequestNotFound', 404);
        if (row.status !== 'pending') throw new ApiError('staffRequestDone', 409);
        const applicant = Number(row.user_id);
        if (body.approve) {
          const role = await roleOf(tx, companyId, body.roleId);
          requireGivable(current, role);
          if (await isMember(tx, companyId, applicant)) {
            throw new ApiError('staffAlreadyMember', 409);
          }
          await join(
            tx,
            { id: body.requestId, companyId, phone: row.phone },
            applicant,
            body.roleId,
          );
        }
        await tx.query(
          `UPDATE staff_requests SET status = $2, role_id = COALESCE($3, role_id), reason = $4,
             decided_by = $5, decided_at = now() WHERE id = $1`,
          [
            body.requestId,
            body.approve ? 'approved' : 'rejected',
            body.approve ? body.roleId : null,
            body.approve ? null : body.reason,
            session.userId,
          ],
        );
        await notify(
          tx,
          session.tenantId,
          [applicant],
          null,
          both('staffAppliedTitle'),
          body.approve
            ? {
                en: `${current.companyName} approved your application to join.`,
                zh: `${current.companyName} 已通过您的入职申请。`,
              }
            : {
                en: `${current.companyName} rejected your application to join. Open the staff list to read why.`,
                zh: `${current.companyName} 驳回了您的入职申请，可在员工列表查看原因。`,
              },
        );
      });
      return null;
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.staffReason,
    example: { query: { requestId: 5 } },
    summary: 'Why the signed-in person’s own application was rejected',
    tag: 'blade-system',
    permission: 'signedIn',
    query: staffReasonQuery,
    handler: async ({ session, query }): Promise<StaffRejectReason> => {
      const [row] = await database.query<{ reason: string | null; decided_at: string }>(
        `SELECT reason, ${TIME('decided_at')} AS decided_at FROM staff_requests
         WHERE id = $1 AND user_id = $2 AND tenant_id = $3 AND kind = 'application'`,
        [query.requestId, session.userId, session.tenantId],
      );
      if (!row) throw new ApiError('staffRequestNotFound', 404);
      if (row.reason === null) throw new ApiError('staffNoReason', 409);
      return { reason: row.reason, decidedAt: row.decided_at };
    },
  });
}
