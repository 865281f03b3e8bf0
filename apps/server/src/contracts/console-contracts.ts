import { PERSONAL_CONSOLE_ID } from '@esign/platform';
import type { AccessClaims } from '../auth/tokens';

/** An SQL condition on `contracts c` with the parameters it numbers from $1. */
export interface ContractFilter {
  where: string;
  params: unknown[];
}

/**
 * A party row (`alias`) that is the console's own, as an SQL condition on `$2` (the company in a
 * company console, the user in the personal console): the company's party, or the user's as a
 * person, including one sent to the user's phone before the user had an account.
 */
export function consoleParty(alias: string, companyConsole: boolean): string {
  return companyConsole
    ? `${alias}.company_id = $2`
    : `${alias}.company_name IS NULL AND (${alias}.user_id = $2 OR (${alias}.user_id IS NULL
         AND ${alias}.phone = (SELECT u.phone FROM users u WHERE u.id = $2)))`;
}

/**
 * The contracts a session's console sees, as a condition on `contracts c` (its parameters are $1
 * and $2; a caller numbers its own from $3). In a company console: the company's contracts, those
 * it initiated and those naming it as a party. In the personal console: those the user initiated
 * personally and those the user signs as a person, including those sent to the user's phone
 * before the user had an account. Never another tenant's. The caller checks the session's console
 * first (`sessionConsole`): a user who left a company sees none of its contracts.
 */
export function consoleContracts({ tenantId, userId, companyId }: AccessClaims): ContractFilter {
  if (companyId !== PERSONAL_CONSOLE_ID) {
    return {
      where: `c.tenant_id = $1 AND (c.company_id = $2 OR EXISTS (
        SELECT 1 FROM contract_participants p WHERE p.contract_id = c.id AND ${consoleParty('p', true)}))`,
      params: [tenantId, companyId],
    };
  }
  return {
    where: `c.tenant_id = $1 AND (
      (c.company_id IS NULL AND c.initiator_user_id = $2)
      OR EXISTS (
        SELECT 1 FROM contract_participants p
        WHERE p.contract_id = c.id AND ${consoleParty('p', false)}))`,
    params: [tenantId, userId],
  };
}

/**
 * Whether the user (the parameter `user`, e.g. '$3') is a copy recipient of `contracts c`, by
 * account or by the phone the contract was sent to before the user had an account.
 */
export function copiedTo(user: string): string {
  return `EXISTS (SELECT 1 FROM contract_receivers r WHERE r.contract_id = c.id AND (r.user_id = ${user}
    OR (r.user_id IS NULL AND r.phone = (SELECT x.phone FROM users x WHERE x.id = ${user}))))`;
}

/**
 * `consoleContracts` for many rows at once (the lists, the home screen's counts): the same
 * contracts, matched on the contract's own row — its initiator and its `party_consoles`, kept by
 * `refreshTurns` — instead of its parties' rows, less those the console initiated and removed
 * from its lists (contract/remove; the other consoles still list them). `$1` is the tenant, `$2`
 * the company (or the user in the personal console) and `$3` the console's keys (`consoleKeys`);
 * a caller numbers its own parameters from $4.
 */
export function consoleContractRows(
  { tenantId, userId, companyId }: AccessClaims,
  keys: readonly string[],
): ContractFilter {
  const company = companyId !== PERSONAL_CONSOLE_ID;
  const initiated = company
    ? 'c.company_id = $2'
    : '(c.company_id IS NULL AND c.initiator_user_id = $2)';
  return {
    where: `c.tenant_id = $1 AND (${initiated} OR c.party_consoles && $3::text[])
      AND NOT (${initiated} AND c.removed_at IS NOT NULL)`,
    params: [tenantId, company ? companyId : userId, keys],
  };
}
