/**
 * A contract opened in the wrong console (issue 29): its user's other console is named — a
 * company the user is an active member of, or the personal console — so that the client can offer
 * the switch; a stranger, a member who was forbidden and another tenant get the very answer a
 * contract that does not exist gets.
 */
import { CODES, PATHS, PERSONAL_CONSOLE_ID, type ContractDetail } from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../companies/roles';
import { DEMO_COMPANY, DEMO_PASSWORD } from '../seed';
import { addCompany, addUser, demoCompanyId, loginInto } from '../test-support/companies';
import {
  ADMIN,
  LEO,
  LOCK_CO,
  PERSON,
  lifeWorld,
  type LifeWorld,
} from '../test-support/contract-life';
import { BACKENDS, call, login, requestToken, useTestServer } from '../test-support/server';

/** A member of a company of another tenant; a member of the demo company who gets forbidden. */
const OTTO = '13900000521';
const FRED = '13900000522';

/** Every call that reads one contract for the session's console. */
const READS = [
  PATHS.contractDetail,
  PATHS.contractLink,
  PATHS.contractDownloadTicket,
  PATHS.contractSignatures,
  PATHS.contractAttestation,
];

describe.each(BACKENDS)('a contract opened in another console, on $name', (backend) => {
  const server = useTestServer(backend);
  let world: LifeWorld;
  let demo: number;
  let lockCo: number;
  let contract: number;

  beforeAll(async () => {
    world = await lifeWorld(server);
    demo = await demoCompanyId(server.database);
    const [lock] = await server.database.query<{ id: string }>(
      'SELECT id FROM companies WHERE full_name = $1',
      [LOCK_CO],
    );
    lockCo = Number(lock!.id);
    contract = await world.newContract();
  });

  const read = (token: string, path: string, id: number, lang = 'en') =>
    call<unknown>(server.base, 'GET', `${path}?id=${id}`, { token, headers: { Lang: lang } });

  /** The raw answer, to compare a refusal byte for byte. */
  const raw = async (token: string, path: string, id: number) => {
    const response = await fetch(`${server.base}/api${path}?id=${id}`, {
      headers: { 'Blade-Auth': `bearer ${token}`, Lang: 'en' },
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: await response.text(),
    };
  };

  it('names the initiating company to its member in the personal console, in every read (en/zh)', async () => {
    const personal = (await login(server.base, ADMIN)).access_token;
    for (const path of READS) {
      const en = await read(personal, path, contract);
      expect(en, path).toMatchObject({
        status: 403,
        body: {
          code: CODES.contractInOtherConsole,
          success: false,
          data: { companyId: demo, companyName: DEMO_COMPANY },
          msg: 'This contract belongs to another of your consoles',
        },
      });
      const zh = await read(personal, path, contract, 'zh');
      expect(zh.body.msg, path).toBe('该合同属于您的另一个控制台');
    }
    // Once switched there, the same link opens the contract.
    const inCompany = (await loginInto(server.base, ADMIN, demo)).access_token;
    const opened = await read(inCompany, PATHS.contractDetail, contract);
    expect(opened.status).toBe(200);
    expect((opened.body.data as ContractDetail).number).toMatch(/^HT\d{14}$/);
  });

  it('names a party’s company to its member', async () => {
    const personal = (await login(server.base, LEO)).access_token;
    const answer = await read(personal, PATHS.contractDetail, contract);
    expect(answer).toMatchObject({
      status: 403,
      body: { data: { companyId: lockCo, companyName: LOCK_CO } },
    });
  });

  it('names the personal console to a person party who opens it in a company console', async () => {
    const other = await addCompany(server.database, { name: 'Person Works Ltd' });
    const [person] = await server.database.query<{ id: string }>(
      "SELECT id FROM users WHERE phone = $1 AND tenant_id = '000000'",
      [PERSON],
    );
    await addMember(server.database, other, Number(person!.id), 'employee');
    const inCompany = (await loginInto(server.base, PERSON, other)).access_token;
    const answer = await read(inCompany, PATHS.contractDetail, contract);
    expect(answer).toMatchObject({
      status: 403,
      body: {
        code: CODES.contractInOtherConsole,
        data: { companyId: PERSONAL_CONSOLE_ID, companyName: '' },
      },
    });
  });

  it('answers a stranger, a forbidden member and another tenant’s member exactly as a contract that does not exist', async () => {
    const fredId = await addUser(server.database, {
      phone: FRED,
      company: { id: demo, role: 'employee' },
    });
    const fred = (await login(server.base, FRED)).access_token;
    // Still a member: the company is named.
    expect((await read(fred, PATHS.contractDetail, contract)).status).toBe(403);
    await server.database.query(
      "UPDATE company_members SET status = 'forbidden' WHERE user_id = $1",
      [fredId],
    );
    const elsewhere = await addCompany(server.database, {
      name: DEMO_COMPANY,
      tenantId: '000029',
    });
    await addUser(server.database, {
      phone: OTTO,
      tenantId: '000029',
      company: { id: elsewhere, role: 'admin' },
    });
    const signedIn = await requestToken(server.base, {
      grant_type: 'password',
      tenant_id: '000029',
      username: OTTO,
      password: DEMO_PASSWORD,
    });
    const otto = ((await signedIn.json()) as { access_token: string }).access_token;
    const [{ max }] = (await server.database.query<{ max: string }>(
      'SELECT max(id) AS max FROM contracts',
    )) as [{ max: string }];
    const missing = Number(max) + 1000;
    for (const token of [world.sam, fred, otto]) {
      for (const path of READS) {
        const refused = await raw(token, path, contract);
        expect(refused.status, path).toBe(404);
        expect(refused, path).toEqual(await raw(token, path, missing));
      }
    }
  });
});
