import {
  CONTRACT_STATUSES,
  PATHS,
  type ContractStatistics,
  type ContractStatus,
  type TokenResponse,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../seed';
import {
  addCompany,
  addUser,
  demoCompanyId,
  loginInto,
  switchConsole,
} from '../test-support/companies';
import { addContract, type TestContract } from '../test-support/contracts';
import { BACKENDS, call, login, requestToken, useTestServer } from '../test-support/server';

const ADMIN = '13800000002';
const ALICE = '13900000101';
const BOB = '13900000102';
const CAROL = '13900000103';
const OTHER = 'Other Trading Co.';
/** Another tenant, and a company there. */
const ELSEWHERE = '000003';
const ELSEWHERE_COMPANY = 'Elsewhere Ltd.';
const NONE: ContractStatistics = {
  filling: 0,
  signing: 0,
  refused: 0,
  approvalRejected: 0,
  completed: 0,
  expired: 0,
};

describe.each(BACKENDS)('the home screen’s contract counts on $name', (backend) => {
  const server = useTestServer(backend);
  const companyIds = { demo: 0, other: 0, elsewhere: 0 };
  /** The id of a user of tenant 000000. */
  const userIdOf = async (phone: string) => {
    const [user] = await server.database.query<{ id: string }>(
      "SELECT id FROM users WHERE tenant_id = '000000' AND phone = $1",
      [phone],
    );
    return Number(user!.id);
  };

  beforeAll(async () => {
    const { database } = server;
    const demo = { id: await demoCompanyId(database), name: DEMO_COMPANY };
    const other = { id: await addCompany(database, { name: OTHER }), name: OTHER };
    const elsewhere = {
      id: await addCompany(database, { name: ELSEWHERE_COMPANY, tenantId: ELSEWHERE }),
      name: ELSEWHERE_COMPANY,
    };
    Object.assign(companyIds, { demo: demo.id, other: other.id, elsewhere: elsewhere.id });

    const admin = await userIdOf(ADMIN);
    const alice = await addUser(database, {
      phone: ALICE,
      company: { id: demo.id, role: 'employee' },
    });
    const bob = await addUser(database, { phone: BOB, company: { id: other.id, role: 'admin' } });
    await addUser(database, { phone: CAROL, company: { id: demo.id, role: 'employee' } });
    // Alice's phone in another tenant is another person's account.
    const stranger = await addUser(database, {
      phone: ALICE,
      tenantId: ELSEWHERE,
      company: { id: elsewhere.id, role: 'admin' },
    });

    const contracts: TestContract[] = [
      // Personal contracts of Alice and Bob.
      { initiator: alice, status: 'filling', parties: [{ userId: alice }, { userId: bob }] },
      { initiator: bob, status: 'signing', parties: [{ userId: bob }, { userId: alice }] },
      // Sent to Alice's phone before she had an account.
      { initiator: bob, status: 'signing', parties: [{ userId: bob }, { phone: ALICE }] },
      { initiator: bob, status: 'completed', parties: [{ userId: bob }] },
      // Alice signs for a company that is not on the platform: not a personal contract of hers.
      {
        initiator: bob,
        status: 'refused',
        parties: [{ userId: bob }, { userId: alice, company: { name: 'Unlisted Ltd.' } }],
      },
      // Closed: under no status of the home screen.
      { initiator: alice, status: 'withdrawn', parties: [{ userId: alice }] },
      // The demo company's, initiated by it or naming it as a party.
      {
        initiator: alice,
        companyId: demo.id,
        status: 'completed',
        parties: [{ userId: alice, company: demo }],
      },
      {
        initiator: bob,
        companyId: other.id,
        status: 'refused',
        parties: [
          { userId: bob, company: other },
          { userId: admin, company: demo },
        ],
      },
      {
        initiator: bob,
        companyId: other.id,
        status: 'expired',
        parties: [
          { userId: bob, company: other },
          { userId: alice, company: demo },
        ],
      },
      {
        initiator: admin,
        companyId: demo.id,
        status: 'approval_rejected',
        parties: [{ userId: admin, company: demo }],
      },
      {
        initiator: admin,
        companyId: demo.id,
        status: 'signing',
        parties: [{ userId: admin, company: demo }, { userId: alice }],
      },
      // The other company's alone.
      {
        initiator: bob,
        companyId: other.id,
        status: 'approval_rejected',
        parties: [{ userId: bob, company: other }],
      },
      // Another tenant's, one of them sent to Bob's phone.
      {
        tenantId: ELSEWHERE,
        initiator: stranger,
        status: 'filling',
        parties: [{ userId: stranger }, { phone: BOB }],
      },
      {
        tenantId: ELSEWHERE,
        initiator: stranger,
        companyId: elsewhere.id,
        status: 'completed',
        parties: [{ userId: stranger, company: elsewhere }],
      },
    ];
    for (const contract of contracts) await addContract(database, contract);
  });

  const statistics = (token?: string) =>
    call<ContractStatistics>(server.base, 'GET', PATHS.dashboard, token ? { token } : {});
  const countsOf = async ({ access_token }: { access_token: string }) => {
    const { status, body } = await statistics(access_token);
    expect(status).toBe(200);
    return body.data;
  };

  it('counts the personal console’s contracts: initiated or signed as a person, each once', async () => {
    expect(await countsOf(await login(server.base, ALICE))).toEqual({
      ...NONE,
      filling: 1,
      signing: 3,
    });
    expect(await countsOf(await login(server.base, BOB))).toEqual({
      ...NONE,
      filling: 1,
      signing: 2,
      completed: 1,
      refused: 1,
    });
  });

  it('counts a company’s contracts, initiated by it or naming it, for each of its members', async () => {
    const demo = { signing: 1, completed: 1, refused: 1, approvalRejected: 1, expired: 1 };
    expect(await countsOf(await loginInto(server.base, ADMIN, companyIds.demo))).toEqual({
      ...NONE,
      ...demo,
    });
    expect(await countsOf(await loginInto(server.base, ALICE, companyIds.demo))).toEqual({
      ...NONE,
      ...demo,
    });
    expect(await countsOf(await loginInto(server.base, BOB, companyIds.other))).toEqual({
      ...NONE,
      refused: 1,
      expired: 1,
      approvalRejected: 1,
    });
    // The administrator's personal console has none of the company's.
    expect(await countsOf(await login(server.base, ADMIN))).toEqual(NONE);
  });

  it('never counts another tenant’s contracts, not even those sent to the same phone', async () => {
    const response = await requestToken(server.base, {
      grant_type: 'password',
      tenant_id: ELSEWHERE,
      username: ALICE,
      password: 'Demo12345',
    });
    const personal = (await response.json()) as TokenResponse;
    expect(await countsOf(personal)).toEqual({ ...NONE, filling: 1 });
    const company = await switchConsole(server.base, personal.access_token, companyIds.elsewhere);
    expect(await countsOf((await company.json()) as TokenResponse)).toEqual({
      ...NONE,
      completed: 1,
    });
  });

  it('refuses a request without a session, and a company the user has left', async () => {
    expect((await statistics()).status).toBe(401);
    const session = await loginInto(server.base, CAROL, companyIds.demo);
    await server.database.query('DELETE FROM company_members WHERE user_id = $1', [
      await userIdOf(CAROL),
    ]);
    const left = await statistics(session.access_token);
    expect(left.status).toBe(403);
    expect(left.body.data).toBeNull();
  });

  it('keeps to the platform’s contract statuses and to parties A to J', async () => {
    // Carol's personal contracts, which no other test counts.
    const initiator = await userIdOf(CAROL);
    for (const status of CONTRACT_STATUSES) {
      expect(await addContract(server.database, { initiator, status })).toBeGreaterThan(0);
    }
    await expect(
      addContract(server.database, { initiator, status: 'draft' as ContractStatus }),
    ).rejects.toThrow(/contracts_status_check/);
    const eleven = Array.from({ length: 11 }, () => ({ userId: initiator }));
    await expect(
      addContract(server.database, { initiator, status: 'signing', parties: eleven }),
    ).rejects.toThrow(/contract_participants_party_check/);
  });
});
