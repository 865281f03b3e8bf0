import { randomUUID } from 'node:crypto';
import { DEFAULT_TENANT_ID, type ContractStatus } from '@esign/platform';
import { refreshTurns } from '../contracts/turn';
import type { Database } from '../db';

/** A signing party: a user's account, or a phone with no account yet; for a company or not. */
export interface TestParty {
  userId?: number;
  /** The phone the contract was sent to; the user's own when omitted. */
  phone?: string;
  /** Signs for this company (the platform's company when `id` is given). */
  company?: { id?: number; name: string };
  /** What the party does: signs (default) and/or fills in. */
  signs?: boolean;
  fills?: boolean;
  /** What it has done already. */
  filled?: boolean;
  signed?: boolean;
  refused?: boolean;
  /** Its name as the lists show it (default 'Signer'). */
  name?: string;
}

/** A contract as a test writes it. */
export interface TestContract {
  tenantId?: string;
  /** The initiating company; none for a contract of the initiator's personal console. */
  companyId?: number;
  /** The initiating user's id. */
  initiator: number;
  status: ContractStatus;
  /** Lettered A, B, … in order (which is also their order when signing is sequential). */
  parties?: TestParty[];
  name?: string;
  number?: string;
  signingOrder?: 'parallel' | 'sequential';
  /** Copy recipients, by phone. */
  receivers?: { phone: string; companyName: string; userId?: number }[];
  /** When it was made (default now). */
  createdAt?: Date;
  signingStartedAt?: Date;
}

/**
 * Writes a contract and its parties straight into the tables, in any state a test needs (signed,
 * refused, expired…), which contract/create alone cannot make. Gives the contract's id.
 */
export async function addContract(
  database: Database,
  {
    tenantId = DEFAULT_TENANT_ID,
    companyId,
    initiator,
    status,
    parties = [],
    name = 'Test contract',
    number = randomUUID(),
    signingOrder = 'parallel',
    receivers = [],
    createdAt,
    signingStartedAt,
  }: TestContract,
): Promise<number> {
  const [contract] = await database.query<{ id: string }>(
    `INSERT INTO contracts (tenant_id, company_id, initiator_user_id, number, name, status,
       signing_order, created_at, signing_started_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, COALESCE($8, now()), $9) RETURNING id`,
    [
      tenantId,
      companyId ?? null,
      initiator,
      number,
      name,
      status,
      signingOrder,
      createdAt ?? null,
      signingStartedAt ?? null,
    ],
  );
  for (const [index, party] of parties.entries()) {
    const at = (done: boolean | undefined) => (done ? 'now()' : 'NULL');
    await database.query(
      `INSERT INTO contract_participants
         (contract_id, party, user_id, company_id, company_name, phone, name, signs, fills,
          position, filled_at, signed_at, refused_at)
       VALUES ($1, $2, $3, $4, $5, COALESCE($6, (SELECT phone FROM users WHERE id = $3)), $7, $8,
         $9, $10, ${at(party.filled)}, ${at(party.signed)}, ${at(party.refused)})`,
      [
        contract!.id,
        String.fromCharCode(65 + index),
        party.userId ?? null,
        party.company?.id ?? null,
        party.company?.name ?? null,
        party.phone ?? null,
        party.name ?? 'Signer',
        party.signs ?? true,
        party.fills ?? false,
        index,
      ],
    );
  }
  await refreshTurns(database, [Number(contract!.id)]);
  for (const [index, receiver] of receivers.entries()) {
    await database.query(
      `INSERT INTO contract_receivers (contract_id, position, phone, company_name, user_id)
       VALUES ($1, $2, $3, $4, $5)`,
      [contract!.id, index, receiver.phone, receiver.companyName, receiver.userId ?? null],
    );
  }
  return Number(contract!.id);
}
