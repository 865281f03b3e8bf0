import type { Queryable } from '../db';
import { ApiError } from '../http/route';

type Sql = Pick<Queryable, 'query'>;

/** Whether the account is a platform operator (decides manual real-name reviews of its tenant). */
export async function isOperator(sql: Sql, userId: number): Promise<boolean> {
  const [row] = await sql.query<{ platform_operator: boolean }>(
    'SELECT platform_operator FROM users WHERE id = $1',
    [userId],
  );
  return row?.platform_operator === true;
}

/** 403 'Only platform operators …' for anyone else (a company role grants nothing here). */
export async function requireOperator(sql: Sql, userId: number): Promise<void> {
  if (!(await isOperator(sql, userId))) throw new ApiError('operatorOnly', 403);
}

/**
 * Makes the account holding `phone` an operator (or no longer one): the `npm run operator`
 * command. Gives how many accounts changed (one per tenant holding the phone).
 */
export async function setOperator(sql: Sql, phone: string, operator: boolean): Promise<number> {
  const rows = await sql.query(
    'UPDATE users SET platform_operator = $2 WHERE phone = $1 RETURNING id',
    [phone, operator],
  );
  return rows.length;
}
