import {
  BUILTIN_ROLES,
  PATHS,
  PERSONAL_CONSOLE_ID,
  builtinGrants,
  isPermission,
  type BuiltinRole,
  type ContractDetail,
  type Permission,
  type TokenResponse,
  type UserInfo,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../seed';
import { addUser, demoCompanyId, loginInto, switchConsole } from '../test-support/companies';
import { addContract } from '../test-support/contracts';
import { BACKENDS, call, login, requestToken, useTestServer } from '../test-support/server';

interface Operation {
  'x-permission'?: string;
  'x-real-name'?: boolean;
  parameters?: { name: string; in: string; example?: unknown }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
}

interface Call {
  method: string;
  /** The path under /api. */
  path: string;
  permission: string;
  operation: Operation;
}

/** The calls of the OpenAPI document, each with the permission it declares. */
async function documentedCalls(base: string): Promise<Call[]> {
  const document = (await (await fetch(`${base}/api${PATHS.openapi}`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path: path.replace(/^\/api/, ''),
      permission: operation['x-permission'] ?? '',
      operation,
    })),
  );
}

/**
 * A call made as its example shows (an example query, body, or none): its status and, when it
 * answers the envelope, its code and message (a file answers none).
 */
async function example(base: string, entry: Call, token: string | undefined) {
  const query = new URLSearchParams();
  for (const parameter of entry.operation.parameters ?? []) {
    if (parameter.in === 'query' && parameter.example !== undefined) {
      query.set(parameter.name, String(parameter.example));
    }
  }
  const content = entry.operation.requestBody?.content['application/json'];
  const body = content ? (content.example ?? {}) : entry.method === 'POST' ? {} : undefined;
  const search = query.size > 0 ? `?${query.toString()}` : '';
  const response = await fetch(`${base}/api${entry.path}${search}`, {
    method: entry.method,
    headers: {
      ...(token ? { 'Blade-Auth': `bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  const envelope = (() => {
    try {
      return JSON.parse(text) as { code?: number; msg?: string };
    } catch {
      return {};
    }
  })();
  return { status: response.status, body: { code: envelope.code, msg: envelope.msg } };
}

describe.each(BACKENDS)('the permission every call declares, on $name', (backend) => {
  const suite = useTestServer(backend);
  const tokens = new Map<BuiltinRole | 'custom', string>();
  let employeeRefresh = '';
  let customPhone = '';
  let calls: Call[] = [];

  beforeAll(async () => {
    const companyId = await demoCompanyId(suite.database);
    let phone = 13800000060;
    for (const role of BUILTIN_ROLES) {
      const number = String(phone++);
      await addUser(suite.database, { phone: number, company: { id: companyId, role } });
      const session = await loginInto(suite.base, number, companyId);
      tokens.set(role, session.access_token);
      if (role === 'employee') employeeRefresh = session.refresh_token;
    }
    // A custom role that grants nothing: every permission-guarded call refuses it.
    const number = String(phone);
    customPhone = number;
    await addUser(suite.database, { phone: number, company: { id: companyId, role: 'employee' } });
    await suite.database.query(
      `WITH role AS (
         INSERT INTO company_roles (company_id, name, grants) VALUES ($1, 'Visitor', '{}') RETURNING id
       )
       UPDATE company_members SET role_id = (SELECT id FROM role)
       WHERE user_id = (SELECT id FROM users WHERE phone = $2)`,
      [companyId, number],
    );
    tokens.set('custom', (await loginInto(suite.base, number, companyId)).access_token);
    calls = await documentedCalls(suite.base);
  });

  it('has every route under /api declare public, signedIn, accessParty or a permission of the tree', () => {
    const registered = (suite as unknown as { app: { apiRoutes: string[] } }).app.apiRoutes;
    const documented = new Set(calls.map((entry) => `${entry.method} /api${entry.path}`));
    const undeclared = registered
      .map((route) => route.replace(/:(\w+)/g, '{$1}'))
      .filter((route) => !documented.has(route));
    expect(undeclared).toEqual([]);
    const bad = calls.filter(
      (entry) =>
        !['public', 'signedIn', 'accessParty'].includes(entry.permission) &&
        !isPermission(entry.permission),
    );
    expect(bad.map((entry) => `${entry.method} ${entry.path}: '${entry.permission}'`)).toEqual([]);
    expect(calls.length).toBeGreaterThan(80);
  });

  it('answers each permission-guarded call for each built-in role as its grants say', async () => {
    const guarded = calls.filter((entry) => isPermission(entry.permission));
    expect(guarded.length).toBeGreaterThan(20);
    const mismatches: string[] = [];
    for (const [role, token] of tokens) {
      const grants = new Set<string>(role === 'custom' ? [] : builtinGrants(role));
      for (const entry of guarded) {
        const answer = await example(suite.base, entry, token);
        const refused = answer.status === 403 && answer.body.msg === 'No permission for now';
        const allowed = grants.has(entry.permission as Permission);
        // Allowed: the helper lets it through (the handler may still refuse a row: 404, 400 …);
        // withheld: 403 'No permission for now' before the handler runs.
        if (allowed ? refused && role === 'admin' : !refused) {
          mismatches.push(`${role} ${entry.method} ${entry.path} → ${answer.status}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('lets the roles that manage every contract withdraw, remove, urge and lock the administrator’s, and no other', async () => {
    const companyId = await demoCompanyId(suite.database);
    const idOf = async (phone: string) =>
      Number(
        (
          await suite.database.query<{ id: string }>(
            "SELECT id FROM users WHERE phone = $1 AND tenant_id = '000000'",
            [phone],
          )
        )[0]!.id,
      );
    // The seeded administrator initiates; the company signs as A (named to the administrator, so
    // no member below is its signer), the demo person as B.
    const admin = await idOf('13800000002');
    const person = await idOf('13800000001');
    const contract = (status: 'signing' | 'withdrawn') =>
      addContract(suite.database, {
        companyId,
        initiator: admin,
        status,
        parties: [
          { userId: admin, company: { id: companyId, name: DEMO_COMPANY }, name: 'Wang Fang' },
          { userId: person, name: 'Li Ming' },
        ],
      });
    const managed = ['urge', 'withdraw', 'remove'];
    const mismatches: string[] = [];
    for (const [role, token] of tokens) {
      const manages = role !== 'custom' && builtinGrants(role).includes('contract:manage');
      const id = await contract('signing');
      const ended = await contract('withdrawn');
      const offered = async (contractId: number) =>
        (
          await call<ContractDetail>(
            suite.base,
            'GET',
            `${PATHS.contractDetail}?id=${contractId}`,
            {
              token,
            },
          )
        ).body.data.myActions.filter((action) => managed.includes(action));
      const answers = {
        offered: [...(await offered(id)), ...(await offered(ended))],
        urge: await call(suite.base, 'POST', PATHS.contractUrge, { token, body: { id } }),
        lock: await call(suite.base, 'POST', PATHS.contractLock, { token, body: { id } }),
        revoke: await call(suite.base, 'POST', PATHS.contractRevoke, { token, body: { id } }),
        remove: await call(suite.base, 'POST', PATHS.contractRemove, {
          token,
          body: { id: ended },
        }),
      };
      const expected = manages ? ['urge', 'withdraw', 'remove'] : [];
      if (answers.offered.join() !== expected.join()) {
        mismatches.push(`${role} offered ${answers.offered.join() || 'nothing'}`);
      }
      for (const action of ['urge', 'lock', 'revoke', 'remove'] as const) {
        const { status, body } = answers[action];
        const ok = manages
          ? status === 200
          : status === 403 && body.msg === 'No permission for now';
        if (!ok) mismatches.push(`${role} ${action} → ${status} ${body.msg}`);
      }
    }
    expect(mismatches).toEqual([]);
    // As the platform's data says: the administrator and the legal representative only.
    expect(BUILTIN_ROLES.filter((role) => builtinGrants(role).includes('contract:manage'))).toEqual(
      ['admin', 'legal'],
    );
  });

  it('lets any member of the company through the signed-in calls, and nobody without a session', async () => {
    // Logging out ends the session its token belongs to: that call goes last, and the custom
    // member signs in again for the tests after this one, with the password its example changed
    // to (a password change keeps the session that made it).
    const endsSession = (entry: Call) => entry.path === PATHS.logout;
    const signedIn = calls
      .filter((entry) => entry.permission === 'signedIn')
      .sort((a, b) => Number(endsSession(a)) - Number(endsSession(b)));
    expect(signedIn.filter(endsSession)).toHaveLength(1);
    for (const entry of signedIn) {
      const answer = await example(suite.base, entry, tokens.get('custom'));
      expect(answer.status, `${entry.method} ${entry.path}`).not.toBe(401);
      expect(answer.body.code, `${entry.method} ${entry.path}`).not.toBe(403001);
      const anonymous = await example(suite.base, entry, undefined);
      expect(anonymous.status, `${entry.method} ${entry.path} without a session`).toBe(401);
    }
    for (const entry of calls.filter((candidate) => isPermission(candidate.permission))) {
      expect((await example(suite.base, entry, undefined)).status).toBe(401);
    }
    // The open API answers a request its access party did not sign with 401, a session or not.
    const open = calls.filter((entry) => entry.permission === 'accessParty');
    expect(open.length).toBeGreaterThanOrEqual(6);
    for (const entry of open) {
      for (const token of [undefined, tokens.get('admin')]) {
        const answer = await example(suite.base, entry, token);
        expect(answer.status, `${entry.method} ${entry.path}`).toBe(401);
      }
    }
    const companyId = await demoCompanyId(suite.database);
    const change = calls.find((entry) => entry.path === PATHS.changePassword);
    const changedTo = (
      change?.operation.requestBody?.content['application/json']?.example as
        { newPassword: string } | undefined
    )?.newPassword;
    expect(changedTo).toBeTruthy();
    tokens.set(
      'custom',
      (await loginInto(suite.base, customPhone, companyId, changedTo)).access_token,
    );
  });

  it('tells the web app what the role grants, and whether it may initiate for the company', async () => {
    const info = async (who: BuiltinRole | 'custom') =>
      (await call<UserInfo>(suite.base, 'GET', PATHS.userInfo, { token: tokens.get(who)! })).body
        .data;
    expect(await info('employee')).toMatchObject({
      roles: ['employee'],
      permissions: builtinGrants('employee'),
      launchAuth: true,
    });
    expect(await info('custom')).toMatchObject({
      roles: ['Visitor'],
      permissions: [],
      launchAuth: false,
    });
    expect((await info('admin')).permissions).toHaveLength(builtinGrants('admin').length);
  });

  it('refuses the real-name areas, and entering a company, to a person not yet verified', async () => {
    const phone = '13800000079';
    await addUser(suite.database, { phone });
    await suite.database.query('UPDATE users SET real_name_verified = false WHERE phone = $1', [
      phone,
    ]);
    const { access_token: token } = await login(suite.base, phone);
    const guarded = calls.filter((entry) => entry.operation['x-real-name']);
    expect(guarded.map((entry) => entry.path)).toEqual(
      expect.arrayContaining([PATHS.unreadMessages, PATHS.unreadCount, PATHS.markMessagesRead]),
    );
    for (const entry of guarded) {
      const answer = await example(suite.base, entry, token);
      expect(answer.status, `${entry.method} ${entry.path}`).toBe(403);
      expect(answer.body.msg).toBe('Please authenticate your name first');
    }
    const companyId = await demoCompanyId(suite.database);
    const into = await switchConsole(suite.base, token, companyId);
    expect(into.status).toBe(403);
    expect(((await into.json()) as { error_description: string }).error_description).toBe(
      'Please authenticate your name first',
    );
    expect((await switchConsole(suite.base, token, PERSONAL_CONSOLE_ID)).status).toBe(200);
  });

  it('ends a forbidden member’s sessions in the company at once, and lets them back when allowed', async () => {
    const token = tokens.get('employee')!;
    expect((await call(suite.base, 'GET', PATHS.userInfo, { token })).status).toBe(200);
    await suite.database.query(
      `UPDATE company_members SET status = 'forbidden' WHERE user_id = (SELECT id FROM users WHERE phone = '13800000064')`,
    );
    const refused = await call(suite.base, 'GET', PATHS.userInfo, { token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(403001);
    expect(refused.body.msg).toBe('You no longer have access to this company');
    const menu = await call(suite.base, 'GET', PATHS.menu, { token, headers: { Lang: 'zh' } });
    expect(menu.body.msg).toBe('您已无权进入该企业');
    // The login lives on: a renewal moves it into the personal console.
    const renewed = await requestToken(suite.base, {
      grant_type: 'refresh_token',
      refresh_token: employeeRefresh,
    });
    expect(renewed.status).toBe(200);
    const personal = (await renewed.json()) as TokenResponse;
    expect(personal.company_id).toBe(PERSONAL_CONSOLE_ID);
    const info = await call<UserInfo>(suite.base, 'GET', PATHS.userInfo, {
      token: personal.access_token,
    });
    expect(info.body.data.companyId).toBe(PERSONAL_CONSOLE_ID);
    await suite.database.query(
      `UPDATE company_members SET status = 'active' WHERE user_id = (SELECT id FROM users WHERE phone = '13800000064')`,
    );
    expect((await call(suite.base, 'GET', PATHS.userInfo, { token })).status).toBe(200);
  });
});
