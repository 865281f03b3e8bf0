/**
 * Who a contract concerns and whose move it is, kept on the contract's row
 * (`contracts.party_consoles` and `awaiting`, migration 15) for the lists and the home screen's
 * counts. `refreshTurns` recomputes them from the parties, the status and the order; every writer
 * of those calls it in its transaction. `consoleKeys` gives the keys a session's console matches.
 */
import { PERSONAL_CONSOLE_ID } from '@esign/platform';
import type { AccessClaims } from '../auth/tokens';
import type { Queryable } from '../db';
import { CONTRACT_CONSOLES_SET } from '../db/contract-turn-tables';

/** Recomputes who these contracts concern and whose move it is. */
export async function refreshTurns(
  tx: Pick<Queryable, 'query'>,
  contractIds: readonly number[],
): Promise<void> {
  if (contractIds.length === 0) return;
  await tx.query(`UPDATE contracts c SET ${CONTRACT_CONSOLES_SET} WHERE c.id = ANY($1::bigint[])`, [
    contractIds.map(Number),
  ]);
}

/**
 * The console keys a session's console matches: its company's in a company console; in the
 * personal console the user's, and the user's phone's (contracts sent to it before it had an
 * account).
 */
export async function consoleKeys(
  database: Pick<Queryable, 'query'>,
  session: AccessClaims,
): Promise<string[]> {
  if (session.companyId !== PERSONAL_CONSOLE_ID) return [`c${session.companyId}`];
  const [user] = await database.query<{ phone: string }>(
    'SELECT phone FROM users WHERE id = $1 AND tenant_id = $2',
    [session.userId, session.tenantId],
  );
  return user ? [`u${session.userId}`, `p${user.phone}`] : [`u${session.userId}`];
}
