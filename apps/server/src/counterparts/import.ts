/**
 * Importing a book from a spreadsheet (issue 32): every row is checked by the same schema as the
 * add form, then against the rows above it and against the book; the report names each refused
 * row and why, in the request's language. A preview writes nothing; an import writes every
 * accepted row in one transaction — all of them, or (on any failure, such as a colleague adding
 * the same counterpart meanwhile) none.
 */
import {
  COUNTERPART_COLUMNS,
  companyCounterpartSchema,
  counterpartColumnOf,
  localizeIssues,
  message,
  personCounterpartSchema,
  type CounterpartFields,
  type CounterpartImportReport,
  type CounterpartImportRow,
  type CounterpartKind,
  type Locale,
} from '@esign/platform';
import * as z from 'zod/mini';
import type { Database, Queryable } from '../db';
import { ApiError } from '../http/route';
import { SqlParams } from '../templates/access';
import { inBook, insertCounterparts, type Book } from './book';
import type { SheetRows } from './spreadsheet';

/** What makes two counterparts of a kind the same (see migration 37's unique indexes). */
function keysOf(fields: CounterpartFields): string[] {
  if (fields.kind === 'person') {
    return [
      ...(fields.phone ? [`phone:${fields.phone}`] : []),
      ...(fields.email ? [`email:${fields.email.toLowerCase()}`] : []),
    ];
  }
  return [
    `name:${fields.name.toLowerCase()}`,
    ...(fields.creditCode ? [`code:${fields.creditCode.toUpperCase()}`] : []),
  ];
}

/** The keys of the book's counterparts of a kind among those given. */
async function keysInBook(
  db: Pick<Queryable, 'query'>,
  book: Book,
  kind: CounterpartKind,
  keys: string[],
): Promise<Set<string>> {
  const params = new SqlParams();
  const rows = await db.query<{ key: string }>(
    kind === 'person'
      ? `SELECT 'phone:' || c.phone AS key FROM counterparts c
         WHERE ${inBook(book, params)} AND c.kind = 'person' AND c.phone <> ''
           AND ('phone:' || c.phone) = ANY(${params.add(keys)}::text[])
         UNION ALL
         SELECT 'email:' || lower(c.email) FROM counterparts c
         WHERE ${inBook(book, params)} AND c.kind = 'person' AND c.email <> ''
           AND ('email:' || lower(c.email)) = ANY(${params.add(keys)}::text[])`
      : `SELECT 'name:' || lower(c.name) AS key FROM counterparts c
         WHERE ${inBook(book, params)} AND c.kind = 'company'
           AND ('name:' || lower(c.name)) = ANY(${params.add(keys)}::text[])
         UNION ALL
         SELECT 'code:' || upper(c.credit_code) FROM counterparts c
         WHERE ${inBook(book, params)} AND c.kind = 'company' AND c.credit_code <> ''
           AND ('code:' || upper(c.credit_code)) = ANY(${params.add(keys)}::text[])`,
    params.values,
  );
  return new Set(rows.map((row) => row.key));
}

/** Rows written in one statement (14 parameters a row, well under PostgreSQL's 65,535). */
const INSERT_CHUNK = 500;

/**
 * Checks (and with `commit`, imports) the rows of a sheet into the book; see the module's comment.
 */
export async function importCounterparts(
  database: Database,
  book: Book,
  kind: CounterpartKind,
  sheet: SheetRows,
  commit: boolean,
  locale: Locale,
): Promise<CounterpartImportReport> {
  const [header = [], ...body] = sheet;
  const fields = header.map((text) => counterpartColumnOf(kind, String(text)));
  const columns = COUNTERPART_COLUMNS[kind];
  if (columns.some((column) => column.required && !fields.includes(column.field))) {
    throw new ApiError('importNoHeader', 400);
  }
  const schema = kind === 'person' ? personCounterpartSchema : companyCounterpartSchema;
  const label = (field: string) =>
    columns.find((column) => column.field === field)?.[locale] ?? field;

  const rows: (CounterpartImportRow & { fields?: CounterpartFields; keys: string[] })[] = [];
  body.forEach((cells, index) => {
    if (cells.every((cell) => String(cell ?? '').trim() === '')) return;
    const values: Record<string, string> = {};
    fields.forEach((field, column) => {
      if (field && values[field] === undefined) values[field] = String(cells[column] ?? '').trim();
    });
    const parsed = z.safeParse(schema, { ...values, kind });
    if (!parsed.success) {
      const errors = localizeIssues(parsed.error, locale).map(
        (issue) => `${label(issue.path)}: ${issue.message}`,
      );
      rows.push({ row: index + 2, values, errors: [...new Set(errors)], keys: [] });
      return;
    }
    rows.push({
      row: index + 2,
      values,
      errors: [],
      fields: parsed.data,
      keys: keysOf(parsed.data),
    });
  });
  if (rows.length === 0) throw new ApiError('importEmpty', 400);

  const inBookKeys = await keysInBook(
    database,
    book,
    kind,
    rows.flatMap((row) => row.keys),
  );
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (row.errors.length > 0) continue;
    if (row.keys.some((key) => inBookKeys.has(key))) {
      row.errors.push(message('counterpartDuplicate', locale));
      continue;
    }
    const earlier = row.keys.map((key) => seen.get(key)).find((n) => n !== undefined);
    if (earlier !== undefined) {
      row.errors.push(`${message('counterpartDuplicateInFile', locale)} (${earlier})`);
      continue;
    }
    for (const key of row.keys) seen.set(key, row.row);
  }

  const accepted = rows.filter((row) => row.errors.length === 0);
  if (commit) {
    if (accepted.length === 0) throw new ApiError('importNothingAccepted', 400);
    await database.transaction(async (tx) => {
      for (let start = 0; start < accepted.length; start += INSERT_CHUNK) {
        const chunk = accepted.slice(start, start + INSERT_CHUNK);
        await insertCounterparts(
          tx,
          book,
          chunk.map((row) => row.fields!),
          'import',
        );
      }
    });
  }
  return {
    kind,
    committed: commit,
    total: rows.length,
    accepted: accepted.length,
    refused: rows.length - accepted.length,
    rows: rows.map(({ row, values, errors }) => ({ row, values, errors })),
  };
}
