import type { Queryable } from '../db';

/**
 * Ends the contract's pending approval, if any, as `withdrawn`: the contract was withdrawn
 * (contract/revoke) or its signing deadline passed (the expiry sweep). Called in the transaction
 * that changes the contract's status; its own module so that contracts/ imports nothing else of
 * approvals/.
 */
export async function endPendingApproval(
  sql: Pick<Queryable, 'query'>,
  contractId: number | string,
): Promise<void> {
  await sql.query(
    `UPDATE approvals SET status = 'withdrawn', finished_at = now()
     WHERE contract_id = $1 AND status = 'pending'`,
    [contractId],
  );
}
