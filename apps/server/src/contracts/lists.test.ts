import {
  CONTRACT_LIST_COUNT_CAP,
  PATHS,
  type ContractListPage,
  type ContractListQuery,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../seed';
import { addCompany, addUser, demoCompanyId, loginInto } from '../test-support/companies';
import { withQuery } from '../test-support/account';
import { addContract } from '../test-support/contracts';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';
import { listContracts } from './lists';
import { refreshTurns } from './turn';

const ADMIN = '13800000002';
const ALICE = '13900000201';
const BOB = '13900000202';
const OTHER = 'Other Trading Co.';
const ELSEWHERE = '000004';

describe.each(BACKENDS)('the contract lists on $name', (backend) => {
  const server = useTestServer(backend);
  const tokens = { alice: '', bob: '', aliceInDemo: '' };

  beforeAll(async () => {
    const { database } = server;
    const demo = { id: await demoCompanyId(database), name: DEMO_COMPANY };
    const other = { id: await addCompany(database, { name: OTHER }), name: OTHER };
    const [adminRow] = await database.query<{ id: string }>(
      "SELECT id FROM users WHERE tenant_id = '000000' AND phone = $1",
      [ADMIN],
    );
    const admin = Number(adminRow!.id);
    const alice = await addUser(database, {
      phone: ALICE,
      company: { id: demo.id, role: 'employee' },
    });
    const bob = await addUser(database, { phone: BOB, company: { id: other.id, role: 'admin' } });
    const stranger = await addUser(database, { phone: ALICE, tenantId: ELSEWHERE });
    const day = (n: number) => new Date(Date.UTC(2026, 0, n, 9));

    // Alice's personal contract: she signed, Bob has not.
    await addContract(database, {
      name: 'Alice asks Bob',
      number: 'HT-0001',
      initiator: alice,
      status: 'signing',
      createdAt: day(1),
      signingStartedAt: day(1),
      parties: [
        { userId: alice, signed: true, name: 'Alice' },
        { userId: bob, name: 'Bob' },
      ],
    });
    // Bob's, signed in order: Bob first, so it is not Alice's turn yet.
    await addContract(database, {
      name: 'Bob first, in order',
      number: 'HT-0002',
      initiator: bob,
      status: 'signing',
      signingOrder: 'sequential',
      createdAt: day(2),
      signingStartedAt: day(2),
      parties: [
        { userId: bob, name: 'Bob' },
        { userId: alice, name: 'Alice' },
      ],
    });
    // Being filled in: Alice's fields are left to fill.
    await addContract(database, {
      name: 'Lease 100% furnished',
      number: 'HT-0003',
      initiator: bob,
      status: 'filling',
      createdAt: day(3),
      parties: [
        { userId: bob, fills: true, filled: true, name: 'Bob' },
        { userId: alice, fills: true, signs: false, name: 'Alice' },
      ],
    });
    await addContract(database, {
      name: 'Done deal',
      number: 'HT-0004',
      initiator: bob,
      status: 'completed',
      createdAt: day(4),
      parties: [
        { userId: bob, signed: true, name: 'Bob' },
        { userId: alice, signed: true, name: 'Alice' },
      ],
    });
    // Alice is only copied.
    await addContract(database, {
      name: 'For your information',
      number: 'HT-0005',
      initiator: bob,
      status: 'signing',
      createdAt: day(5),
      parties: [{ userId: bob, name: 'Bob' }],
      receivers: [{ phone: ALICE, companyName: DEMO_COMPANY }],
    });
    // The demo company's: its party signs for any member, in the company console only.
    await addContract(database, {
      name: 'Demo supplies Bob',
      number: 'DEMO-0001',
      initiator: admin,
      companyId: demo.id,
      status: 'signing',
      createdAt: day(6),
      parties: [
        { userId: admin, company: demo, name: 'Demo Admin' },
        { userId: bob, name: 'Bob' },
      ],
    });
    // Another tenant's, for Alice's phone there: never shown here.
    await addContract(database, {
      tenantId: ELSEWHERE,
      name: 'Elsewhere',
      initiator: stranger,
      status: 'signing',
      createdAt: day(7),
      parties: [{ userId: stranger }, { phone: ALICE }],
      receivers: [{ phone: ALICE, companyName: 'X' }],
    });

    tokens.alice = (await login(server.base, ALICE)).access_token;
    tokens.bob = (await login(server.base, BOB)).access_token;
    tokens.aliceInDemo = (await loginInto(server.base, ALICE, demo.id)).access_token;
  });

  const list = async (
    token: string,
    path: string,
    query: Record<string, string> = {},
  ): Promise<ContractListPage> => {
    const answer = await call<ContractListPage>(server.base, 'GET', withQuery(path, query), {
      token,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const names = (page: ContractListPage) => page.records.map((record) => record.name);
  const quick = (token: string, tab: string, query: Record<string, string> = {}) =>
    list(token, PATHS.contractQuickPage, { tab, ...query }).then(names);
  const mine = (token: string, tab: string, query: Record<string, string> = {}) =>
    list(token, PATHS.contractMyPage, { tab, ...query }).then(names);

  it('splits the work: what is mine to do now, what waits on others, what is done', async () => {
    expect(await quick(tokens.alice, 'todo')).toEqual(['Lease 100% furnished']);
    expect(await quick(tokens.alice, 'waiting')).toEqual(['Bob first, in order', 'Alice asks Bob']);
    expect(await quick(tokens.alice, 'completed')).toEqual(['Done deal']);
    expect(await quick(tokens.bob, 'todo')).toEqual([
      'Demo supplies Bob',
      'For your information',
      'Bob first, in order',
      'Alice asks Bob',
    ]);
    const todo = await list(tokens.alice, PATHS.contractQuickPage, { tab: 'todo' });
    expect(todo.records[0]).toMatchObject({
      number: 'HT-0003',
      status: 'filling',
      myAction: 'fill',
      initiatorPhone: BOB,
      initiatorCompany: null,
      participants: [
        { party: 'A', name: 'Bob', fills: true, filledAt: expect.any(String) as unknown },
        { party: 'B', name: 'Alice', fills: true, signs: false, filledAt: null },
      ],
    });
  });

  it('lists what the console sent, received and was copied, and only that', async () => {
    expect(await mine(tokens.alice, 'initiated')).toEqual(['Alice asks Bob']);
    expect(await mine(tokens.alice, 'received')).toEqual([
      'Done deal',
      'Lease 100% furnished',
      'Bob first, in order',
    ]);
    expect(await mine(tokens.alice, 'copied')).toEqual(['For your information']);
    expect(await mine(tokens.alice, 'all')).toEqual([
      'Done deal',
      'Lease 100% furnished',
      'Bob first, in order',
      'Alice asks Bob',
    ]);
    // In the demo company's console: the company's contract, for a member who is not its signer.
    expect(await mine(tokens.aliceInDemo, 'all')).toEqual(['Demo supplies Bob']);
    expect(await quick(tokens.aliceInDemo, 'todo')).toEqual(['Demo supplies Bob']);
    expect(await mine(tokens.aliceInDemo, 'initiated')).toEqual(['Demo supplies Bob']);
  });

  it('searches by number, name, signing time, initiator, participant and status', async () => {
    expect(await mine(tokens.alice, 'all', { number: 'ht-000' })).toHaveLength(4);
    expect(await mine(tokens.alice, 'all', { number: 'HT-0002' })).toEqual(['Bob first, in order']);
    expect(await mine(tokens.alice, 'all', { name: '100%' })).toEqual(['Lease 100% furnished']);
    // The pattern characters are literal: '%' alone matches only names holding one.
    expect(await mine(tokens.alice, 'all', { name: '%' })).toEqual(['Lease 100% furnished']);
    expect(
      await mine(tokens.alice, 'all', {
        signFrom: '2026-01-02T00:00:00Z',
        signTo: '2026-01-02T23:59:59Z',
      }),
    ).toEqual(['Bob first, in order']);
    expect(await mine(tokens.alice, 'all', { initiator: BOB.slice(-4) })).toHaveLength(3);
    expect(await mine(tokens.alice, 'all', { participant: 'alice', status: 'completed' })).toEqual([
      'Done deal',
    ]);
  });

  it('pages newest first, and refuses a bad tab or size in the request’s language', async () => {
    const first = await list(tokens.alice, PATHS.contractMyPage, { size: '3' });
    expect(first).toMatchObject({ total: 4, current: 1, size: 3 });
    const second = await list(tokens.alice, PATHS.contractMyPage, { size: '3', current: '2' });
    expect(names(second)).toEqual(['Alice asks Bob']);
    const bad = await call(server.base, 'GET', withQuery(PATHS.contractMyPage, { tab: 'todo' }), {
      token: tokens.alice,
      headers: { Lang: 'zh' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    const big = await call(
      server.base,
      'GET',
      withQuery(PATHS.contractQuickPage, { size: '101' }),
      {
        token: tokens.alice,
      },
    );
    expect(big.status).toBe(400);
    const anonymous = await call(server.base, 'GET', PATHS.contractQuickPage);
    expect(anonymous.status).toBe(401);
  });
});

describe.each(BACKENDS)(
  'a console with more contracts than the lists count, on $name',
  (backend) => {
    const server = useTestServer(backend);

    it('says "more than 10,000" on the first page, and counts a narrowed search exactly', async () => {
      const { database } = server;
      const company = await addCompany(database, { name: 'Busy Trading Co.' });
      const clerk = await addUser(database, {
        phone: '13900000701',
        company: { id: company, role: 'admin' },
      });
      const many = CONTRACT_LIST_COUNT_CAP + 5;
      await database.query(
        `INSERT INTO contracts (tenant_id, company_id, initiator_user_id, number, name, status,
         created_at)
       SELECT '000000', $1, $2, 'BUSY-' || n, 'Busy contract ' || n, 'signing',
         now() - make_interval(mins => n)
       FROM generate_series(1, $3) n`,
        [company, clerk, many],
      );
      await database.query(
        `INSERT INTO contract_participants (contract_id, party, user_id, company_id, company_name,
         phone, name, position)
       SELECT c.id, 'A', $2, $1, 'Busy Trading Co.', '13900000701', 'Clerk', 0
       FROM contracts c WHERE c.company_id = $1`,
        [company, clerk],
      );
      const ids = await database.query<{ id: string }>(
        'SELECT id FROM contracts WHERE company_id = $1',
        [company],
      );
      await refreshTurns(
        database,
        ids.map((row) => Number(row.id)),
      );
      const session = { userId: clerk, tenantId: '000000', companyId: company };
      const page = (query: Partial<ContractListQuery>) =>
        listContracts(database, session, {
          current: 1,
          size: 10,
          tab: 'all',
          ...query,
        } as ContractListQuery);

      const first = await page({});
      expect(first).toMatchObject({ total: CONTRACT_LIST_COUNT_CAP, totalCapped: true });
      expect(first.records.map((r) => r.name)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Busy contract ${i + 1}`),
      );
      const todo = await page({ tab: 'todo', size: 100 });
      expect(todo).toMatchObject({ total: CONTRACT_LIST_COUNT_CAP, totalCapped: true });
      expect(todo.records.every((r) => r.myAction === 'sign')).toBe(true);
      // Narrowed by the search, the count is exact again: 1000 and 10000 to 10005.
      const searched = await page({ name: 'Busy contract 1000', size: 5 });
      expect(searched).toMatchObject({ total: 7, totalCapped: false });
      const second = await page({ name: 'Busy contract 1000', size: 5, current: 2 });
      expect(second).toMatchObject({ total: 7, totalCapped: false });
      expect(searched.records.map((r) => r.name)).toEqual(
        [1000, 10000, 10001, 10002, 10003].map((n) => `Busy contract ${n}`),
      );
      expect(second.records.map((r) => r.name)).toEqual([
        'Busy contract 10004',
        'Busy contract 10005',
      ]);
    });
  },
);
