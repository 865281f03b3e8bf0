import {
  PATHS,
  PERMISSIONS,
  builtinGrants,
  type CompanyInfo,
  type CompanyListItem,
  type MenuData,
  type UnfinishedContracts,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../seed';
import { outboxCode, wrongCode } from '../test-support/account';
import { addCompany, addUser, demoCompanyId, loginInto } from '../test-support/companies';
import { BACKENDS, call, login, requestToken, useTestServer } from '../test-support/server';
import { transferAdministrator } from './company';

const WRONG = 'Your verification code information is inconsistent';

describe.each(BACKENDS)('company information on $name', (backend) => {
  const server = useTestServer(backend);
  let serial = 0;

  /** A company of its own with an administrator and an employee, both signed in to it. */
  async function company() {
    serial += 1;
    const tag = String(serial).padStart(2, '0');
    const id = await addCompany(server.database, { name: `Info Test ${tag} Ltd.` });
    const phones = { admin: `139100000${tag}`, employee: `139200000${tag}` };
    const adminId = await addUser(server.database, {
      phone: phones.admin,
      company: { id, role: 'admin' },
    });
    const employeeId = await addUser(server.database, {
      phone: phones.employee,
      company: { id, role: 'employee' },
    });
    const admin = await loginInto(server.base, phones.admin, id);
    const employee = await loginInto(server.base, phones.employee, id);
    return {
      id,
      name: `Info Test ${tag} Ltd.`,
      phones,
      adminId,
      employeeId,
      admin: admin.access_token,
      adminRefresh: admin.refresh_token,
      employee: employee.access_token,
    };
  }

  const post = (path: string, token: string, body?: unknown) =>
    call(server.base, 'POST', path, { token, ...(body === undefined ? {} : { body }) });
  const info = async (token: string) =>
    call<CompanyInfo>(server.base, 'GET', PATHS.companyInfo, { token });
  const admins = async (companyId: number) =>
    (
      await server.database.query<{ user_id: string }>(
        `SELECT m.user_id FROM company_members m JOIN company_roles r ON r.id = m.role_id
         WHERE m.company_id = $1 AND r.builtin = 'admin'`,
        [companyId],
      )
    ).map((row) => Number(row.user_id));
  const messagesOf = async (userId: number) =>
    server.database.query<{ title: string; title_zh: string | null; company_id: string | null }>(
      'SELECT title, title_zh, company_id FROM messages WHERE user_id = $1 ORDER BY id',
      [userId],
    );

  let demoId: number;
  beforeAll(async () => {
    demoId = await demoCompanyId(server.database);
  });

  it("shows the demo company's data, masked, to its members; refuses in the personal console", async () => {
    const { access_token } = await loginInto(server.base, '13800000002', demoId);
    const { status, body } = await info(access_token);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      companyId: demoId,
      companyName: DEMO_COMPANY,
      creditCode: '91310000MA1FL8XQ3B',
      legal: { name: 'Zhang Wei', phone: '138****0009' },
      admin: { phone: '138****0002' },
      certification: 'approved',
      authStatus: 1,
      pending: { legal: null, name: null },
    });
    expect(body.data.memberCount).toBeGreaterThanOrEqual(1);

    const personal = await login(server.base, '13800000002');
    const refused = await call(server.base, 'GET', PATHS.companyInfo, {
      token: personal.access_token,
      headers: { Lang: 'zh' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('请先切换到企业控制台再操作');
  });

  it('changes the legal representative with the code sent to the new one; a wrong code changes nothing', async () => {
    const c = await company();
    const badId = await post(PATHS.beginChangeLegal, c.admin, {
      name: 'Li Lei',
      phone: '13900000071',
      idNumber: '11-01',
    });
    expect(badId.status).toBe(400);
    expect(badId.body.msg).toContain('ID');

    const begun = await post(PATHS.beginChangeLegal, c.admin, {
      name: 'Li Lei',
      phone: '13900000071',
      idNumber: '110101199003070011',
    });
    expect(begun.status).toBe(200);
    expect(begun.body.data).toEqual({
      legal: { name: 'Li Lei', phone: '139****0071' },
      codePhone: '139****0071',
    });
    expect((await post(PATHS.sendMsgForChangeLegal, c.admin)).status).toBe(200);
    const code = await outboxCode(server.base, '13900000071');

    const wrong = await post(PATHS.changeLegal, c.admin, { code: wrongCode(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe(WRONG);
    expect((await info(c.admin)).body.data.legal).toBeNull();

    const changed = await post(PATHS.changeLegal, c.admin, { code });
    expect(changed.status).toBe(200);
    expect((changed.body.data as CompanyInfo).legal).toEqual({
      name: 'Li Lei',
      phone: '139****0071',
    });
    expect((changed.body.data as CompanyInfo).pending.legal).toBeNull();
    expect((await messagesOf(c.adminId)).map((m) => m.title)).toContain(
      'Legal representative changed',
    );
    const log = await server.database.query<{ kind: string }>(
      'SELECT kind FROM company_changes WHERE company_id = $1',
      [c.id],
    );
    expect(log.map((row) => row.kind)).toEqual(['legal']);
    // The code is spent: confirming again finds nothing begun.
    expect((await post(PATHS.changeLegal, c.admin, { code })).status).toBe(400);
  });

  it('refuses an expired code for the legal representative change', async () => {
    const c = await company();
    await post(PATHS.beginChangeLegal, c.admin, {
      name: 'Han Meimei',
      phone: '13900000072',
      idNumber: '110101199003070022',
    });
    await post(PATHS.sendMsgForChangeLegal, c.admin);
    const code = await outboxCode(server.base, '13900000072');
    await server.database.query(
      `UPDATE sms_codes SET expires_at = now() - interval '1 second' WHERE phone = $1`,
      ['13900000072'],
    );
    const expired = await post(PATHS.changeLegal, c.admin, { code });
    expect(expired.status).toBe(400);
    expect(expired.body.msg).toMatch(/expired/i);
    expect((await info(c.admin)).body.data.legal).toBeNull();
  });

  it('changes the name with the administrator’s code; the name stays unique in the tenant', async () => {
    const c = await company();
    const taken = await post(PATHS.beginChangeCompanyName, c.admin, { companyName: DEMO_COMPANY });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('Another company already has this name');
    const empty = await post(PATHS.beginChangeCompanyName, c.admin, { companyName: '  ' });
    expect(empty.status).toBe(400);

    const newName = `${c.name} Group`;
    const begun = await post(PATHS.beginChangeCompanyName, c.admin, { companyName: newName });
    expect(begun.body.data).toMatchObject({
      companyName: newName,
      codePhone: '139****00' + c.phones.admin.slice(-2),
    });
    expect((await post(PATHS.sendMsgForChangeCompanyName, c.admin)).status).toBe(200);
    const code = await outboxCode(server.base, c.phones.admin);
    const changed = await post(PATHS.changeCompanyName, c.admin, { code });
    expect(changed.status).toBe(200);
    expect((await info(c.employee)).body.data.companyName).toBe(newName);
    expect((await messagesOf(c.employeeId)).map((m) => m.title)).toContain('Company name changed');
  });

  it('refuses every change to a member whose role lacks its permission', async () => {
    const c = await company();
    // The employee may see the company, not change it.
    expect((await info(c.employee)).status).toBe(200);
    const attempts = [
      post(PATHS.beginChangeLegal, c.employee, {
        name: 'Li Lei',
        phone: '13900000073',
        idNumber: '110101199003070033',
      }),
      post(PATHS.beginChangeCompanyName, c.employee, { companyName: 'Taken Over Ltd.' }),
      post(PATHS.sendMsgForChangeAdmin, c.employee),
      post(PATHS.changeAdmin, c.employee, { userId: c.employeeId, code: '123456' }),
      call(server.base, 'GET', PATHS.contractHasUnfinished, { token: c.employee }),
      post(PATHS.writeOff, c.employee, { code: '123456', companyName: c.name }),
    ];
    for (const refused of await Promise.all(attempts)) {
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe('No permission for now');
    }
    expect(await admins(c.id)).toEqual([c.adminId]);
  });

  it('transfers the administrator: the new one sees every page, the old one an employee’s', async () => {
    const c = await company();
    expect((await post(PATHS.sendMsgForChangeAdmin, c.admin)).status).toBe(200);
    const code = await outboxCode(server.base, c.phones.admin);
    const wrong = await post(PATHS.changeAdmin, c.admin, {
      userId: c.employeeId,
      code: wrongCode(code),
    });
    expect(wrong.body.msg).toBe(WRONG);
    expect(await admins(c.id)).toEqual([c.adminId]);

    const transferred = await post(PATHS.changeAdmin, c.admin, { userId: c.employeeId, code });
    expect(transferred.status).toBe(200);
    expect(await admins(c.id)).toEqual([c.employeeId]);

    const menu = async (token: string) =>
      (await call<MenuData>(server.base, 'GET', PATHS.menu, { token })).body.data;
    const newAdmin = await menu(c.employee);
    expect(newAdmin.roles).toEqual(['admin']);
    expect([...newAdmin.permissions].sort()).toEqual([...PERMISSIONS].sort());
    const oldAdmin = await menu(c.admin);
    expect(oldAdmin.roles).toEqual(['employee']);
    expect([...oldAdmin.permissions].sort()).toEqual([...builtinGrants('employee')].sort());
    // The old administrator can no longer transfer, the new one can.
    expect((await post(PATHS.sendMsgForChangeAdmin, c.admin)).status).toBe(403);
    const candidates = await call<{ userId: number }[]>(server.base, 'GET', PATHS.adminCandidates, {
      token: c.employee,
    });
    expect(candidates.body.data.map((row) => row.userId)).toEqual([c.adminId]);
    for (const userId of [c.adminId, c.employeeId]) {
      expect((await messagesOf(userId)).map((m) => m.title)).toContain(
        'System administrator transferred',
      );
    }
  });

  it('refuses a successor from another company and leaves the administrator in place', async () => {
    const c = await company();
    const other = await company();
    await post(PATHS.sendMsgForChangeAdmin, c.admin);
    const code = await outboxCode(server.base, c.phones.admin);
    const refused = await post(PATHS.changeAdmin, c.admin, { userId: other.employeeId, code });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('Choose another active member of this company');
    expect(await admins(c.id)).toEqual([c.adminId]);
    expect(await admins(other.id)).toEqual([other.adminId]);
    // Handing the role to oneself would leave the company without a successor: refused too.
    const self = await post(PATHS.changeAdmin, c.admin, { userId: c.adminId, code });
    expect(self.status).toBe(400);
  });

  it('runs concurrent transfers one after the other: exactly one administrator remains', async () => {
    const c = await company();
    const third = await addUser(server.database, {
      phone: `1393000${String(c.id).padStart(4, '0')}`,
      company: { id: c.id, role: 'employee' },
    });
    const transfer = (toUserId: number) =>
      transferAdministrator(server.database, {
        tenantId: '000000',
        companyId: c.id,
        fromUserId: c.adminId,
        toUserId,
        actorUserId: c.adminId,
      });
    const results = await Promise.allSettled([transfer(c.employeeId), transfer(third)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((result) => result.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({
      text: 'companyAdminChanged',
    });
    const now = await admins(c.id);
    expect(now).toHaveLength(1);
    expect([c.employeeId, third]).toContain(now[0]);
  });

  it('refuses the write-off while contracts are unfinished, then writes the company off', async () => {
    const c = await company();
    const [contract] = await server.database.query<{ id: string }>(
      `INSERT INTO contracts (tenant_id, company_id, initiator_user_id, number, name, status)
       VALUES ('000000', $1, $2, $3, 'Supply agreement', 'signing') RETURNING id`,
      [c.id, c.adminId, `WO-${c.id}`],
    );
    const unfinished = await call<UnfinishedContracts>(
      server.base,
      'GET',
      PATHS.contractHasUnfinished,
      { token: c.admin },
    );
    expect(unfinished.body.data).toEqual({ hasUnfinished: true, count: 1 });
    const refused = await post(PATHS.sendMsgForWriteOff, c.admin);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(
      'The company still has 1 unfinished contracts: finish or withdraw them before writing it off',
    );
    const refusedOff = await post(PATHS.writeOff, c.admin, { code: '123456', companyName: c.name });
    expect(refusedOff.status).toBe(409);

    await server.database.query("UPDATE contracts SET status = 'completed' WHERE id = $1", [
      contract!.id,
    ]);
    expect(
      (
        await call<UnfinishedContracts>(server.base, 'GET', PATHS.contractHasUnfinished, {
          token: c.admin,
        })
      ).body.data,
    ).toEqual({ hasUnfinished: false, count: 0 });
    expect((await post(PATHS.sendMsgForWriteOff, c.admin)).status).toBe(200);
    const code = await outboxCode(server.base, c.phones.admin);
    const misnamed = await post(PATHS.writeOff, c.admin, { code, companyName: 'Info Test' });
    expect(misnamed.status).toBe(400);
    const done = await post(PATHS.writeOff, c.admin, { code, companyName: c.name });
    expect(done.status).toBe(200);

    // Every session in it ends, and it leaves its members' lists.
    for (const token of [c.admin, c.employee]) {
      const ended = await info(token);
      expect(ended.status).toBe(403);
      expect(ended.body.code).toBe(403001);
    }
    const refresh = await requestToken(server.base, {
      grant_type: 'refresh_token',
      refresh_token: c.adminRefresh,
    });
    expect(refresh.status).not.toBe(200);
    const personal = await login(server.base, c.phones.employee);
    const list = await call<CompanyListItem[]>(server.base, 'GET', PATHS.companyList, {
      token: personal.access_token,
    });
    expect(list.body.data.map((row) => row.id)).not.toContain(c.id);
    const checked = await call(
      server.base,
      'GET',
      `${PATHS.checkUserCompanyInfo}?companyId=${c.id}`,
      { token: personal.access_token },
    );
    expect(checked.status).toBe(404);
    const notices = await messagesOf(c.employeeId);
    expect(notices.at(-1)).toMatchObject({
      title: 'Company written off',
      title_zh: '企业已注销',
      company_id: null,
    });
  });
});
