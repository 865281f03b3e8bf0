/**
 * The contract list (`npm run bench` at the repository root): the first page of a console's
 * contracts with 100,000 contracts in the database (issue 11's target: under 100 ms), on the
 * embedded database and, when DATABASE_URL is set, on that PostgreSQL (in a throwaway schema). The demo company initiated every contract, with itself as party A and the
 * demo person as party B; a tenth are completed, the rest wait for signatures in order.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_TENANT_ID, PERSONAL_CONSOLE_ID, type ContractListQuery } from '@esign/platform';
import { afterAll, bench, describe } from 'vitest';
import type { AccessClaims } from '../src/auth/tokens';
import { listContracts } from '../src/contracts/lists';
import { refreshTurns } from '../src/contracts/turn';
import { migrate, openDatabase, type Database } from '../src/db';
import { DEMO_COMPANY, seed } from '../src/seed';

const CONTRACTS = 100_000;

/** Fills a fresh database with the contracts and gives the two consoles that list them. */
async function prepare(database: Database) {
  await migrate(database);
  await seed(database, { demo: true });
  const [company] = await database.query<{ id: string }>(
    'SELECT id FROM companies WHERE full_name = $1',
    [DEMO_COMPANY],
  );
  const users = await database.query<{ id: string; phone: string }>(
    "SELECT id, phone FROM users WHERE phone IN ('13800000001', '13800000002') ORDER BY phone",
  );
  const [person, admin] = users.map((user) => Number(user.id)) as [number, number];
  await database.query(
    `INSERT INTO contracts (tenant_id, company_id, initiator_user_id, number, name, status,
       signing_order, created_at, signing_started_at)
     SELECT $1, $2, $3, 'HT-' || lpad(n::text, 6, '0'), 'Supply contract ' || n,
       CASE WHEN n % 10 = 0 THEN 'completed' ELSE 'signing' END, 'sequential',
       now() - make_interval(mins => $4 - n), now() - make_interval(mins => $4 - n)
     FROM generate_series(1, $4) n`,
    [DEFAULT_TENANT_ID, Number(company!.id), admin, CONTRACTS],
  );
  await database.query(
    `INSERT INTO contract_participants (contract_id, party, user_id, company_id, company_name, phone,
       name, position, signed_at)
     SELECT c.id, 'A', $1, $2, $3, '13800000002', 'Demo Admin', 0,
       CASE WHEN c.status = 'completed' THEN now() END FROM contracts c`,
    [admin, Number(company!.id), DEMO_COMPANY],
  );
  await database.query(
    `INSERT INTO contract_participants (contract_id, party, user_id, phone, name, position, signed_at)
     SELECT c.id, 'B', $1, '13800000001', 'Demo Person', 1,
       CASE WHEN c.status = 'completed' THEN now() END FROM contracts c`,
    [person],
  );
  // Whose move it is, as contract/create and the actions keep it.
  const ids = await database.query<{ id: string }>('SELECT id FROM contracts');
  await refreshTurns(
    database,
    ids.map((row) => Number(row.id)),
  );
  await database.query('ANALYZE');

  const companyConsole: AccessClaims = {
    userId: admin,
    tenantId: DEFAULT_TENANT_ID,
    companyId: Number(company!.id),
  };
  const personalConsole: AccessClaims = {
    userId: person,
    tenantId: DEFAULT_TENANT_ID,
    companyId: PERSONAL_CONSOLE_ID,
  };
  return { companyConsole, personalConsole };
}

/** The embedded database in memory, and the PostgreSQL of DATABASE_URL (a fresh schema) when set. */
const backends: [string, Database][] = [['PGlite', await openDatabase({})]];
const url = process.env.DATABASE_URL;
const schema = `bench_${randomUUID().replace(/-/g, '')}`;
if (url) backends.push(['PostgreSQL', await openDatabase({ url, schema })]);
afterAll(async () => {
  for (const [, database] of backends) await database.close();
  if (!url) return;
  const admin = await openDatabase({ url });
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.close();
});
const prepared = [];
for (const [name, database] of backends) {
  prepared.push({ name, database, ...(await prepare(database)) });
}

const firstPage = (tab: ContractListQuery['tab'], search: Partial<ContractListQuery> = {}) =>
  ({ tab, current: 1, size: 10, ...search }) as ContractListQuery;

for (const { name, database, companyConsole, personalConsole } of prepared) {
  describe(`the contract list's first page, ${CONTRACTS.toLocaleString('en')} contracts, ${name}`, () => {
    const options = { iterations: 20, warmupIterations: 3 };
    const cases: [string, AccessClaims, ContractListQuery][] = [
      ['company console, all contracts', companyConsole, firstPage('all')],
      ['company console, handled by me (its turn to sign)', companyConsole, firstPage('todo')],
      ['personal console, waiting for others', personalConsole, firstPage('waiting')],
      [
        'company console, searched by name',
        companyConsole,
        firstPage('all', { name: 'contract 99' }),
      ],
    ];
    for (const [label, session, query] of cases) {
      bench(
        label,
        async () => {
          await listContracts(database, session, query);
        },
        options,
      );
    }
  });
}
