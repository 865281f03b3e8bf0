/**
 * Counterparts and contracts (issue 32): a blacklisted counterpart cannot be a party of a new
 * contract of the book's console (contract/create and validateParticipants refuse it, naming the
 * party and the reason), and the parties of a contract join the books of the consoles that take
 * part in it, without duplicates.
 */
import {
  blacklistedPartyText,
  type CounterpartFields,
  type Locale,
  type TemplateParty,
} from '@esign/platform';
import type { Queryable } from '../db';
import { ApiError } from '../http/route';
import { SqlParams } from '../templates/access';
import { fieldValues, inBook, type Book } from './book';

/** A party as the initiator names it (what the check needs of it). */
interface PartyNamed {
  party: TemplateParty;
  kind: 'person' | 'company';
  name: string;
  phone: string;
  companyName: string;
}

/**
 * Refuses (409 `counterpartBlacklisted`, in the request's language) when a party is on the
 * blacklist of the book: a person counterpart by the phone (whether the party signs for itself or
 * for a company: the person is who signs), a company counterpart by its full name or by the
 * credit code of the platform's company of that name. `data` lists every such party.
 */
export async function refuseBlacklisted(
  db: Pick<Queryable, 'query'>,
  book: Book,
  parties: readonly PartyNamed[],
  locale: Locale,
): Promise<void> {
  if (parties.length === 0) return;
  const phones = [...new Set(parties.map((p) => p.phone))];
  const companies = [
    ...new Set(parties.filter((p) => p.kind === 'company').map((p) => p.companyName)),
  ];
  const params = new SqlParams();
  const rows = await db.query<{
    id: string;
    kind: 'person' | 'company';
    name: string;
    phone: string;
    reason: string | null;
    codes_of: string[] | null;
  }>(
    `SELECT c.id, c.kind, c.name, c.phone, c.blacklist_reason AS reason,
       (SELECT array_agg(co.full_name) FROM companies co
        WHERE co.tenant_id = c.tenant_id AND c.credit_code <> ''
          AND upper(co.credit_code) = upper(c.credit_code)) AS codes_of
     FROM counterparts c
     WHERE ${inBook(book, params)} AND c.status = 'blacklist'
       AND ((c.kind = 'person' AND c.phone = ANY(${params.add(phones)}::text[]))
         OR (c.kind = 'company' AND (lower(c.name) = ANY(${params.add(companies.map((n) => n.toLowerCase()))}::text[])
           OR EXISTS (SELECT 1 FROM companies co
             WHERE co.tenant_id = c.tenant_id AND c.credit_code <> ''
               AND upper(co.credit_code) = upper(c.credit_code)
               AND co.full_name = ANY(${params.add(companies)}::text[])))))
     ORDER BY c.id`,
    params.values,
  );
  if (rows.length === 0) return;
  const refused = parties.flatMap((party) => {
    const row = rows.find((r) =>
      r.kind === 'person'
        ? r.phone === party.phone
        : party.kind === 'company' &&
          (r.name.toLowerCase() === party.companyName.toLowerCase() ||
            (r.codes_of ?? []).includes(party.companyName)),
    );
    return row
      ? [
          {
            party: party.party,
            counterpartId: String(row.id),
            name: row.name,
            reason: row.reason ?? '',
          },
        ]
      : [];
  });
  const first = refused[0]!;
  throw new ApiError(
    'counterpartBlacklisted',
    409,
    409,
    refused,
    blacklistedPartyText(first.name, first.reason, locale),
  );
}

/** One side of a contract: its console where it has one on the platform, and how a book names it. */
interface Side {
  book: Omit<Book, 'userId'> | null;
  fields: CounterpartFields;
  /** What makes two sides the same (a phone for a person, a name for a company). */
  identity: string;
}

const personSide = (
  name: string,
  phone: string,
  userId: number | null,
  tenantId: string,
): Side => ({
  book:
    userId === null
      ? null
      : { tenantId, consoleKey: `u${userId}`, companyId: null, ownerUserId: userId },
  fields: {
    kind: 'person',
    name: name || phone,
    phone,
    email: '',
    affiliatedCompany: '',
    note: '',
  },
  identity: `p${phone}`,
});

const companySide = (
  company: { id: number | null; name: string; creditCode: string },
  manager: { name: string; phone: string },
  tenantId: string,
): Side => ({
  book:
    company.id === null
      ? null
      : { tenantId, consoleKey: `c${company.id}`, companyId: company.id, ownerUserId: null },
  fields: {
    kind: 'company',
    name: company.name,
    creditCode: company.creditCode,
    managerName: manager.name || manager.phone,
    managerPhone: manager.phone,
    note: '',
  },
  identity: `c${company.name.toLowerCase()}`,
});

/**
 * Writes the sides of a new contract into each other's books (in the creating transaction): the
 * initiator's console gains every party; each party that is on the platform (a person's account,
 * a company party's certified company) gains the initiator and the other parties. A side already
 * in a book (same phone or email, same company name or credit code) is left as the book has it.
 */
export async function addContractCounterparts(
  db: Pick<Queryable, 'query'>,
  contractId: number,
): Promise<void> {
  const [contract] = await db.query<{
    tenant_id: string;
    company_id: string | null;
    initiator_user_id: string;
    user_name: string;
    user_phone: string;
    full_name: string | null;
    credit_code: string | null;
  }>(
    `SELECT c.tenant_id, c.company_id, c.initiator_user_id, u.name AS user_name,
       u.phone AS user_phone, co.full_name, co.credit_code
     FROM contracts c JOIN users u ON u.id = c.initiator_user_id
     LEFT JOIN companies co ON co.id = c.company_id
     WHERE c.id = $1`,
    [contractId],
  );
  if (!contract) return;
  const tenantId = contract.tenant_id;
  const parties = await db.query<{
    user_id: string | null;
    company_id: string | null;
    company_name: string | null;
    phone: string;
    name: string;
    credit_code: string | null;
  }>(
    `SELECT p.user_id, p.company_id, p.company_name, p.phone, p.name, co.credit_code
     FROM contract_participants p LEFT JOIN companies co ON co.id = p.company_id
     WHERE p.contract_id = $1 ORDER BY p.party`,
    [contractId],
  );
  const initiator =
    contract.company_id === null
      ? personSide(
          contract.user_name,
          contract.user_phone,
          Number(contract.initiator_user_id),
          tenantId,
        )
      : companySide(
          {
            id: Number(contract.company_id),
            name: contract.full_name ?? '',
            creditCode: contract.credit_code ?? '',
          },
          { name: contract.user_name, phone: contract.user_phone },
          tenantId,
        );
  const sides = [
    initiator,
    ...parties.map((p) =>
      p.company_name === null
        ? personSide(p.name, p.phone, p.user_id === null ? null : Number(p.user_id), tenantId)
        : companySide(
            {
              id: p.company_id === null ? null : Number(p.company_id),
              name: p.company_name,
              creditCode: p.credit_code ?? '',
            },
            { name: p.name, phone: p.phone },
            tenantId,
          ),
    ),
  ];
  const written = new Set<string>();
  for (const side of sides) {
    if (!side.book || written.has(side.book.consoleKey)) continue;
    written.add(side.book.consoleKey);
    const own = new Set(
      sides.filter((s) => s.book?.consoleKey === side.book!.consoleKey).map((s) => s.identity),
    );
    const others = sides.filter((s) => !own.has(s.identity));
    if (others.length === 0) continue;
    const params = new SqlParams();
    const head = [
      side.book.tenantId,
      side.book.consoleKey,
      side.book.companyId,
      side.book.ownerUserId,
      contract.initiator_user_id,
    ].map((value) => params.add(value));
    const rows = others.map(
      (other) =>
        `(${[...head, ...fieldValues(other.fields).map((v) => params.add(v)), "'contract'"].join(', ')})`,
    );
    await db.query(
      `INSERT INTO counterparts (tenant_id, console_key, company_id, owner_user_id, created_by,
         kind, name, phone, email, affiliated_company, credit_code, manager_name, note, source)
       VALUES ${rows.join(', ')}
       ON CONFLICT DO NOTHING`,
      params.values,
    );
  }
}
