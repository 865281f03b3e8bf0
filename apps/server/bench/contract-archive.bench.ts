/**
 * The contract archive's search (`npm run bench` at the repository root; issue 30's target: the
 * first page of a name search among 100,000 contracts under 20 ms), on the embedded database and,
 * when DATABASE_URL is set, on that PostgreSQL (in a throwaway schema). The demo company
 * initiated and completed every contract, with itself as party A and a different person as party
 * B each time; a tenth are filed in a category. Besides vitest's table, each case prints its
 * median and p99 in milliseconds, measured call by call.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DEFAULT_TENANT_ID, type ArchivePageQuery } from '@esign/platform';
import { afterAll, bench, describe } from 'vitest';
import { archiveActor, type ArchiveActor } from '../src/contract-archive/access';
import { listArchive } from '../src/contract-archive/list';
import { migrate, openDatabase, type Database } from '../src/db';
import { DEMO_COMPANY, seed } from '../src/seed';

const CONTRACTS = 100_000;
const WARMUP = 5;

async function prepare(database: Database): Promise<{ actor: ArchiveActor; categoryId: number }> {
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
  await database.query(
    `INSERT INTO contracts (tenant_id, company_id, initiator_user_id, number, name, status,
       signing_order, created_at, signing_started_at)
     SELECT $1, $2, $3, 'HT-' || lpad(n::text, 6, '0'), 'Supply contract ' || n, 'completed',
       'parallel', now() - make_interval(mins => $4 - n), now() - make_interval(mins => $4 - n)
     FROM generate_series(1, $4) n`,
    [DEFAULT_TENANT_ID, companyId, Number(admin!.id), CONTRACTS],
  );
  await database.query(
    `INSERT INTO contract_participants (contract_id, party, user_id, company_id, company_name, phone,
       name, position, signed_at)
     SELECT c.id, 'A', $1, $2, $3, '13800000002', 'Demo Admin', 0, now() FROM contracts c`,
    [Number(admin!.id), companyId, DEMO_COMPANY],
  );
  await database.query(
    `INSERT INTO contract_participants (contract_id, party, phone, name, position, signed_at)
     SELECT c.id, 'B', '139' || lpad(c.id::text, 8, '0'), 'Customer ' || c.id, 1, now()
     FROM contracts c`,
  );
  await database.query(
    `UPDATE contracts SET party_consoles = ARRAY['c' || $1::text] WHERE company_id = $1`,
    [companyId],
  );
  const [category] = await database.query<{ id: string }>(
    `INSERT INTO contract_archive_categories (tenant_id, company_id, owner_user_id, console_key, name)
     VALUES ($1, $2, $3, $4, 'Supply') RETURNING id`,
    [DEFAULT_TENANT_ID, companyId, Number(admin!.id), `c${companyId}`],
  );
  await database.query(
    `INSERT INTO contract_archive_filings (tenant_id, console_key, contract_id, category_id)
     SELECT $1, $2, id, $3 FROM contracts WHERE id % 10 = 0`,
    [DEFAULT_TENANT_ID, `c${companyId}`, Number(category!.id)],
  );
  await database.query('ANALYZE');
  const actor = await archiveActor(database, {
    userId: Number(admin!.id),
    tenantId: DEFAULT_TENANT_ID,
    companyId,
  });
  return { actor, categoryId: Number(category!.id) };
}

const backends: [string, Database][] = [['PGlite', await openDatabase({})]];
const url = process.env.DATABASE_URL;
const schema = `bench_${randomUUID().replace(/-/g, '')}`;
if (url) backends.push(['PostgreSQL', await openDatabase({ url, schema })]);

/** Each case's call times, in milliseconds. */
const timings = new Map<string, number[]>();
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

afterAll(async () => {
  for (const [label, times] of timings) {
    // The warm-up calls are left out.
    const sorted = times.slice(WARMUP).sort((a, b) => a - b);
    console.info(
      `${label}: median ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms (${sorted.length} calls)`,
    );
  }
  for (const [, database] of backends) await database.close();
  if (!url) return;
  const admin = await openDatabase({ url });
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.close();
});

const prepared: { name: string; database: Database; actor: ArchiveActor; categoryId: number }[] =
  [];
for (const [name, database] of backends) {
  prepared.push({ name, database, ...(await prepare(database)) });
}

const firstPage = (search: Partial<ArchivePageQuery>): ArchivePageQuery => ({
  current: 1,
  size: 10,
  scope: 'all',
  ...search,
});

for (const { name, database, actor, categoryId } of prepared) {
  describe(`the archive's first page, ${CONTRACTS.toLocaleString('en')} completed contracts, ${name}`, () => {
    const cases: [string, ArchivePageQuery][] = [
      ['searched by name', firstPage({ name: 'contract 99' })],
      ['searched by party', firstPage({ participant: 'Customer 4242' })],
      [
        'one category, searched by name',
        firstPage({ classifyId: categoryId, name: 'contract 99' }),
      ],
      ['every contract, unsearched', firstPage({})],
    ];
    for (const [label, query] of cases) {
      const key = `${name}, ${label}`;
      const times: number[] = [];
      timings.set(key, times);
      bench(
        label,
        async () => {
          const started = performance.now();
          await listArchive(database, actor, query);
          times.push(performance.now() - started);
        },
        { iterations: 100, warmupIterations: WARMUP },
      );
    }
  });
}
