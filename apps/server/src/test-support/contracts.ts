import { randomUUID } from 'node:crypto';
import { DEFAULT_TENANT_ID, type ContractStatus } from '@esign/platform';
import type { Database } from '../db';

/** A signing party: a user's account, or a phone with no account yet; for a company or not. */
export interface TestParty {
  userId?: number;
  /** The phone the contract was sent to; the user's own when omitted. */
  phone?: string;
  /** Signs for this company (the platform's company when `id` is given). */
  company?: { id?: number; name: string };
}

/** A contract as a test writes it. */
export interface TestContract {
  tenantId?: string;
  /** The initiating company; none for a contract of the initiator's personal console. */
  companyId?: number;
  /** The initiating user's id. */
  initiator: number;
  status: ContractStatus;
  /** Lettered A, B, … in order. */
  parties?: TestParty[];
}

/**
 * Writes a contract and its parties as the create call of the contracts issue will, until that
 * call exists. Gives the contract's id.
 */
export async function addContract(
  database: Database,
  { tenantId = DEFAULT_TENANT_ID, companyId, initiator, status, parties = [] }: TestContract,
): Promise<number> {
  const [contract] = await database.query<{ id: string }>(
    `INSERT INTO contracts (tenant_id, company_id, initiator_user_id, number, name, status)
     VALUES ($1, $2, $3, $4, 'Test contract', $5) RETURNING id`,
    [tenantId, companyId ?? null, initiator, randomUUID(), status],
  );
  for (const [index, party] of parties.entries()) {
    await database.query(
      `INSERT INTO contract_participants
         (contract_id, party, user_id, company_id, company_name, phone, name)
       VALUES ($1, $2, $3, $4, $5, COALESCE($6, (SELECT phone FROM users WHERE id = $3)), 'Signer')`,
      [
        contract!.id,
        String.fromCharCode(65 + index),
        party.userId ?? null,
        party.company?.id ?? null,
        party.company?.name ?? null,
        party.phone ?? null,
      ],
    );
  }
  return Number(contract!.id);
}
