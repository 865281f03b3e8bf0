/**
 * Why a contract the session's console does not see is refused. A link opened in the wrong console
 * is a mistake of the user's own, not a secret: when another console of the same user sees the
 * contract (a company the user is an active member of, or the personal console), the answer names
 * that console so that the client can offer the switch. Anyone else gets the very 404 a contract
 * that does not exist gets, so a stranger learns nothing of it.
 */
import { CODES, PERSONAL_CONSOLE_ID, type ContractInOtherConsole } from '@esign/platform';
import type { AccessClaims } from '../auth/tokens';
import type { Database } from '../db';
import { ApiError } from '../http/route';
import { consoleContracts } from './console-contracts';

/**
 * The console, other than the session's, in which the session's user sees contract `id`, or null.
 * A company comes first (the one that initiated the contract, then the others by id) and must
 * let the user in as `findConsole` does — an active member of a company of the tenant that has not
 * been written off; the personal console last.
 */
export async function otherConsoleOf(
  database: Database,
  session: AccessClaims,
  id: number,
): Promise<ContractInOtherConsole | null> {
  const [company] = await database.query<{ id: string | number; full_name: string }>(
    `SELECT k.id, k.full_name
     FROM contracts c
     JOIN company_members m ON m.user_id = $2 AND m.status = 'active'
     JOIN companies k ON k.id = m.company_id AND k.tenant_id = $1 AND k.written_off_at IS NULL
     WHERE c.id = $3 AND c.tenant_id = $1 AND m.company_id <> $4
       AND (c.company_id = m.company_id OR EXISTS (
         SELECT 1 FROM contract_participants p
         WHERE p.contract_id = c.id AND p.company_id = m.company_id))
     ORDER BY COALESCE(c.company_id = m.company_id, false) DESC, k.id
     LIMIT 1`,
    [session.tenantId, session.userId, id, session.companyId],
  );
  if (company) return { companyId: Number(company.id), companyName: company.full_name };
  if (session.companyId === PERSONAL_CONSOLE_ID) return null;
  const personal = consoleContracts({ ...session, companyId: PERSONAL_CONSOLE_ID });
  const [mine] = await database.query(
    `SELECT 1 FROM contracts c WHERE c.id = $3 AND (${personal.where})`,
    [...personal.params, id],
  );
  return mine ? { companyId: PERSONAL_CONSOLE_ID, companyName: '' } : null;
}

/**
 * The refusal of contract `id`, which the session's console does not see: 403
 * `contractInOtherConsole` naming the console where its user sees it, else 404 'notFound'.
 */
export async function unseenContract(
  database: Database,
  session: AccessClaims,
  id: number,
): Promise<ApiError> {
  const other = await otherConsoleOf(database, session, id);
  return other
    ? new ApiError('contractInOtherConsole', 403, CODES.contractInOtherConsole, other)
    : new ApiError('notFound', 404);
}
