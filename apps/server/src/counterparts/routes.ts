/**
 * The calls of the counterpart book (sicpay-opposite/busi-opposite; spec 000 §7, issue 32): search
 * (the spec's call), detail, the contracts signed with one, add, edit, remove, blacklist, the
 * import template, the import (preview and commit) and the export. Every call works on the
 * session's console's book only: another console's or tenant's counterpart is 404.
 */
import multipart from '@fastify/multipart';
import {
  COUNTERPART_COLUMNS,
  COUNTERPART_EXAMPLES,
  COUNTERPART_EXPORT_EXTRA,
  COUNTERPART_IMPORT_BYTES_MAX,
  PATHS,
  counterpartContractsQuery,
  counterpartExportQuery,
  counterpartIdQuery,
  counterpartImportFields,
  counterpartKindQuery,
  counterpartRemoveBody,
  counterpartSaveBody,
  counterpartSearchBody,
  counterpartStatusBody,
  counterpartUpdateBody,
  localizeIssues,
  type Counterpart,
  type CounterpartContract,
  type CounterpartImportReport,
  type CounterpartPage,
  type Locale,
  type Page,
} from '@esign/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { AppContext } from '../context';
import { queryPage } from '../db/paging';
import { contentDisposition } from '../http/content-disposition';
import { ApiError, route } from '../http/route';
import { uploadFailure, uploadedPart } from '../http/uploads';
import { SqlParams, listTime } from '../templates/access';
import {
  COUNTERPART_COLUMNS_SQL,
  bookOf,
  counterpartOf,
  inBook,
  insertCounterparts,
  listCondition,
  readCounterpart,
  searchBook,
  updateCounterpart,
  type Book,
  type CounterpartRow,
} from './book';
import { importCounterparts } from './import';
import { importTemplate, readSpreadsheet, streamSheet } from './spreadsheet';

const TAG = 'sicpay-opposite';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The upload of an import: its form fields (before the file) and the file's bytes. */
async function readImport(
  request: FastifyRequest,
  locale: Locale,
): Promise<{ fields: z.output<typeof counterpartImportFields>; bytes: Buffer }> {
  const part = await uploadedPart(request);
  if (!part || part.fieldname !== 'file') throw new ApiError('noFileSelected');
  const values = Object.fromEntries(
    Object.values(part.fields).flatMap((field) =>
      field && 'value' in field && field.type === 'field'
        ? [[field.fieldname, String(field.value)]]
        : [],
    ),
  );
  const fields = z.safeParse(counterpartImportFields, values);
  if (!fields.success) {
    const issue = localizeIssues(fields.error, locale)[0]!;
    throw new ApiError('invalidValue', 400, 400, null, `${issue.path}: ${issue.message}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > COUNTERPART_IMPORT_BYTES_MAX) throw new ApiError('importTooLarge', 413);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ApiError('importTooLarge', 413);
    }
    throw error;
  }
  if (part.file.truncated || size > COUNTERPART_IMPORT_BYTES_MAX) {
    throw new ApiError('importTooLarge', 413);
  }
  return { fields: fields.data, bytes: Buffer.concat(chunks) };
}

/** The export's file name: counterparts (or 相对方) with the kind and the date. */
function exportName(kind: 'person' | 'company', locale: Locale, now: Date): string {
  const date = now.toISOString().slice(0, 10);
  return locale === 'zh'
    ? `${kind === 'person' ? '个人相对方' : '企业相对方'}-${date}.xlsx`
    : `counterparts-${kind === 'person' ? 'people' : 'companies'}-${date}.xlsx`;
}

/** How many rows the export reads at a time. */
const EXPORT_BATCH = 1_000;

/** The contracts of the book's console that a counterpart takes part in, as an SQL query. */
function contractsOf(book: Book, counterpart: Counterpart): { sql: string; params: unknown[] } {
  const params = new SqlParams();
  const tenant = params.add(book.tenantId);
  const console =
    book.companyId !== null
      ? `(k.company_id = ${params.add(book.companyId)} OR EXISTS (SELECT 1 FROM contract_participants o
           WHERE o.contract_id = k.id AND o.company_id = ${params.add(book.companyId)}))`
      : `((k.company_id IS NULL AND k.initiator_user_id = ${params.add(book.ownerUserId)})
          OR EXISTS (SELECT 1 FROM contract_participants o WHERE o.contract_id = k.id
            AND o.user_id = ${params.add(book.ownerUserId)} AND o.company_name IS NULL))`;
  const isParty =
    counterpart.kind === 'person'
      ? `p.phone = ${params.add(counterpart.phone)} AND p.company_name IS NULL`
      : `lower(p.company_name) = lower(${params.add(counterpart.name)})`;
  const initiated =
    counterpart.kind === 'person'
      ? `k.company_id IS NULL AND iu.phone = ${params.add(counterpart.phone)}`
      : `lower(ic.full_name) = lower(${params.add(counterpart.name)})`;
  return {
    sql: `SELECT k.id, k.number, k.name, k.status, k.created_at AS created,
            ${listTime('k.created_at')} AS created_at,
            coalesce(array_agg(p.party ORDER BY p.party) FILTER (WHERE ${isParty}), '{}') AS parties,
            bool_or(${initiated}) AS initiated
          FROM contracts k
          JOIN users iu ON iu.id = k.initiator_user_id
          LEFT JOIN companies ic ON ic.id = k.company_id
          JOIN contract_participants p ON p.contract_id = k.id
          WHERE k.tenant_id = ${tenant} AND ${console}
          GROUP BY k.id, iu.phone, ic.full_name
          HAVING bool_or(${isParty}) OR bool_or(${initiated})`,
    params: params.values,
  };
}

export async function counterpartRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;
  await app.register(multipart, {
    limits: {
      fileSize: COUNTERPART_IMPORT_BYTES_MAX + 1,
      files: 1,
      fields: 5,
      fieldSize: 64,
      parts: 6,
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.counterpartSearch,
    summary:
      'A page of the console’s counterparts of one kind (person or company), newest first; keyword matches name, phone, email, company, credit code or manager; status filters normal or blacklist',
    tag: TAG,
    permission: 'counterpart:view',
    body: counterpartSearchBody,
    example: { body: COUNTERPART_EXAMPLES.searchBody, answer: COUNTERPART_EXAMPLES.personPage },
    handler: async ({ session, body }): Promise<CounterpartPage> =>
      searchBook(database, bookOf(session), body),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.counterpartDetail,
    summary: 'One counterpart of the console’s book (404 for any other)',
    tag: TAG,
    permission: 'counterpart:view',
    query: counterpartIdQuery,
    example: { query: { id: 31 }, answer: COUNTERPART_EXAMPLES.person },
    handler: async ({ session, query }): Promise<Counterpart> =>
      readCounterpart(database, bookOf(session), query.id),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.counterpartContracts,
    summary:
      'A page of the console’s contracts a counterpart takes part in (as a party, or as the initiator of a contract the console received), newest first, with the parties it holds',
    tag: TAG,
    permission: 'counterpart:view',
    query: counterpartContractsQuery,
    example: { query: { id: 31, current: 1, size: 10 }, answer: COUNTERPART_EXAMPLES.contracts },
    handler: async ({ session, query }): Promise<Page<CounterpartContract>> => {
      const book = bookOf(session);
      const counterpart = await readCounterpart(database, book, query.id);
      const { sql, params } = contractsOf(book, counterpart);
      return queryPage<
        {
          id: string;
          number: string;
          name: string;
          status: string;
          created_at: string;
          parties: string[];
          initiated: boolean;
        },
        CounterpartContract
      >(database, { sql, params, order: 'created DESC, id DESC' }, query, (row) => ({
        id: String(row.id),
        number: row.number,
        name: row.name,
        status: row.status,
        parties: row.parties,
        initiated: row.initiated,
        createdAt: row.created_at,
      }));
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.counterpartSave,
    summary:
      'Adds a counterpart to the console’s book: a person (name, phone or email, company, note) or a company (full name, credit code, manager and phone, note); 409 when the book already names it',
    tag: TAG,
    permission: 'counterpart:edit',
    body: counterpartSaveBody,
    example: { body: COUNTERPART_EXAMPLES.savePerson, answer: COUNTERPART_EXAMPLES.person },
    handler: async ({ session, body }): Promise<Counterpart> => {
      const book = bookOf(session);
      const [id] = await insertCounterparts(database, book, [body], 'manual');
      return readCounterpart(database, book, id!);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.counterpartUpdate,
    summary: 'Changes a counterpart of the console’s book (its kind stays); 409 on a duplicate',
    tag: TAG,
    permission: 'counterpart:edit',
    body: counterpartUpdateBody,
    example: {
      body: { ...COUNTERPART_EXAMPLES.savePerson, id: '31' },
      answer: COUNTERPART_EXAMPLES.person,
    },
    handler: async ({ session, body }): Promise<Counterpart> => {
      const book = bookOf(session);
      const { id, ...fields } = body;
      await updateCounterpart(database, book, id, fields);
      return readCounterpart(database, book, id);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.counterpartRemove,
    summary:
      'Removes the selected counterparts of the console’s book (a selection is required); others are left alone and not counted. Contracts signed with them are untouched',
    tag: TAG,
    permission: 'counterpart:edit',
    body: counterpartRemoveBody,
    example: { body: { ids: ['31'] }, answer: { removed: 1 } },
    handler: async ({ session, body }): Promise<{ removed: number }> => {
      const params = new SqlParams();
      const removed = await database.query(
        `DELETE FROM counterparts c WHERE ${inBook(bookOf(session), params)}
         AND c.id = ANY(${params.add(body.ids)}::bigint[]) RETURNING id`,
        params.values,
      );
      return { removed: removed.length };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.counterpartSetStatus,
    summary:
      'Puts the selected counterparts on the blacklist (a reason is required; who and when are kept) or back to normal. A blacklisted counterpart cannot be a party of the console’s new contracts; contracts under way are untouched',
    tag: TAG,
    permission: 'counterpart:edit',
    body: counterpartStatusBody,
    example: { body: COUNTERPART_EXAMPLES.blacklist, answer: { updated: 1 } },
    handler: async ({ session, body }): Promise<{ updated: number }> => {
      const book = bookOf(session);
      const params = new SqlParams();
      const blacklist = body.status === 'blacklist';
      const updated = await database.query(
        `UPDATE counterparts c SET status = ${params.add(body.status)},
           blacklist_reason = ${params.add(blacklist ? body.reason : null)},
           blacklisted_by = ${params.add(blacklist ? book.userId : null)},
           blacklisted_at = ${blacklist ? 'now()' : 'NULL'}, updated_at = now()
         WHERE ${inBook(book, params)} AND c.id = ANY(${params.add(body.ids)}::bigint[])
         RETURNING id`,
        params.values,
      );
      return { updated: updated.length };
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.counterpartImportTemplate,
    summary:
      'The import template of a kind, an .xlsx with the column headers in the request’s language (required ones starred) and a sheet saying how to fill it',
    tag: TAG,
    permission: 'counterpart:edit',
    query: counterpartKindQuery,
    example: { query: { kind: 'person' } },
    handler: async ({ query, locale, reply }) => {
      const bytes = await importTemplate(query.kind, locale);
      const name =
        locale === 'zh'
          ? `${query.kind === 'person' ? '个人' : '企业'}相对方导入模板.xlsx`
          : `counterparts-${query.kind === 'person' ? 'people' : 'companies'}-template.xlsx`;
      return reply
        .type(XLSX)
        .header('content-disposition', contentDisposition('attachment', name))
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.counterpartImport,
    summary:
      'Imports counterparts from a spreadsheet (multipart: fields `kind` and `commit`, then the file `file`: .xlsx or .csv in UTF-8 or GBK, at most 5 MB and 10,000 rows). Answers a report of every row and why each refused one is refused; commit 0 previews, commit 1 writes the accepted rows in one transaction (all or none)',
    tag: TAG,
    permission: 'counterpart:edit',
    fileField: 'file',
    example: { answer: COUNTERPART_EXAMPLES.importReport },
    handler: async ({ session, request, reply, locale }): Promise<CounterpartImportReport> => {
      let upload: Awaited<ReturnType<typeof readImport>>;
      try {
        upload = await readImport(request, locale);
      } catch (error) {
        if (!request.raw.complete) void reply.header('connection', 'close');
        throw uploadFailure(error);
      }
      const sheet = await readSpreadsheet(upload.bytes);
      return importCounterparts(
        database,
        bookOf(session),
        upload.fields.kind,
        sheet,
        upload.fields.commit === '1',
        locale,
      );
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.counterpartExport,
    summary:
      'The console’s counterparts of a kind as the list filters them, an .xlsx streamed as it is written (headers in the request’s language)',
    tag: TAG,
    permission: 'counterpart:view',
    query: counterpartExportQuery,
    example: { query: { kind: 'company', status: 'blacklist' } },
    handler: async ({ session, query, locale, reply }) => {
      const book = bookOf(session);
      const columns = COUNTERPART_COLUMNS[query.kind];
      const headers = [
        ...columns.map((column) => column[locale]),
        ...COUNTERPART_EXPORT_EXTRA.map((column) => column[locale]),
      ];
      const textColumns = columns.flatMap((column, index) =>
        ['phone', 'managerPhone', 'creditCode'].includes(column.field) ? [index] : [],
      );
      const sheet = await streamSheet(
        locale === 'zh' ? '相对方' : 'Counterparts',
        headers,
        textColumns,
      );
      const yes = locale === 'zh' ? '已认证' : 'Certified';
      const no = locale === 'zh' ? '未认证' : 'Not certified';
      const statusText = (status: string) =>
        status === 'blacklist'
          ? locale === 'zh'
            ? '黑名单'
            : 'Blacklist'
          : locale === 'zh'
            ? '正常'
            : 'Normal';
      const valueOf = (item: Counterpart, field: string): string =>
        field === 'managerPhone' ? item.phone : String(item[field as keyof Counterpart] ?? '');
      // Rows are read a batch at a time, newest first, after the last one written (keyset).
      const write = async () => {
        let after: { created: Date; id: string } | null = null;
        for (;;) {
          const params = new SqlParams();
          const where = listCondition(book, params, query);
          const next: string = after
            ? ` AND (c.created_at, c.id) < (${params.add(after.created)}, ${params.add(after.id)}::bigint)`
            : '';
          const rows: (CounterpartRow & { created: Date })[] = await database.query(
            `SELECT ${COUNTERPART_COLUMNS_SQL()}, c.created_at AS created FROM counterparts c
             WHERE ${where}${next} ORDER BY c.created_at DESC, c.id DESC LIMIT ${EXPORT_BATCH}`,
            params.values,
          );
          for (const row of rows) {
            const item = counterpartOf(row);
            sheet.addRow([
              ...columns.map((column) => valueOf(item, column.field)),
              item.certified ? yes : no,
              statusText(item.status),
              item.blacklistReason ?? '',
              item.createTime,
            ]);
          }
          if (rows.length < EXPORT_BATCH) break;
          const last = rows[rows.length - 1]!;
          after = { created: last.created, id: String(last.id) };
        }
        await sheet.end();
      };
      write().catch((error: unknown) => {
        logExportFailure(reply, error);
        sheet.abort(error as Error);
      });
      return reply
        .type(XLSX)
        .header(
          'content-disposition',
          contentDisposition('attachment', exportName(query.kind, locale, new Date())),
        )
        .header('cache-control', 'private, no-store')
        .send(sheet.readable);
    },
  });
}

/** Logs an export that broke after its answer began (the client then sees a broken file). */
function logExportFailure(
  reply: { log: { error(obj: unknown, msg: string): void } },
  error: unknown,
) {
  reply.log.error({ err: error }, 'counterpart export failed');
}
