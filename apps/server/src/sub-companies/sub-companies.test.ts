import {
  PATHS,
  type Page,
  type SubCompany,
  type SubCompanyCodeSent,
  type SubCompanyTab,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../companies/roles';
import { outboxCode, wrongCode } from '../test-support/account';
import { addCompany, addUser, demoCompanyId, loginInto } from '../test-support/companies';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';

describe.each(BACKENDS)('affiliated companies on $name', (backend) => {
  const server = useTestServer(backend);
  const BRANCH = 'Demo Branch Co., Ltd.';
  const BRANCH_ADMIN = '13800000400';
  let demo = 0;
  let branch = 0;
  let admin = '';

  const page = async (token: string) =>
    (await call<Page<SubCompany>>(server.base, 'GET', PATHS.subCompanyPage, { token })).body;
  const tabs = async (token: string) =>
    (await call<SubCompanyTab[]>(server.base, 'GET', PATHS.subCompanyTabs, { token })).body.data;

  beforeAll(async () => {
    demo = await demoCompanyId(server.database);
    admin = (await loginInto(server.base, '13800000002', demo)).access_token;
    branch = await addCompany(server.database, { name: BRANCH });
    await addUser(server.database, { phone: BRANCH_ADMIN, company: { id: branch, role: 'admin' } });
    await addCompany(server.database, { name: 'Foreign Holdings Ltd.', tenantId: '000777' });
  });

  it('shows an empty list before any company is linked', async () => {
    expect(await page(admin)).toMatchObject({ success: true, data: { records: [], total: 0 } });
    expect(await tabs(admin)).toEqual([]);
  });

  it('refuses the main company itself, an unknown company and another tenant’s', async () => {
    const send = (companyName: string, headers: Record<string, string> = {}) =>
      call(server.base, 'POST', PATHS.subCompanySendMsg, {
        token: admin,
        body: { companyName },
        headers,
      });
    const self = await send('Demo Technology Co., Ltd.');
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('Associated companies must not duplicate the main company');
    expect((await send('Demo Technology Co., Ltd.', { Lang: 'zh' })).body.msg).toBe(
      '关联企业不能与主企业重复',
    );
    for (const name of ['Nobody Ltd.', 'Foreign Holdings Ltd.']) {
      const missing = await send(name);
      expect(missing.status, name).toBe(404);
      expect(missing.body.msg).toBe('No company of this name on the platform');
    }
    expect((await send('  ')).body.msg).toBe('companyName: Please enter the company name');
  });

  it('links a company with the code its administrator received, launchAuth on', async () => {
    const sent = await call<SubCompanyCodeSent>(server.base, 'POST', PATHS.subCompanySendMsg, {
      token: admin,
      body: { companyName: ` ${BRANCH} ` },
    });
    expect(sent.status, sent.body.msg).toBe(200);
    expect(sent.body.data).toMatchObject({ phone: '138****0400', resendAfter: 60 });
    const code = await outboxCode(server.base, BRANCH_ADMIN);
    const wrong = await call(server.base, 'POST', PATHS.subCompanyLink, {
      token: admin,
      body: { companyName: BRANCH, code: wrongCode(code) },
    });
    expect(wrong.status).toBe(400);
    expect((await page(admin)).data.total).toBe(0);
    const linked = await call<SubCompany>(server.base, 'POST', PATHS.subCompanyLink, {
      token: admin,
      body: { companyName: BRANCH, code },
    });
    expect(linked.status, linked.body.msg).toBe(200);
    expect(linked.body.data).toMatchObject({
      id: String(branch),
      fullName: BRANCH,
      authStatus: 1,
      launchAuth: true,
    });
    expect(linked.body.data.linkedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const list = await page(admin);
    expect(list.data.records.map((entry) => entry.fullName)).toEqual([BRANCH]);
    // Never twice: the second attempt is refused before any code is sent.
    const again = await call(server.base, 'POST', PATHS.subCompanySendMsg, {
      token: admin,
      body: { companyName: BRANCH },
    });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This company is already an affiliate');
    // The code is spent.
    const replay = await call(server.base, 'POST', PATHS.subCompanyLink, {
      token: admin,
      body: { companyName: BRANCH, code },
    });
    expect(replay.status).toBe(409);
  });

  it('switches an affiliate’s launchAuth, and only its own main company may', async () => {
    const off = await call<SubCompany>(server.base, 'POST', PATHS.subCompanySetStatus, {
      token: admin,
      body: { id: String(branch), launchAuth: false },
    });
    expect(off.body.data).toMatchObject({ id: String(branch), launchAuth: false });
    expect((await page(admin)).data.records[0]!.launchAuth).toBe(false);
    // The affiliate's administrator is not the main company: the demo company is no affiliate of theirs.
    const branchAdmin = (await loginInto(server.base, BRANCH_ADMIN, branch)).access_token;
    const foreign = await call(server.base, 'POST', PATHS.subCompanySetStatus, {
      token: branchAdmin,
      body: { id: String(demo), launchAuth: true },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('This company is not an affiliate of yours');
    expect((await page(branchAdmin)).data.total).toBe(0);
    expect((await page(admin)).data.records[0]!.launchAuth).toBe(false);
    const on = await call<SubCompany>(server.base, 'POST', PATHS.subCompanySetStatus, {
      token: admin,
      body: { id: String(branch), launchAuth: true },
    });
    expect(on.body.data.launchAuth).toBe(true);
  });

  it('keeps members without the grant and the personal console out', async () => {
    await addUser(server.database, {
      phone: '13800000401',
      company: { id: demo, role: 'employee' },
    });
    const employee = (await loginInto(server.base, '13800000401', demo)).access_token;
    const refused = await call(server.base, 'GET', PATHS.subCompanyPage, { token: employee });
    expect(refused.status).toBe(403);
    const personal = (await login(server.base, '13800000002')).access_token;
    expect((await page(personal)).data).toMatchObject({ records: [], total: 0 });
    const send = await call(server.base, 'POST', PATHS.subCompanySendMsg, {
      token: personal,
      body: { companyName: BRANCH },
    });
    expect(send.status).toBe(400);
    expect(send.body.msg).toBe('This is done in a company console: switch to a company first');
    expect(await tabs(personal)).toEqual([]);
  });

  it('offers tabs between the group’s companies the user belongs to, from either of them', async () => {
    // The demo administrator is no member of the branch yet: no tabs.
    expect(await tabs(admin)).toEqual([]);
    const [user] = await server.database.query<{ id: string }>(
      `SELECT id FROM users WHERE phone = '13800000002'`,
    );
    await addMember(server.database, branch, Number(user!.id), 'employee');
    const group = [
      { id: demo, fullName: 'Demo Technology Co., Ltd.', main: true },
      { id: branch, fullName: BRANCH, main: false },
    ];
    expect(await tabs(admin)).toEqual(group);
    const inBranch = (await loginInto(server.base, '13800000002', branch)).access_token;
    expect(await tabs(inBranch)).toEqual(group);
  });
});
