import { PERSONAL_CONSOLE_ID } from '@esign/platform';
import type { AccessClaims } from '../auth/tokens';
import type { Database } from '../db';
import { ApiError } from '../http/route';

/** The console a session acts in: the user's personal console, or a company the user belongs to. */
export interface SessionConsole {
  /** A company id, or -1 for the personal console. */
  companyId: number;
  /** The company's full name; '' for the personal console, which the client names in its language. */
  companyName: string;
  /**
   * The user's roles there: the member's role in a company ('admin' for its administrator, 'staff'
   * …); ['admin'] in the personal console, which the user owns.
   */
  roles: string[];
}

/**
 * The console a user acts in as `companyId`, or null when the user is not a member of that company
 * of the tenant: the one check between a session and a company's data.
 */
export async function findConsole(
  database: Database,
  { userId, tenantId, companyId }: AccessClaims,
): Promise<SessionConsole | null> {
  if (companyId === PERSONAL_CONSOLE_ID) return { companyId, companyName: '', roles: ['admin'] };
  const [row] = await database.query<{ full_name: string; role: string }>(
    `SELECT c.full_name, m.role FROM company_members m JOIN companies c ON c.id = m.company_id
     WHERE m.company_id = $1 AND m.user_id = $2 AND c.tenant_id = $3`,
    [companyId, userId, tenantId],
  );
  return row ? { companyId, companyName: row.full_name, roles: [row.role] } : null;
}

/** The console of a signed-in request: 403 when the user has left its company since signing in. */
export async function sessionConsole(
  database: Database,
  session: AccessClaims,
): Promise<SessionConsole> {
  const current = await findConsole(database, session);
  if (!current) throw new ApiError('noPermission', 403);
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
