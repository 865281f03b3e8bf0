import { builtinGrants, CODES, PERSONAL_CONSOLE_ID, type Permission } from '@esign/platform';
import type { AccessClaims } from '../auth/tokens';
import type { Database } from '../db';
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
    return {
      companyId,
      companyName: '',
      roles: ['admin'],
      admin: true,
      grants: new Set(builtinGrants('admin')),
      roleId: null,
    };
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
  if (!row) return null;
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
 * The `Company-Auth` value the client keeps and sends for a console: the company id, '' for the
 * personal console. The server never trusts it: the console of a request is the signed
 * `company_id` claim of its access token.
 */
export function companyAuthOf(companyId: number): string {
  return companyId === PERSONAL_CONSOLE_ID ? '' : String(companyId);
}
