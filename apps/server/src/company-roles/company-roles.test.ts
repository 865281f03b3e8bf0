import {
  BUILTIN_ROLES,
  PATHS,
  PERMISSIONS,
  type CompanyRole,
  type MenuData,
  type Permission,
  type PermissionTreeNode,
  type RoleDeleted,
  type RoleRoute,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { withQuery } from '../test-support/account';
import { addCompany, addUser, demoCompanyId, loginInto } from '../test-support/companies';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';

describe.each(BACKENDS)('company roles on $name', (backend) => {
  const server = useTestServer(backend);
  let companyId = 0;
  let admin = '';
  let otherAdmin = '';

  /** Puts a user of the demo company in a role directly, as the staff screen would. */
  const placeIn = (phone: string, roleId: string) =>
    server.database.query(
      `UPDATE company_members SET role_id = $2
       WHERE user_id = (SELECT id FROM users WHERE phone = $1)`,
      [phone, roleId],
    );
  const roles = async (token: string) =>
    (await call<CompanyRole[]>(server.base, 'GET', PATHS.companyRoleList, { token })).body.data;
  const create = async (token: string, name: string, grants: Permission[] = []) => {
    const made = await call<CompanyRole>(server.base, 'POST', PATHS.companyRoleSubmit, {
      token,
      body: { name },
    });
    expect(made.status, made.body.msg).toBe(200);
    if (grants.length === 0) return made.body.data;
    const granted = await call<CompanyRole>(server.base, 'POST', PATHS.companyRoleGrant, {
      token,
      body: { roleId: made.body.data.id, grants },
    });
    expect(granted.status, granted.body.msg).toBe(200);
    return granted.body.data;
  };
  const builtin = async (role: CompanyRole['builtin']) =>
    (await roles(admin)).find((entry) => entry.builtin === role)!;

  beforeAll(async () => {
    companyId = await demoCompanyId(server.database);
    admin = (await loginInto(server.base, '13800000002', companyId)).access_token;
    const other = await addCompany(server.database, { name: 'Other Trading Ltd.' });
    await addUser(server.database, { phone: '13800000300', company: { id: other, role: 'admin' } });
    otherAdmin = (await loginInto(server.base, '13800000300', other)).access_token;
  });

  it('lists the built-in roles first with their grants and members, and the tree in both languages', async () => {
    const list = await roles(admin);
    expect(list.slice(0, 5).map((role) => role.builtin)).toEqual([...BUILTIN_ROLES]);
    expect(list[0]!.grants).toEqual([...PERMISSIONS]);
    expect(list[0]!.memberCount).toBeGreaterThanOrEqual(1);
    expect(list[4]!.grants).toContain('template:view');
    const tree = await call<PermissionTreeNode[]>(server.base, 'GET', PATHS.companyRoleGrantTree, {
      token: admin,
      headers: { Lang: 'zh' },
    });
    expect(tree.body.data.find((node) => node.key === 'staff')?.title).toBe('员工列表');
    const keys = await call<Permission[]>(
      server.base,
      'GET',
      withQuery(PATHS.companyRoleTreeKeys, { roleId: list[3]!.id }),
      { token: admin },
    );
    expect(keys.body.data).toEqual(list[3]!.grants);
  });

  it('refuses every role call in the personal console: it has no company', async () => {
    const personal = (await login(server.base, '13800000002')).access_token;
    const answer = await call(server.base, 'GET', PATHS.companyRoleList, { token: personal });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('This is done in a company console: switch to a company first');
    const made = await call(server.base, 'POST', PATHS.companyRoleSubmit, {
      token: personal,
      body: { name: 'Nowhere' },
    });
    expect(made.status).toBe(400);
  });

  it('requires a name of at most 30 characters, unique whatever its case, never a built-in one', async () => {
    const submit = (name: string, headers: Record<string, string> = {}) =>
      call(server.base, 'POST', PATHS.companyRoleSubmit, { token: admin, body: { name }, headers });
    expect((await submit('   ')).body.msg).toBe('name: Name required');
    expect((await submit('x'.repeat(31))).body.msg).toBe(
      'name: The role name is at most 30 characters',
    );
    for (const name of ['Seal user', '用章人', 'ADMIN', 'system administrator']) {
      const refused = await submit(name);
      expect(refused.status, name).toBe(400);
      expect(refused.body.msg).toBe('This is the name of a built-in role: please choose another');
    }
    expect((await submit('员工', { Lang: 'zh' })).body.msg).toBe(
      '该名称为系统内置角色名称，请另选名称',
    );
    const reviewer = await create(admin, '  Reviewer  ');
    expect(reviewer).toMatchObject({ name: 'Reviewer', builtin: null, grants: [], memberCount: 0 });
    const twin = await submit('REVIEWER');
    expect(twin.status).toBe(409);
    expect(twin.body.msg).toBe('The company already has a role of this name');
    // Renaming keeps the id; a role may keep its own name in another case.
    const renamed = await call<CompanyRole>(server.base, 'POST', PATHS.companyRoleSubmit, {
      token: admin,
      body: { id: reviewer.id, name: 'reviewer' },
    });
    expect(renamed.body.data).toMatchObject({ id: reviewer.id, name: 'reviewer' });
  });

  it('never renames, grants or deletes the administrator role, nor renames or deletes a built-in one', async () => {
    const adminRole = await builtin('admin');
    const legal = await builtin('legal');
    const rename = (id: string) =>
      call(server.base, 'POST', PATHS.companyRoleSubmit, {
        token: admin,
        body: { id, name: 'Boss' },
      });
    expect((await rename(adminRole.id)).status).toBe(403);
    expect((await rename(legal.id)).body.msg).toBe('A built-in role cannot be renamed or deleted');
    const grantAdmin = await call(server.base, 'POST', PATHS.companyRoleGrant, {
      token: admin,
      body: { roleId: adminRole.id, grants: ['staff:view'] },
    });
    expect(grantAdmin.status).toBe(403);
    expect((await builtin('admin')).grants).toEqual([...PERMISSIONS]);
    for (const role of [adminRole, legal]) {
      const deleted = await call(server.base, 'POST', PATHS.companyRoleDelete, {
        token: admin,
        body: { id: role.id },
      });
      expect(deleted.status).toBe(403);
    }
    // A built-in role's grants are the company's to change.
    const granted = await call<CompanyRole>(server.base, 'POST', PATHS.companyRoleGrant, {
      token: admin,
      body: { roleId: legal.id, grants: [...legal.grants, 'staff:view'] },
    });
    expect(granted.body.data.grants).toContain('staff:view');
    expect((await roles(admin)).filter((role) => role.builtin)).toHaveLength(5);
  });

  it('grants only leaves of the tree, naming what it refuses', async () => {
    const role = await create(admin, 'Leaves only');
    const refused = await call(server.base, 'POST', PATHS.companyRoleGrant, {
      token: admin,
      body: { roleId: role.id, grants: ['staff:view', 'staff', 'fee:everything'] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('Unknown permission: staff, fee:everything');
    expect((await roles(admin)).find((entry) => entry.id === role.id)?.grants).toEqual([]);
  });

  it('lets a member grant only what they hold themselves, naming what they do not', async () => {
    const editor = await create(admin, 'Role editor', ['role:view', 'role:edit', 'staff:view']);
    await addUser(server.database, {
      phone: '13800000301',
      company: { id: companyId, role: 'employee' },
    });
    await placeIn('13800000301', editor.id);
    const token = (await loginInto(server.base, '13800000301', companyId)).access_token;
    const target = await create(token, 'Made by the editor');
    const tooMuch = await call(server.base, 'POST', PATHS.companyRoleGrant, {
      token,
      body: { roleId: target.id, grants: ['staff:view', 'fee:wallet', 'seal:add'] },
    });
    expect(tooMuch.status).toBe(403);
    expect(tooMuch.body.msg).toBe(
      'You cannot grant a permission you do not hold: Fee center · Wallet, Seal management · Add',
    );
    const zh = await call(server.base, 'POST', PATHS.companyRoleGrant, {
      token,
      body: { roleId: target.id, grants: ['fee:wallet'] },
      headers: { Lang: 'zh' },
    });
    expect(zh.body.msg).toBe('您不能授予自己没有的权限: 费用中心 · 钱包');
    const fine = await call<CompanyRole>(server.base, 'POST', PATHS.companyRoleGrant, {
      token,
      body: { roleId: target.id, grants: ['staff:view'] },
    });
    expect(fine.body.data.grants).toEqual(['staff:view']);
    // Moving members into a role that grants more than the editor holds is granting it too.
    const sealManager = await builtin('sealManager');
    await addUser(server.database, {
      phone: '13800000302',
      company: { id: companyId, role: 'employee' },
    });
    await placeIn('13800000302', target.id);
    const moved = await call(server.base, 'POST', PATHS.companyRoleDelete, {
      token,
      body: { id: target.id, moveTo: sealManager.id },
    });
    expect(moved.status).toBe(403);
    expect(moved.body.msg).toContain('Seal management · Add');
    // The administrator may grant anything.
    const byAdmin = await call<CompanyRole>(server.base, 'POST', PATHS.companyRoleGrant, {
      token: admin,
      body: { roleId: target.id, grants: ['fee:wallet'] },
    });
    expect(byAdmin.body.data.grants).toEqual(['fee:wallet']);
  });

  it('deletes a role held by members only together with moving them to another role', async () => {
    const temporary = await create(admin, 'Temporary', ['staff:view']);
    await addUser(server.database, {
      phone: '13800000303',
      company: { id: companyId, role: 'employee' },
    });
    await placeIn('13800000303', temporary.id);
    const remove = (body: Record<string, string>) =>
      call<RoleDeleted>(server.base, 'POST', PATHS.companyRoleDelete, { token: admin, body });
    const held = await remove({ id: temporary.id });
    expect(held.status).toBe(409);
    expect(held.body.msg).toBe('Members still hold this role: choose a role to move them to');
    expect(held.body.data).toEqual({ memberCount: 1 });
    expect((await remove({ id: temporary.id, moveTo: (await builtin('admin')).id })).status).toBe(
      403,
    );
    expect((await remove({ id: temporary.id, moveTo: temporary.id })).status).toBe(400);
    expect((await roles(admin)).some((role) => role.id === temporary.id)).toBe(true);
    const employee = await builtin('employee');
    const done = await remove({ id: temporary.id, moveTo: employee.id });
    expect(done.body.data).toEqual({ moved: 1 });
    const [member] = await server.database.query<{ role_id: string }>(
      `SELECT role_id FROM company_members WHERE user_id = (SELECT id FROM users WHERE phone = '13800000303')`,
    );
    expect(String(member!.role_id)).toBe(employee.id);
    expect((await roles(admin)).some((role) => role.id === temporary.id)).toBe(false);
    const unheld = await create(admin, 'Nobody holds me');
    expect((await remove({ id: unheld.id })).body.data).toEqual({ moved: 0 });
  });

  it('keeps another company’s roles out of reach: their ids are not found and nothing changes', async () => {
    const mine = await create(admin, 'Ours alone', ['staff:view']);
    const employee = await builtin('employee');
    const attempts = [
      call(server.base, 'GET', withQuery(PATHS.companyRoleTreeKeys, { roleId: mine.id }), {
        token: otherAdmin,
      }),
      call(server.base, 'POST', PATHS.companyRoleButtons, {
        token: otherAdmin,
        body: { roleId: mine.id },
      }),
      call(server.base, 'POST', PATHS.companyRoleSubmit, {
        token: otherAdmin,
        body: { id: mine.id, name: 'Taken over' },
      }),
      call(server.base, 'POST', PATHS.companyRoleGrant, {
        token: otherAdmin,
        body: { roleId: mine.id, grants: [] },
      }),
      call(server.base, 'POST', PATHS.companyRoleDelete, {
        token: otherAdmin,
        body: { id: mine.id },
      }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(404);
      expect(answer.body.msg).toBe('The role does not exist');
    }
    // Nor may its own role's members be moved into ours.
    const theirs = await create(otherAdmin, 'Theirs');
    await addUser(server.database, {
      phone: '13800000304',
      company: { id: Number(await otherCompanyId()), role: 'employee' },
    });
    await placeIn('13800000304', theirs.id);
    const move = await call(server.base, 'POST', PATHS.companyRoleDelete, {
      token: otherAdmin,
      body: { id: theirs.id, moveTo: employee.id },
    });
    expect(move.status).toBe(404);
    expect((await roles(admin)).find((role) => role.id === mine.id)).toMatchObject({
      name: 'Ours alone',
      grants: ['staff:view'],
    });
    expect((await roles(otherAdmin)).map((role) => role.name)).not.toContain('Ours alone');
  });

  const otherCompanyId = async () =>
    (
      await server.database.query<{ id: string }>(
        `SELECT id FROM companies WHERE full_name = 'Other Trading Ltd.'`,
      )
    )[0]!.id;

  it('gives a member of a staff-viewing role only the staff list, and refuses them the roles', async () => {
    const viewer = await create(admin, 'Staff viewer', ['staff:view']);
    await addUser(server.database, {
      phone: '13800000305',
      company: { id: companyId, role: 'employee' },
    });
    await placeIn('13800000305', viewer.id);
    const token = (await loginInto(server.base, '13800000305', companyId)).access_token;
    const menu = await call<MenuData>(server.base, 'GET', PATHS.menu, { token });
    const enterprise = menu.body.data.routes.find((entry) => entry.path === '/enterprise-console');
    expect(enterprise?.children.map((entry) => entry.path)).toEqual([
      '/enterprise-console/staff_list',
    ]);
    const refused = await call(server.base, 'GET', PATHS.companyRoleList, { token });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('No permission for now');
    // What the role opens, as the role editor shows it.
    const pages = await call<RoleRoute[]>(server.base, 'POST', PATHS.companyRoleRoutes, {
      token: admin,
      body: { roleId: viewer.id },
    });
    expect(pages.body.data).toEqual([
      { path: '/enterprise-console/staff_list', permission: 'staff:view' },
    ]);
    const buttons = await call<Permission[]>(server.base, 'POST', PATHS.companyRoleButtons, {
      token: admin,
      body: { roleId: viewer.id },
    });
    expect(buttons.body.data).toEqual(['staff:view']);
  });

  it('leaves one of two concurrent grant sets whole', async () => {
    const contested = await create(admin, 'Contested');
    const first: Permission[] = ['staff:view', 'staff:edit', 'seal:view'];
    const second: Permission[] = ['template:view', 'template:add', 'contract:launch', 'fee:bill'];
    const another = await server.startAnother();
    try {
      const answers = await Promise.all([
        call(server.base, 'POST', PATHS.companyRoleGrant, {
          token: admin,
          body: { roleId: contested.id, grants: first },
        }),
        call(another.base, 'POST', PATHS.companyRoleGrant, {
          token: admin,
          body: { roleId: contested.id, grants: second },
        }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    } finally {
      await another.close();
    }
    const grants = (await roles(admin)).find((role) => role.id === contested.id)!.grants;
    expect([first, second]).toContainEqual(grants);
  });
});
