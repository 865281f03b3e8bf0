import { builtinGrants, CODES, PERSONAL_CONSOLE_ID, type Permission } from '@esign/platform';
import type { AccessClaims, SessionClaims } from '../auth/tokens';
import type { Database } from '../db';
import { isSessionLive } from '../auth/sessions';
import { ApiError } from '../http/route';
import { roleGrants } from './roles';

/** The console a session acts in: the user's personal console, or a company the user belongs to. */
export interface SessionConsole {
  /** A company id, or -1 for the personal console. */
  companyId: number;
  /** The company's full name; '' for the personal console, which the client names in its language. */
  companyName: string;
  /**
   * The user's role there, as a list of one: a built-in role's key ('admin', 'legal',
   * 'sealManager', 'sealUser', 'employee') or a custom role's name; ['admin'] in the personal
   * console, which the user owns.
   */
  roles: string[];
  /** The company's system administrator, or the owner of the personal console. */
  admin: boolean;
  /** What the user may do here: every permission in the personal console. */
  grants: ReadonlySet<Permission>;
  /** The member's role in the company; null in the personal console. */
  roleId: number | null;
}

interface ConsoleRow {
  full_name: string;
  role_id: string | number;
  builtin: string | null;
  name: string;
  grants: string[];
}

const PERSONAL_CONSOLE: Omit<SessionConsole, 'companyId' | 'grants'> = {
  companyName: '',
  roles: ['admin'],
  admin: true,
  roleId: null,
};

function companyConsole(companyId: number, row: ConsoleRow): SessionConsole {
  return {
    companyId,
    companyName: row.full_name,
    roles: [row.builtin ?? row.name],
    admin: row.builtin === 'admin',
    grants: new Set(roleGrants(row.builtin, row.grants)),
    roleId: Number(row.role_id),
  };
}

/**
 * The console a user acts in as `companyId`, or null when the user is not an active member of
 * that company of the tenant (never was, left, or is forbidden): the one check between a session
 * and a company's data.
 */
export async function findConsole(
  database: Database,
  { userId, tenantId, companyId }: AccessClaims,
): Promise<SessionConsole | null> {
  if (companyId === PERSONAL_CONSOLE_ID) {
    return { ...PERSONAL_CONSOLE, companyId, grants: new Set(builtinGrants('admin')) };
  }
  const [row] = await database.query<ConsoleRow>(
    `SELECT c.full_name, r.id AS role_id, r.builtin, r.name, r.grants
     FROM company_members m
     JOIN companies c ON c.id = m.company_id
     JOIN company_roles r ON r.id = m.role_id
     WHERE m.company_id = $1 AND m.user_id = $2 AND c.tenant_id = $3 AND m.status = 'active'
       AND c.written_off_at IS NULL`,
    [companyId, userId, tenantId],
  );
  return row ? companyConsole(companyId, row) : null;
}

/**
 * The console of a signed-in request: 403 `companyAccessEnded` when the user has left the
 * session's company, or been forbidden in it, since signing in (the client then moves the session
 * to the personal console).
 */
export async function sessionConsole(
  database: Database,
  session: AccessClaims,
): Promise<SessionConsole> {
  const current = await findConsole(database, session);
  if (!current) throw new ApiError('companyAccessEnded', 403, CODES.companyAccessEnded);
  return current;
}

/**
 * The console of an access token as the route helper checks it before every signed-in call, in
 * one query: 401 'loginExpired' when the token's session has ended (logout, a password change,
 * a refresh token reused…: auth/sessions.ts; the same answer as an expired token), then 403
 * `companyAccessEnded` as `sessionConsole`. The session is the family's first refresh token,
 * found by its primary key.
 */
export async function liveSessionConsole(
  database: Database,
  session: SessionClaims,
): Promise<SessionConsole> {
  const { userId, tenantId, companyId, sessionId } = session;
  if (companyId === PERSONAL_CONSOLE_ID) {
    if (!(await isSessionLive(database, session))) throw await sessionEnded(database, session);
    return { ...PERSONAL_CONSOLE, companyId, grants: new Set(builtinGrants('admin')) };
  }
  const [row] = await database.query<Partial<ConsoleRow>>(
    `SELECT c.full_name, r.id AS role_id, r.builtin, r.name, r.grants
     FROM refresh_tokens s
     LEFT JOIN (company_members m
                JOIN companies c ON c.id = m.company_id
                JOIN company_roles r ON r.id = m.role_id)
       ON m.company_id = $1 AND m.user_id = s.user_id AND c.tenant_id = $3
          AND m.status = 'active' AND c.written_off_at IS NULL
     WHERE s.id = $4 AND s.user_id = $2 AND s.revoked_at IS NULL`,
    [companyId, userId, tenantId, sessionId],
  );
  if (!row) throw await sessionEnded(database, session);
  if (row.role_id === null || row.role_id === undefined) {
    throw new ApiError('companyAccessEnded', 403, CODES.companyAccessEnded);
  }
  return companyConsole(companyId, row as ConsoleRow);
}

/**
 * The 401 of a session that has ended: 'Login information expired, please login again', or 'This
 * account has been closed' when that is why (an extra query on this rare path only).
 */
async function sessionEnded(database: Database, session: SessionClaims): Promise<ApiError> {
  const [user] = await database.query<{ closed_at: Date | null }>(
    'SELECT closed_at FROM users WHERE id = $1',
    [session.userId],
  );
  return new ApiError(user?.closed_at ? 'accountClosed' : 'loginExpired', 401);
}

/**
 * The `Company-Auth` value the client keeps and sends for a console: the company id, '' for the
 * personal console. The server never trusts it: the console of a request is the signed
 * `company_id` claim of its access token.
 */
export function companyAuthOf(companyId: number): string {
  return companyId === PERSONAL_CONSOLE_ID ? '' : String(companyId);
}
