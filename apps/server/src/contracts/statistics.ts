import type { ContractStatistics, ContractStatus } from '@esign/platform';
import type { AccessClaims } from '../auth/tokens';
import type { Database } from '../db';
import { consoleContractRows } from './console-contracts';
import { consoleKeys } from './turn';

/**
 * The contracts of a session's console counted by status, each contract once, for the home
 * screen. It counts the six statuses spec 000 §4 names first; the others are under way
 * (approving) or closed (withdrawn, cancelled), and the contract list shows them.
 */
export async function countContracts(
  database: Database,
  session: AccessClaims,
): Promise<ContractStatistics> {
  const { where, params } = consoleContractRows(session, await consoleKeys(database, session));
  const rows = await database.query<{ status: ContractStatus; total: number }>(
    `SELECT c.status, count(*)::int AS total FROM contracts c WHERE ${where} GROUP BY c.status`,
    params,
  );
  const totals = new Map(rows.map((row) => [row.status, row.total]));
  const count = (status: ContractStatus) => totals.get(status) ?? 0;
  return {
    filling: count('filling'),
    signing: count('signing'),
    refused: count('refused'),
    approvalRejected: count('approval_rejected'),
    completed: count('completed'),
    expired: count('expired'),
  };
}
