import { PATHS, type MenuData, type MenuRoute } from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { withQuery } from '../test-support/account';
import { addUser, demoCompanyId, loginInto } from '../test-support/companies';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';

const paths = (routes: MenuRoute[]) => routes.map((route) => route.path);

describe.each(BACKENDS)('the sidebar’s routes on $name', (backend) => {
  const server = useTestServer(backend);
  const tokens = { admin: '', staff: '', sealUser: '', legal: '', personal: '' };

  beforeAll(async () => {
    const companyId = await demoCompanyId(server.database);
    await addUser(server.database, {
      phone: '13800000041',
      company: { id: companyId, role: 'employee' },
    });
    await addUser(server.database, {
      phone: '13800000042',
      company: { id: companyId, role: 'sealUser' },
    });
    await addUser(server.database, {
      phone: '13800000043',
      company: { id: companyId, role: 'legal' },
    });
    tokens.sealUser = (await loginInto(server.base, '13800000042', companyId)).access_token;
    tokens.legal = (await loginInto(server.base, '13800000043', companyId)).access_token;
    tokens.admin = (await loginInto(server.base, '13800000002', companyId)).access_token;
    tokens.staff = (await loginInto(server.base, '13800000041', companyId)).access_token;
    tokens.personal = (await login(server.base, '13800000001')).access_token;
  });

  const menu = async (token: string) =>
    (await call<MenuData>(server.base, 'GET', PATHS.menu, { token })).body.data;
  const leftMenu = (token: string, path: string) =>
    call<MenuRoute[]>(server.base, 'GET', withQuery(PATHS.leftMenu, { path }), { token });
  const section = (data: MenuData, path: string) =>
    data.routes.find((route) => route.path === path);

  it('gives a company administrator every route, in sidebar order', async () => {
    const data = await menu(tokens.admin);
    expect(data.roles).toEqual(['admin']);
    expect(paths(data.routes)).toEqual([
      '/dashboard',
      '/agency-contract',
      '/management',
      '/approval',
      '/template',
      '/relative',
      '/enterprise-console',
      '/msg-center',
      '/user-center',
      '/cost-center',
      '/real-name',
      '/custom-auth',
    ]);
    const enterprise = section(data, '/enterprise-console')!;
    expect(paths(enterprise.children)).toContain('/enterprise-console/staff_list');
    expect(
      enterprise.children.find((route) => route.path.endsWith('/cost'))?.children,
    ).toHaveLength(5);
    expect(enterprise.children.find((route) => route.path.endsWith('/seal'))).toEqual({
      path: '/enterprise-console/seal',
      name: 'route.enterprise-console.seal',
      code: 'enterprise-console:seal',
      hidden: false,
      children: [],
    });
    expect(section(data, '/real-name')?.hidden).toBe(true);
    const contracts = section(data, '/agency-contract')!.children;
    expect(contracts.find((route) => route.path.endsWith('/contractDetails'))?.hidden).toBe(true);
  });

  it('gives staff only what their role is granted in the enterprise console', async () => {
    const data = await menu(tokens.staff);
    expect(data.roles).toEqual(['employee']);
    expect(data.permissions).toEqual([
      'company:view',
      'template:view',
      'template:add',
      'contract:launch',
      'counterpart:view',
    ]);
    expect(paths(section(data, '/enterprise-console')!.children)).toEqual([
      '/enterprise-console/company_info',
    ]);
    expect(section(data, '/agency-contract')?.children).toHaveLength(8);

    const sealUser = await menu(tokens.sealUser);
    expect(sealUser.roles).toEqual(['sealUser']);
    expect(paths(section(sealUser, '/enterprise-console')!.children)).toEqual([
      '/enterprise-console/company_info',
      '/enterprise-console/seal',
      '/enterprise-console/seal-view',
    ]);
  });

  it('withholds a page the role does not grant, and a section with none left', async () => {
    const companyId = await demoCompanyId(server.database);
    await server.database.query(
      `UPDATE company_roles SET grants = '{}' WHERE company_id = $1 AND builtin = 'legal'`,
      [companyId],
    );
    const data = await menu(tokens.legal);
    expect(paths(data.routes)).not.toContain('/enterprise-console');
    expect(paths(section(data, '/agency-contract')!.children)).not.toContain(
      '/agency-contract/directly-launch',
    );
    expect(paths(data.routes)).not.toContain('/template');
    expect((await leftMenu(tokens.legal, '/enterprise-console')).status).toBe(403);
  });

  it('gives the personal console the personal and shared sections, no enterprise console', async () => {
    const data = await menu(tokens.personal);
    expect(data.roles).toEqual(['admin']);
    expect(paths(data.routes)).not.toContain('/enterprise-console');
    expect(paths(data.routes)).toEqual(expect.arrayContaining(['/user-center', '/cost-center']));
  });

  it('answers the left menu of the section a page is in', async () => {
    const admin = await leftMenu(tokens.admin, '/enterprise-console/seal-view');
    expect(admin.status).toBe(200);
    expect(admin.body.data).toHaveLength(19);
    const staff = await leftMenu(tokens.staff, '/enterprise-console');
    expect(paths(staff.body.data)).toEqual(['/enterprise-console/company_info']);
    expect(paths((await leftMenu(tokens.personal, '/user-center')).body.data)).toContain(
      '/user-center/basic',
    );
  });

  it('refuses a section the console may not open, and an unknown one', async () => {
    const refused = await leftMenu(tokens.personal, '/enterprise-console');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('No permission for now');
    expect((await leftMenu(tokens.admin, '/nowhere')).status).toBe(404);
    const malformed = await leftMenu(tokens.admin, 'enterprise-console');
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toContain('path');
    expect((await call(server.base, 'GET', PATHS.menu)).status).toBe(401);
  });
});
