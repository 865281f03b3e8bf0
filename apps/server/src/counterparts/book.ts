/**
 * A console's book of counterparts: which rows are the session's, how a row reads, and the writes
 * that keep a book free of duplicates. The calls (routes.ts), the import (import.ts) and the
 * contract parties that join a book on their own (contract-parties.ts) all go through here.
 */
import {
  PERSONAL_CONSOLE_ID,
  type Counterpart,
  type CounterpartFields,
  type CounterpartKind,
  type CounterpartSource,
  CONTRACT_LIST_COUNT_CAP,
  COUNTERPART_SEARCH_COUNT_CAP,
  type CounterpartPage,
  type CounterpartStatus,
} from '@esign/platform';
import type { Database, Queryable } from '../db';
import type { Paging } from '../db/paging';
import { ApiError } from '../http/route';
import { SqlParams, containsPattern, listTime, refusingConflicts } from '../templates/access';

/** Runs a write; a unique violation (the book already names the counterpart) answers 409. */
const refusingConflictsOf = <T>(write: () => Promise<T>) =>
  refusingConflicts(write, { unique: new ApiError('counterpartDuplicate', 409) });

/** Whose book a call reads and writes: the session's console. */
export interface Book {
  tenantId: string;
  /** `c<company>` or `u<user>` (see migration 37). */
  consoleKey: string;
  companyId: number | null;
  /** The person whose personal book it is (null for a company's). */
  ownerUserId: number | null;
  /** Who acts (created_by, blacklisted_by). */
  userId: number;
}

/** The book of a session's console (the console itself is checked by the route helper). */
export function bookOf(session: {
  tenantId: string;
  userId: number | string;
  companyId: number | string;
}): Book {
  const userId = Number(session.userId);
  const companyId = Number(session.companyId);
  return companyId === PERSONAL_CONSOLE_ID
    ? {
        tenantId: session.tenantId,
        consoleKey: `u${userId}`,
        companyId: null,
        ownerUserId: userId,
        userId,
      }
    : {
        tenantId: session.tenantId,
        consoleKey: `c${companyId}`,
        companyId,
        ownerUserId: null,
        userId,
      };
}

/** The book's rows (`alias`) as an SQL condition. */
export function inBook(book: Book, params: SqlParams, alias = 'c'): string {
  return `${alias}.tenant_id = ${params.add(book.tenantId)} AND ${alias}.console_key = ${params.add(book.consoleKey)}`;
}

/** The columns a row is read with (`alias` the counterparts table). */
export const COUNTERPART_COLUMNS_SQL = (alias = 'c') => `
  ${alias}.id, ${alias}.kind, ${alias}.name, ${alias}.phone, ${alias}.email,
  ${alias}.affiliated_company, ${alias}.credit_code, ${alias}.manager_name, ${alias}.note,
  ${alias}.status, ${alias}.blacklist_reason, ${alias}.source,
  ${listTime(`${alias}.blacklisted_at`)} AS blacklisted_at,
  ${listTime(`${alias}.created_at`)} AS create_time,
  (SELECT CASE WHEN u.name <> '' THEN u.name ELSE u.phone END FROM users u
   WHERE u.id = ${alias}.blacklisted_by) AS blacklisted_by,
  CASE WHEN ${alias}.kind = 'person' THEN EXISTS (
    SELECT 1 FROM users u WHERE u.tenant_id = ${alias}.tenant_id AND u.phone = ${alias}.phone
      AND ${alias}.phone <> '' AND u.real_name_verified)
  ELSE EXISTS (
    SELECT 1 FROM companies co WHERE co.tenant_id = ${alias}.tenant_id AND co.auth_status = 1
      AND (co.full_name = ${alias}.name
        OR (${alias}.credit_code <> '' AND upper(co.credit_code) = upper(${alias}.credit_code))))
  END AS certified`;

export interface CounterpartRow {
  id: string | number;
  kind: CounterpartKind;
  name: string;
  phone: string;
  email: string;
  affiliated_company: string;
  credit_code: string;
  manager_name: string;
  note: string;
  status: CounterpartStatus;
  blacklist_reason: string | null;
  source: CounterpartSource;
  blacklisted_at: string | null;
  blacklisted_by: string | null;
  create_time: string;
  certified: boolean;
}

/** A row as the calls answer it. */
export function counterpartOf(row: CounterpartRow): Counterpart {
  return {
    id: String(row.id),
    kind: row.kind,
    name: row.name,
    phone: row.phone,
    email: row.email,
    affiliatedCompany: row.affiliated_company,
    creditCode: row.credit_code,
    managerName: row.manager_name,
    note: row.note,
    certified: row.certified,
    status: row.status,
    blacklistReason: row.status === 'blacklist' ? row.blacklist_reason : null,
    blacklistedBy: row.status === 'blacklist' ? row.blacklisted_by : null,
    blacklistedAt: row.status === 'blacklist' ? row.blacklisted_at : null,
    source: row.source,
    createTime: row.create_time,
  };
}

/** The columns of a counterpart's fields, in the order `fieldValues` gives them. */
const FIELD_COLUMNS = [
  'kind',
  'name',
  'phone',
  'email',
  'affiliated_company',
  'credit_code',
  'manager_name',
  'note',
] as const;

/** A counterpart's fields as the columns hold them ('' where a kind has no such field). */
export function fieldValues(fields: CounterpartFields): string[] {
  return fields.kind === 'person'
    ? [
        fields.kind,
        fields.name,
        fields.phone,
        fields.email,
        fields.affiliatedCompany,
        '',
        '',
        fields.note,
      ]
    : [
        fields.kind,
        fields.name,
        fields.managerPhone,
        '',
        '',
        fields.creditCode.toUpperCase(),
        fields.managerName,
        fields.note,
      ];
}

/** One counterpart of the book, or 404. */
export async function readCounterpart(
  db: Pick<Queryable, 'query'>,
  book: Book,
  id: number,
): Promise<Counterpart> {
  const params = new SqlParams();
  const [row] = await db.query<CounterpartRow>(
    `SELECT ${COUNTERPART_COLUMNS_SQL()} FROM counterparts c
     WHERE ${inBook(book, params)} AND c.id = ${params.add(id)}`,
    params.values,
  );
  if (!row) throw new ApiError('counterpartNotFound', 404);
  return counterpartOf(row);
}

/** Adds counterparts to the book; a duplicate (same phone, email, name or credit code) is 409. */
export async function insertCounterparts(
  db: Pick<Queryable, 'query'>,
  book: Book,
  entries: CounterpartFields[],
  source: CounterpartSource,
): Promise<number[]> {
  if (entries.length === 0) return [];
  const params = new SqlParams();
  const head = [
    book.tenantId,
    book.consoleKey,
    book.companyId,
    book.ownerUserId,
    source,
    book.userId,
  ].map((value) => params.add(value));
  const rows = entries.map(
    (entry) => `(${[...head, ...fieldValues(entry).map((value) => params.add(value))].join(', ')})`,
  );
  const inserted = await refusingConflictsOf(() =>
    db.query<{ id: string }>(
      `INSERT INTO counterparts (tenant_id, console_key, company_id, owner_user_id, source,
         created_by, ${FIELD_COLUMNS.join(', ')})
       VALUES ${rows.join(',\n')} RETURNING id`,
      params.values,
    ),
  );
  return inserted.map((row) => Number(row.id));
}

/** Changes a counterpart's fields (its kind stays): 404 outside the book, 409 on a duplicate. */
export async function updateCounterpart(
  db: Pick<Queryable, 'query'>,
  book: Book,
  id: number,
  fields: CounterpartFields,
): Promise<void> {
  const params = new SqlParams();
  const values = fieldValues(fields);
  const sets = FIELD_COLUMNS.slice(1).map(
    (column, index) => `${column} = ${params.add(values[index + 1])}`,
  );
  const updated = await refusingConflictsOf(() =>
    db.query(
      `UPDATE counterparts c SET ${sets.join(', ')}, updated_at = now()
       WHERE ${inBook(book, params)} AND c.id = ${params.add(id)} AND c.kind = ${params.add(fields.kind)}
       RETURNING id`,
      params.values,
    ),
  );
  if (updated.length === 0) throw new ApiError('counterpartNotFound', 404);
}

/** The list's filters as an SQL condition on `c`. */
export function listCondition(
  book: Book,
  params: SqlParams,
  filters: {
    kind: CounterpartKind;
    keyword?: string | undefined;
    status?: CounterpartStatus | undefined;
  },
): string {
  const conditions = [inBook(book, params), `c.kind = ${params.add(filters.kind)}`];
  if (filters.status) conditions.push(`c.status = ${params.add(filters.status)}`);
  if (filters.keyword) {
    conditions.push(
      `c.search_text LIKE ${params.add(containsPattern(filters.keyword.toLowerCase()))}`,
    );
  }
  return conditions.join(' AND ');
}

/**
 * A page of the book as the list filters it, newest first (busi-opposite/search), and how many
 * counterparts match up to a cap (`totalCapped` past it), as the contract lists count: the first
 * page costs what a page costs whatever the book's size. The book is counted up to
 * `CONTRACT_LIST_COUNT_CAP`; a keyword's matches up to `COUNTERPART_SEARCH_COUNT_CAP`, since one
 * or two keystrokes (the picker) match much of a book and cannot use the trigram index (three
 * characters at least) — nobody pages through a thousand matches: the search narrows.
 */
export async function searchBook(
  database: Database,
  book: Book,
  query: Paging & {
    kind: CounterpartKind;
    keyword?: string | undefined;
    status?: CounterpartStatus | undefined;
  },
): Promise<CounterpartPage> {
  const params = new SqlParams();
  const where = listCondition(book, params, query);
  const limit = params.add(query.size);
  const offset = params.add((query.current - 1) * query.size);
  const cap = query.keyword ? COUNTERPART_SEARCH_COUNT_CAP : CONTRACT_LIST_COUNT_CAP;
  const [rows, [counted]] = await Promise.all([
    database.query<CounterpartRow>(
      `SELECT ${COUNTERPART_COLUMNS_SQL()} FROM counterparts c WHERE ${where}
       ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit} OFFSET ${offset}`,
      params.values,
    ),
    database.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM (
         SELECT 1 FROM counterparts c WHERE ${where} LIMIT ${cap + 1}) matching`,
      params.values.slice(0, -2),
    ),
  ]);
  return {
    records: rows.map(counterpartOf),
    total: Math.min(counted!.total, cap),
    totalCapped: counted!.total > cap,
    current: query.current,
    size: query.size,
  };
}
