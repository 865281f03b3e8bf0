import type {
  ContractPartyInput,
  ContractReceiverInput,
  PartyKind,
  TemplateParty,
  ValidatedParty,
  ValidatedReceiver,
} from '@esign/platform';
import type { Sql } from '../documents/console-documents';

/** A party as the schema gives it, defaults applied. */
export type NamedParty = Required<ContractPartyInput> & { party: TemplateParty; kind: PartyKind };
export type NamedReceiver = Required<ContractReceiverInput>;

/** Who of the people and companies named is on the platform, in one tenant. */
export interface PlatformAccounts {
  /** The account of the tenant holding a phone. */
  userOf(phone: string): number | null;
  /** The verified company of the tenant of that full name. */
  companyOf(name: string): number | null;
}

/**
 * Looks up, in one tenant, the accounts holding the phones and the verified companies (auth_status
 * 1, as the company switcher lists them) holding the names: two queries, whatever the count.
 */
export async function findPlatformAccounts(
  sql: Sql,
  tenantId: string,
  phones: string[],
  companyNames: string[],
): Promise<PlatformAccounts> {
  const [users, companies] = await Promise.all([
    phones.length === 0
      ? []
      : sql.query<{ id: string; phone: string }>(
          'SELECT id, phone FROM users WHERE tenant_id = $1 AND phone = ANY($2::text[])',
          [tenantId, phones],
        ),
    companyNames.length === 0
      ? []
      : sql.query<{ id: string; full_name: string }>(
          `SELECT id, full_name FROM companies
           WHERE tenant_id = $1 AND auth_status = 1 AND full_name = ANY($2::text[])`,
          [tenantId, companyNames],
        ),
  ]);
  const userIds = new Map(users.map((row) => [row.phone, Number(row.id)]));
  const companyIds = new Map(companies.map((row) => [row.full_name, Number(row.id)]));
  return {
    userOf: (phone) => userIds.get(phone) ?? null,
    companyOf: (name) => companyIds.get(name) ?? null,
  };
}

/** The accounts of parties and copy recipients. */
export function accountsOf(
  sql: Sql,
  tenantId: string,
  parties: NamedParty[],
  receivers: NamedReceiver[] = [],
): Promise<PlatformAccounts> {
  const phones = [...parties.map((p) => p.phone), ...receivers.map((r) => r.phone)];
  const companies = parties.filter((p) => p.kind === 'company').map((p) => p.companyName);
  return findPlatformAccounts(
    sql,
    tenantId,
    [...new Set(phones.filter(Boolean))],
    [...new Set(companies)],
  );
}

/** validateParticipants' answer for each party, in the order sent. */
export function validatedParties(
  parties: NamedParty[],
  accounts: PlatformAccounts,
): ValidatedParty[] {
  return parties.map((party) => ({
    party: party.party,
    registered: accounts.userOf(party.phone) !== null,
    companyVerified:
      party.kind === 'company' ? accounts.companyOf(party.companyName) !== null : null,
  }));
}

/** validateReceivers' answer for each recipient, in the order sent. */
export function validatedReceivers(
  receivers: NamedReceiver[],
  accounts: PlatformAccounts,
): ValidatedReceiver[] {
  return receivers.map((receiver) => ({
    registered: receiver.phone !== '' && accounts.userOf(receiver.phone) !== null,
  }));
}
