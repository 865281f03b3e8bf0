import {
  PATHS,
  type CompanyListItem,
  type TokenResponse,
  type UserCompanyInfo,
  type UserInfo,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../seed';
import { withQuery } from '../test-support/account';
import { addUser, demoCompanyId, switchConsole } from '../test-support/companies';
import { BACKENDS, call, login, requestToken, useTestServer } from '../test-support/server';

const ADMIN = '13800000002';
const PERSON = '13800000001';

describe.each(BACKENDS)('company sessions on $name', (backend) => {
  const server = useTestServer(backend);
  let companyId: number;

  beforeAll(async () => {
    companyId = await demoCompanyId(server.database);
  });

  const userInfo = async (token: string) =>
    (await call<UserInfo>(server.base, 'GET', PATHS.userInfo, { token })).body.data;

  it('signs the administrator into the demo company and back into the personal console', async () => {
    const personal = await login(server.base, ADMIN);
    const switched = await switchConsole(server.base, personal.access_token, companyId);
    expect(switched.status).toBe(200);
    const company = (await switched.json()) as TokenResponse;
    expect(company).toMatchObject({
      company_id: companyId,
      company_auth: String(companyId),
      company_name: DEMO_COMPANY,
      account: ADMIN,
    });
    expect(await userInfo(company.access_token)).toMatchObject({
      companyId,
      companyName: DEMO_COMPANY,
      roles: ['admin'],
    });

    // A refresh keeps the session in its company.
    const refreshed = await requestToken(server.base, {
      grant_type: 'refresh_token',
      refresh_token: company.refresh_token,
    });
    expect(await refreshed.json()).toMatchObject({
      company_id: companyId,
      company_name: DEMO_COMPANY,
    });

    const back = (await (
      await switchConsole(server.base, company.access_token, -1)
    ).json()) as TokenResponse;
    expect(back).toMatchObject({ company_id: -1, company_auth: '', company_name: '' });
    expect(await userInfo(back.access_token)).toMatchObject({
      companyId: -1,
      companyName: '',
      roles: ['admin'],
    });
  });

  it('refuses a company the user is not a member of, in the request language', async () => {
    const { access_token } = await login(server.base, PERSON);
    const refused = await switchConsole(server.base, access_token, companyId, { Lang: 'zh' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: 'invalid_grant',
      error_description: '暂无权限',
    });
    expect((await switchConsole(server.base, access_token, 987654)).status).toBe(403);
    const malformed = await switchConsole(server.base, access_token, 'demo');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('refuses a switch without a valid session', async () => {
    const anonymous = await switchConsole(server.base, 'not.a.token', companyId);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('refuses a company of another tenant, even to a member of a company there', async () => {
    await server.database.query("INSERT INTO tenants (id, name) VALUES ('000002', 'Other')");
    const [other] = await server.database.query<{ id: string }>(
      "INSERT INTO companies (tenant_id, full_name, auth_status) VALUES ('000002', $1, 1) RETURNING id",
      [DEMO_COMPANY],
    );
    const { access_token } = await login(server.base, ADMIN);
    expect((await switchConsole(server.base, access_token, Number(other!.id))).status).toBe(403);
    const info = await call(
      server.base,
      'GET',
      withQuery(PATHS.checkUserCompanyInfo, { companyId: other!.id }),
      {
        token: access_token,
      },
    );
    expect(info.status).toBe(404);
  });

  it('lists the companies a user belongs to, with verification status and role', async () => {
    const admin = await login(server.base, ADMIN);
    const list = await call<CompanyListItem[]>(server.base, 'GET', PATHS.companyList, {
      token: admin.access_token,
    });
    expect(list.body.data).toEqual([
      { id: companyId, companyName: DEMO_COMPANY, authStatus: 1, role: 'admin' },
    ]);
    const person = await login(server.base, PERSON);
    const none = await call<CompanyListItem[]>(server.base, 'GET', PATHS.companyList, {
      token: person.access_token,
    });
    expect(none.body.data).toEqual([]);
    expect((await call(server.base, 'GET', PATHS.companyList)).status).toBe(401);
  });

  it('tells a user whether they belong to a company and administer it', async () => {
    await addUser(server.database, {
      phone: '13800000031',
      company: { id: companyId, role: 'employee' },
    });
    const check = async (phone: string, id: string) => {
      const { access_token } = await login(server.base, phone);
      return call<UserCompanyInfo>(
        server.base,
        'GET',
        withQuery(PATHS.checkUserCompanyInfo, { companyId: id }),
        {
          token: access_token,
        },
      );
    };
    const company = { companyId, companyName: DEMO_COMPANY, authStatus: 1 };
    expect((await check(ADMIN, String(companyId))).body.data).toEqual({
      ...company,
      isAdmin: true,
      isMember: true,
    });
    expect((await check('13800000031', String(companyId))).body.data).toEqual({
      ...company,
      isAdmin: false,
      isMember: true,
    });
    expect((await check(PERSON, String(companyId))).body.data).toEqual({
      ...company,
      isAdmin: false,
      isMember: false,
    });
    expect((await check(PERSON, '987654')).status).toBe(404);
    const malformed = await check(PERSON, 'x');
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toContain('companyId');
  });
});
