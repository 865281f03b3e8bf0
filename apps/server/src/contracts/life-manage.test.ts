/**
 * Who of a company withdraws, removes, urges and locks its contracts (issue 28): the member who
 * initiated one, and the members whose role grants `contract:manage`; every other member gets 403
 * 'No permission for now' and contract/detail offers them none of it. The personal console is
 * its owner's, as before; existing companies' legal representatives gain the right (migration 30).
 */
import {
  PATHS,
  type ContractActed,
  type ContractCreated,
  type ContractDetail,
  type ContractLock,
  type ContractUrged,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_MANAGE_MIGRATION } from '../db/contract-manage-tables';
import { addCompany, addUser, demoCompanyId, loginInto } from '../test-support/companies';
import { LIFE_PARTIES, PERSON, lifeWorld, type LifeWorld } from '../test-support/contract-life';
import { addContract } from '../test-support/contracts';
import { addDocument } from '../test-support/ready-documents';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';

/** A plain employee, a member whose custom role grants only contract:manage, one who initiates. */
const EMMA = '13900000511';
const MIA = '13900000512';
const IAN = '13900000513';

describe.each(BACKENDS)('who of a company manages its contracts, on $name', (backend) => {
  const server = useTestServer(backend);
  let world: LifeWorld;
  let demo: number;
  const tokens = { emma: '', mia: '', ian: '' };

  beforeAll(async () => {
    world = await lifeWorld(server);
    demo = await demoCompanyId(server.database);
    await addUser(server.database, { phone: EMMA, company: { id: demo, role: 'employee' } });
    await addUser(server.database, { phone: MIA, company: { id: demo, role: 'employee' } });
    await addUser(server.database, { phone: IAN, company: { id: demo, role: 'employee' } });
    await server.database.query(
      `WITH role AS (
         INSERT INTO company_roles (company_id, name, grants)
         VALUES ($1, 'Contract manager', '{contract:manage}') RETURNING id
       )
       UPDATE company_members SET role_id = (SELECT id FROM role)
       WHERE user_id = (SELECT id FROM users WHERE phone = $2 AND tenant_id = '000000')`,
      [demo, MIA],
    );
    tokens.emma = (await loginInto(server.base, EMMA, demo)).access_token;
    tokens.mia = (await loginInto(server.base, MIA, demo)).access_token;
    tokens.ian = (await loginInto(server.base, IAN, demo)).access_token;
  });

  const post = <T = unknown>(token: string, path: string, body: unknown, lang = 'en') =>
    call<T>(server.base, 'POST', path, { token, body, headers: { Lang: lang } });
  const detail = async (token: string, id: number) => {
    const answer = await call<ContractDetail>(
      server.base,
      'GET',
      `${PATHS.contractDetail}?id=${id}`,
      { token },
    );
    expect(answer.status).toBe(200);
    return answer.body.data;
  };

  /** What the four calls change, counted: a refusal changes none of it. */
  const snapshot = async (id: number) => {
    const [row] = await server.database.query<Record<string, unknown>>(
      `SELECT c.status, c.removed_at,
         (SELECT count(*)::int FROM audit_entries WHERE contract_id = c.id) AS audit,
         (SELECT count(*)::int FROM contract_urges WHERE contract_id = c.id) AS urges,
         (SELECT count(*)::int FROM contract_locks WHERE contract_id = c.id) AS locks
       FROM contracts c WHERE c.id = $1`,
      [id],
    );
    return row;
  };

  const userId = async (phone: string) =>
    Number(
      (
        await server.database.query<{ id: string }>(
          "SELECT id FROM users WHERE phone = $1 AND tenant_id = '000000'",
          [phone],
        )
      )[0]!.id,
    );

  it('refuses a plain member the administrator’s contract: no withdrawing, removing, urging or locking (en/zh)', async () => {
    const id = await world.newContract();
    const ended = await world.newContract({ status: 'withdrawn' });
    const offered = await detail(tokens.emma, id);
    // A party's own moves stay any member's: refusing for the company is not managing it.
    expect(offered.myParties).toEqual(['A']);
    expect(offered.myActions).toEqual(['refuse']);
    expect(offered.mayLock).toEqual([]);
    expect((await detail(tokens.emma, ended)).myActions).toEqual([]);
    const before = [await snapshot(id), await snapshot(ended)];

    const calls: [string, unknown][] = [
      [PATHS.contractRevoke, { id, reason: 'Not mine to withdraw' }],
      [PATHS.contractUrge, { id }],
      [PATHS.contractLock, { id }],
      [PATHS.contractRemove, { id: ended }],
    ];
    for (const [path, body] of calls) {
      const en = await post(tokens.emma, path, body);
      expect(en, path).toMatchObject({
        status: 403,
        body: { success: false, msg: 'No permission for now' },
      });
      const zh = await post(tokens.emma, path, body, 'zh');
      expect(zh, path).toMatchObject({ status: 403, body: { msg: '暂无权限' } });
    }
    expect([await snapshot(id), await snapshot(ended)]).toEqual(before);
    // The administrator, who initiated it, still may.
    expect((await detail(world.admin, id)).myActions).toEqual(['refuse', 'urge', 'withdraw']);
    expect((await post(world.admin, PATHS.contractRevoke, { id })).status).toBe(200);
  });

  it('lets a member whose role grants contract:manage withdraw, urge, lock and remove any contract of the company', async () => {
    const id = await world.newContract();
    const offered = await detail(tokens.mia, id);
    expect(offered.myActions).toEqual(['refuse', 'urge', 'withdraw']);
    expect(offered.mayLock).toEqual(['A']);

    const urged = await post<ContractUrged>(tokens.mia, PATHS.contractUrge, { id });
    expect(urged.status, JSON.stringify(urged.body)).toBe(200);
    expect(urged.body.data.urged).toEqual(['B', 'C']);
    const locked = await post<ContractLock>(tokens.mia, PATHS.contractLock, { id });
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    expect(locked.body.data).toMatchObject({ party: 'A', locked: true, mine: true });
    expect(
      (await post<ContractLock>(tokens.mia, PATHS.contractLock, { id, lock: false })).body.data,
    ).toMatchObject({ locked: false });
    const withdrawn = await post<ContractActed>(tokens.mia, PATHS.contractRevoke, { id });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data.status).toBe('withdrawn');
    expect((await detail(tokens.mia, id)).myActions).toEqual(['remove']);
    expect((await post(tokens.mia, PATHS.contractRemove, { id })).status).toBe(200);
    expect((await snapshot(id))!.removed_at).not.toBeNull();
  });

  it('lets the member who initiated a contract manage it without the grant, and not a colleague’s', async () => {
    const ian = await userId(IAN);
    const [made] = await server.database.query<{ project: unknown }>(
      'SELECT project FROM contracts WHERE id = $1',
      [await world.newContract()],
    );
    const documentId = await addDocument(server.database, server.files, {
      userId: ian,
      companyId: demo,
    });
    const created = await post<ContractCreated>(tokens.ian, PATHS.contractCreate, {
      name: 'Ian’s supply agreement',
      signingOrder: 'parallel',
      participants: LIFE_PARTIES,
      receivers: [],
      documentId,
      project: made!.project,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = Number(created.body.data.id);

    // Party A names the administrator, not Ian: he locks it as the initiator.
    const offered = await detail(tokens.ian, id);
    expect(offered.myActions).toEqual(['refuse', 'urge', 'withdraw']);
    expect(offered.mayLock).toEqual(['A']);
    expect((await post(tokens.ian, PATHS.contractUrge, { id })).status).toBe(200);
    expect((await post(tokens.ian, PATHS.contractLock, { id })).status).toBe(200);
    await post(tokens.ian, PATHS.contractLock, { id, lock: false });
    // A colleague without the grant still may not; Ian may not touch the administrator's.
    expect((await post(tokens.emma, PATHS.contractRevoke, { id })).status).toBe(403);
    const others = await world.newContract();
    expect((await post(tokens.ian, PATHS.contractRevoke, { id: others })).body.msg).toBe(
      'No permission for now',
    );
    expect((await post(tokens.ian, PATHS.contractRevoke, { id })).status).toBe(200);
    expect((await post(tokens.ian, PATHS.contractRemove, { id })).status).toBe(200);
  });

  it('lets the member a party names as its signer lock that part, and no other plain member', async () => {
    const id = await world.newContract();
    const emma = await userId(EMMA);
    await server.database.query(
      `UPDATE contract_participants SET user_id = $2, phone = $3, name = 'Emma'
       WHERE contract_id = $1 AND party = 'A'`,
      [id, emma, EMMA],
    );
    expect((await detail(tokens.emma, id)).mayLock).toEqual(['A']);
    const locked = await post<ContractLock>(tokens.emma, PATHS.contractLock, { id });
    expect(locked.status).toBe(200);
    expect(locked.body.data).toMatchObject({ party: 'A', mine: true });
    // Naming her to sign gives her the lock, not the contract.
    expect((await post(tokens.emma, PATHS.contractUrge, { id })).status).toBe(403);
  });

  it('leaves the personal console as it was: its owner withdraws, urges, locks and removes', async () => {
    const person = await userId(PERSON);
    const rita = await userId('13900000503');
    const id = await addContract(server.database, {
      initiator: person,
      status: 'signing',
      parties: [
        { userId: person, name: 'Li Ming' },
        { userId: rita, name: 'Rita' },
      ],
    });
    const personal = (await login(server.base, PERSON)).access_token;
    const offered = await detail(personal, id);
    expect(offered.myActions).toEqual(['sign', 'refuse', 'urge', 'withdraw']);
    expect(offered.mayLock).toEqual(['A']);
    expect((await post(personal, PATHS.contractUrge, { id })).status).toBe(200);
    expect((await post(personal, PATHS.contractLock, { id })).status).toBe(200);
    expect((await post(personal, PATHS.contractRevoke, { id })).status).toBe(200);
    expect((await post(personal, PATHS.contractRemove, { id })).status).toBe(200);
  });

  it('gives existing companies’ legal representatives the right, once, and leaves other roles (migration 30)', async () => {
    const company = await addCompany(server.database, { name: 'Before Migration 30 Ltd.' });
    await server.database.query(
      `UPDATE company_roles SET grants = array_remove(grants, 'contract:manage')
       WHERE company_id = $1`,
      [company],
    );
    await server.database.query(
      `INSERT INTO company_roles (company_id, name, grants) VALUES ($1, 'Clerks', '{contract:launch}')`,
      [company],
    );
    await server.database.query(CONTRACT_MANAGE_MIGRATION.sql);
    await server.database.query(CONTRACT_MANAGE_MIGRATION.sql);
    const roles = await server.database.query<{ name: string; grants: string[] }>(
      'SELECT name, grants FROM company_roles WHERE company_id = $1 ORDER BY name',
      [company],
    );
    const withManage = roles
      .filter((role) => role.grants.includes('contract:manage'))
      .map((role) => role.name);
    expect(withManage).toEqual(['legal']);
    expect(roles.find((role) => role.name === 'legal')!.grants).toHaveLength(
      new Set(roles.find((role) => role.name === 'legal')!.grants).size,
    );
  });
});
