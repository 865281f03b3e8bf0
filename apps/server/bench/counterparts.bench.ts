/**
 * The counterpart book (`npm run bench`; issue 32's targets: the first page of a search in a book
 * of 100,000 counterparts under 100 ms, and an import of 10,000 rows), on the embedded database
 * and, when DATABASE_URL is set, on that PostgreSQL (in a throwaway schema). The demo company's
 * book holds 100,000 people (a hundredth of them blacklisted); the import reads a 10,000-row
 * .xlsx made with ExcelJS, as a person would upload it, into the administrator's personal book.
 * Besides vitest's table, each case prints its median and p95/p99 in milliseconds.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DEFAULT_TENANT_ID, type CounterpartKind, type CounterpartStatus } from '@esign/platform';
import ExcelJS from 'exceljs';
import { afterAll, bench, describe } from 'vitest';
import { searchBook, type Book } from '../src/counterparts/book';
import { importCounterparts } from '../src/counterparts/import';
import { readSpreadsheet } from '../src/counterparts/spreadsheet';
import { migrate, openDatabase, type Database } from '../src/db';
import { DEMO_COMPANY, seed } from '../src/seed';

const COUNTERPARTS = 100_000;
const IMPORT_ROWS = 10_000;
const WARMUP = 5;

async function prepare(database: Database): Promise<{ company: Book; personal: Book }> {
  await migrate(database);
  await seed(database, { demo: true });
  const [company] = await database.query<{ id: string }>(
    'SELECT id FROM companies WHERE full_name = $1',
    [DEMO_COMPANY],
  );
  const [admin] = await database.query<{ id: string }>(
    "SELECT id FROM users WHERE phone = '13800000002'",
  );
  const companyId = Number(company!.id);
  const userId = Number(admin!.id);
  await database.query(
    `INSERT INTO counterparts (tenant_id, console_key, company_id, kind, name, phone, email,
       affiliated_company, source, status, blacklist_reason, created_at)
     SELECT $1, $2, $3, 'person', 'Customer ' || n, '139' || lpad(n::text, 8, '0'),
       'customer' || n || '@example.com', 'Company ' || (n % 977), 'contract',
       CASE WHEN n % 100 = 0 THEN 'blacklist' ELSE 'normal' END,
       CASE WHEN n % 100 = 0 THEN 'Unpaid' END,
       now() - make_interval(mins => $4 - n)
     FROM generate_series(1, $4) n`,
    [DEFAULT_TENANT_ID, `c${companyId}`, companyId, COUNTERPARTS],
  );
  await database.query('ANALYZE');
  return {
    company: {
      tenantId: DEFAULT_TENANT_ID,
      consoleKey: `c${companyId}`,
      companyId,
      ownerUserId: null,
      userId,
    },
    personal: {
      tenantId: DEFAULT_TENANT_ID,
      consoleKey: `u${userId}`,
      companyId: null,
      ownerUserId: userId,
      userId,
    },
  };
}

async function importFile(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Counterparts');
  sheet.addRow(['Name *', 'Phone', 'Email', 'Company', 'Note']);
  for (let n = 1; n <= IMPORT_ROWS; n++) {
    sheet.addRow([`Imported ${n}`, `137${String(n).padStart(8, '0')}`, '', `Firm ${n % 50}`, '']);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const backends: [string, Database][] = [['PGlite', await openDatabase({})]];
const url = process.env.DATABASE_URL;
const schema = `bench_${randomUUID().replace(/-/g, '')}`;
if (url) backends.push(['PostgreSQL', await openDatabase({ url, schema })]);

/** Each case's times, in milliseconds. */
const timings = new Map<string, { times: number[]; warmup: number }>();
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

afterAll(async () => {
  for (const [label, { times, warmup }] of timings) {
    const sorted = times.slice(warmup).sort((a, b) => a - b);
    console.info(
      `${label}: median ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms (${sorted.length} runs)`,
    );
  }
  for (const [, database] of backends) await database.close();
  if (!url) return;
  const admin = await openDatabase({ url });
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.close();
});

const file = await importFile();
const prepared: { name: string; database: Database; company: Book; personal: Book }[] = [];
for (const [name, database] of backends) {
  prepared.push({ name, database, ...(await prepare(database)) });
}

const timed = (key: string, warmup: number, run: () => Promise<void>) => {
  const entry = { times: [] as number[], warmup };
  timings.set(key, entry);
  return async () => {
    const started = performance.now();
    await run();
    entry.times.push(performance.now() - started);
  };
};

for (const { name, database, company, personal } of prepared) {
  describe(`the first page of a book of ${COUNTERPARTS.toLocaleString('en')} people, ${name}`, () => {
    const cases: [string, { keyword?: string; status?: CounterpartStatus }][] = [
      ['unsearched', {}],
      ['searched by name', { keyword: 'Customer 4242' }],
      ['two keystrokes (the picker)', { keyword: '42' }],
      ['searched by part of a phone', { keyword: '00042421' }],
      ['searched by a word nobody has', { keyword: 'zebra' }],
      ['searched by a word everybody has', { keyword: 'customer' }],
      ['blacklist only', { status: 'blacklist' }],
    ];
    for (const [label, filters] of cases) {
      bench(
        label,
        timed(`${name}, search ${label}`, WARMUP, async () => {
          await searchBook(database, company, {
            current: 1,
            size: 10,
            kind: 'person' as CounterpartKind,
            ...filters,
          });
        }),
        { iterations: 100, warmupIterations: WARMUP },
      );
    }
  });

  describe(`an import of ${IMPORT_ROWS.toLocaleString('en')} rows from .xlsx, ${name}`, () => {
    bench(
      'preview (read, check, report)',
      timed(`${name}, import preview`, 0, async () => {
        const report = await importCounterparts(
          database,
          personal,
          'person',
          await readSpreadsheet(file),
          false,
          'en',
        );
        if (report.accepted !== IMPORT_ROWS) throw new Error(`accepted ${report.accepted}`);
      }),
      { iterations: 3, warmupIterations: 0 },
    );
    bench(
      'import (read, check, write in one transaction)',
      async () => {
        const entry = timings.get(`${name}, import commit`) ?? { times: [], warmup: 0 };
        timings.set(`${name}, import commit`, entry);
        const started = performance.now();
        const report = await importCounterparts(
          database,
          personal,
          'person',
          await readSpreadsheet(file),
          true,
          'en',
        );
        entry.times.push(performance.now() - started);
        if (report.accepted !== IMPORT_ROWS) throw new Error(`accepted ${report.accepted}`);
        await database.query('DELETE FROM counterparts WHERE console_key = $1', [
          personal.consoleKey,
        ]);
      },
      { iterations: 3, warmupIterations: 0 },
    );
  });
}
