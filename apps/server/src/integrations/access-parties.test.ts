import {
  ACCESS_SECRET_OVERLAP_HOURS,
  PATHS,
  type AccessCompany,
  type AccessParty,
  type AccessPartyOption,
  type AccessPartySaved,
  type Page,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCompany, addUser, demoCompanyId, loginInto } from '../test-support/companies';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';
import { loadSecretBox, type SecretBox } from '../secret-box';
import { findAccessPartyByKey } from './access-parties';

const ADMIN = '13800000002';
const PERSON = '13800000001';
const EMPLOYEE = '13900003401';
const OTHER_ADMIN = '13900003402';
const HOUR = 3_600_000;

describe.each(BACKENDS)('API access parties on $name', (backend) => {
  // The tests move the clock forward past a rotation's overlap.
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const server = useTestServer(backend, { clock: now });
  let admin = '';
  let employee = '';
  let otherAdmin = '';
  let personal = '';
  let demo = 0;
  let affiliate = 0;
  let unrelated = 0;
  /** The server's own box: the key it keeps in server_keys. */
  let secrets: SecretBox;

  const get = <T>(token: string, path: string, query: Record<string, string> = {}, lang = 'en') =>
    call<T>(server.base, 'GET', `${path}?${new URLSearchParams(query)}`, {
      token,
      headers: { Lang: lang },
    });
  const post = <T>(token: string, path: string, body: unknown, lang = 'en') =>
    call<T>(server.base, 'POST', path, { token, body, headers: { Lang: lang } });

  const create = async (name: string, companyIds: (string | number)[] = []) => {
    const made = await post<AccessPartySaved>(admin, PATHS.accessSaveOrUpdate, {
      name,
      companyIds,
    });
    expect(made.status, made.body.msg).toBe(200);
    return made.body.data;
  };

  beforeAll(async () => {
    demo = await demoCompanyId(server.database);
    secrets = await loadSecretBox(server.database);
    affiliate = await addCompany(server.database, { name: 'Access Affiliate Co., Ltd.' });
    unrelated = await addCompany(server.database, { name: 'Access Unrelated Co., Ltd.' });
    await server.database.query(
      'INSERT INTO sub_companies (main_company_id, sub_company_id) VALUES ($1, $2)',
      [demo, affiliate],
    );
    await addUser(server.database, { phone: EMPLOYEE, company: { id: demo, role: 'employee' } });
    await addUser(server.database, {
      phone: OTHER_ADMIN,
      company: { id: unrelated, role: 'admin' },
    });
    admin = (await loginInto(server.base, ADMIN, demo)).access_token;
    employee = (await loginInto(server.base, EMPLOYEE, demo)).access_token;
    otherAdmin = (await loginInto(server.base, OTHER_ADMIN, unrelated)).access_token;
    personal = (await login(server.base, PERSON)).access_token;
  });

  it('makes a party with a public app key and a secret shown once, kept only sealed', async () => {
    const made = await create('ERP', [affiliate]);
    expect(made.appKey).toMatch(/^ak_[0-9a-f]{24}$/);
    expect(made.secret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(made.enabled).toBe(true);
    expect(made.companies).toEqual([
      { id: String(demo), fullName: 'Demo Technology Co., Ltd.', main: true },
      { id: String(affiliate), fullName: 'Access Affiliate Co., Ltd.', main: false },
    ]);

    // Never again: not in the detail, the list, nor in clear in the database.
    const detail = await get<AccessParty & { secret?: string }>(admin, PATHS.accessDetail, {
      id: made.id,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.data.secret).toBeUndefined();
    expect(JSON.stringify(detail.body.data)).not.toContain(made.secret!);
    const page = await get<Page<AccessParty>>(admin, PATHS.accessPage, { size: '100' });
    expect(JSON.stringify(page.body.data)).not.toContain(made.secret!);
    expect(page.body.data.records.map((p) => p.id)).toContain(made.id);
    const [row] = await server.database.query<Record<string, unknown>>(
      'SELECT * FROM access_parties WHERE id = $1',
      [made.id],
    );
    expect(JSON.stringify(row)).not.toContain(made.secret!.slice(3));

    // What the open API reads: the secret opened, the companies it acts for.
    const found = await findAccessPartyByKey(server.database, secrets, made.appKey);
    expect(found).toEqual({
      id: Number(made.id),
      tenantId: '000000',
      companyId: demo,
      name: 'ERP',
      enabled: true,
      secrets: [made.secret],
      companyIds: [demo, affiliate],
    });
    expect(await findAccessPartyByKey(server.database, secrets, 'ak_unknown')).toBeNull();
  });

  it('refuses the main company among the associated companies with the spec’s rule, in en and zh', async () => {
    const en = await post(admin, PATHS.accessSaveOrUpdate, { name: 'CRM', companyIds: [demo] });
    expect(en.status).toBe(400);
    expect(en.body.msg).toBe('Associated companies must not duplicate the main company');
    expect(en.body.data).toEqual({ field: 'companyIds' });
    const zh = await post(
      admin,
      PATHS.accessSaveOrUpdate,
      { name: 'CRM', companyIds: [affiliate, demo] },
      'zh',
    );
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('关联企业不能与主企业重复');

    // Only affiliates; each once.
    const stranger = await post(admin, PATHS.accessSaveOrUpdate, {
      name: 'CRM',
      companyIds: [unrelated],
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.msg).toBe('Associated companies must be affiliates of your company');
    const twice = await post(admin, PATHS.accessSaveOrUpdate, {
      name: 'CRM',
      companyIds: [affiliate, affiliate],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.msg).toContain('A company appears twice');
    const unnamed = await post(
      admin,
      PATHS.accessSaveOrUpdate,
      { name: '  ', companyIds: [] },
      'zh',
    );
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.msg).toContain('请输入业务渠道');
  });

  it('offers the company and its affiliates, and drops a company once it is no longer affiliated', async () => {
    const offered = await get<AccessCompany[]>(admin, PATHS.accessCompanyList);
    expect(offered.body.data).toEqual([
      { id: String(demo), fullName: 'Demo Technology Co., Ltd.', main: true },
      { id: String(affiliate), fullName: 'Access Affiliate Co., Ltd.', main: false },
    ]);
    const departing = await addCompany(server.database, { name: 'Access Departing Co., Ltd.' });
    await server.database.query(
      'INSERT INTO sub_companies (main_company_id, sub_company_id) VALUES ($1, $2)',
      [demo, departing],
    );
    const made = await create('Billing', [affiliate, departing]);
    expect(made.companies.map((c) => Number(c.id))).toEqual([demo, affiliate, departing]);
    await server.database.query(
      'DELETE FROM sub_companies WHERE main_company_id = $1 AND sub_company_id = $2',
      [demo, departing],
    );
    const found = await findAccessPartyByKey(server.database, secrets, made.appKey);
    expect(found!.companyIds).toEqual([demo, affiliate]);
    const detail = await get<AccessParty>(admin, PATHS.accessDetail, { id: made.id });
    expect(detail.body.data.companies.map((c) => Number(c.id))).toEqual([demo, affiliate]);
  });

  it('changes the channel and companies without a new secret, and enables and disables', async () => {
    const made = await create('Warehouse', [affiliate]);
    const changed = await post<AccessPartySaved>(admin, PATHS.accessSaveOrUpdate, {
      id: made.id,
      name: 'Warehouse (new)',
      companyIds: [],
    });
    expect(changed.status, changed.body.msg).toBe(200);
    expect(changed.body.data).toMatchObject({
      name: 'Warehouse (new)',
      appKey: made.appKey,
      secret: null,
    });
    expect(changed.body.data.companies.map((c) => Number(c.id))).toEqual([demo]);

    const off = await post<AccessParty>(admin, PATHS.accessUpdateStatus, {
      id: made.id,
      enabled: false,
    });
    expect(off.body.data.enabled).toBe(false);
    const found = await findAccessPartyByKey(server.database, secrets, made.appKey);
    expect(found).toMatchObject({ enabled: false, secrets: [made.secret] });
    const options = await get<AccessPartyOption[]>(admin, PATHS.accessList);
    expect(options.body.data).toContainEqual({
      id: made.id,
      name: 'Warehouse (new)',
      appKey: made.appKey,
      enabled: false,
      callbackId: null,
    });
    const on = await post<AccessParty>(admin, PATHS.accessUpdateStatus, {
      id: made.id,
      enabled: true,
    });
    expect(on.body.data.enabled).toBe(true);
  });

  it('rotates the secret: both valid for the overlap, then only the new one', async () => {
    const made = await create('Rotating');
    const rotated = await post<AccessPartySaved>(admin, PATHS.accessRotateSecret, { id: made.id });
    expect(rotated.status, rotated.body.msg).toBe(200);
    const fresh = rotated.body.data.secret!;
    expect(fresh).toMatch(/^sk_/);
    expect(fresh).not.toBe(made.secret);
    const until = Date.parse(rotated.body.data.previousSecretUntil!);
    expect(Math.abs(until - (now().getTime() + ACCESS_SECRET_OVERLAP_HOURS * HOUR))).toBeLessThan(
      60_000,
    );
    const during = await findAccessPartyByKey(server.database, secrets, made.appKey, now());
    expect(during!.secrets).toEqual([fresh, made.secret]);

    offset += (ACCESS_SECRET_OVERLAP_HOURS + 1) * HOUR;
    try {
      const after = await findAccessPartyByKey(server.database, secrets, made.appKey, now());
      expect(after!.secrets).toEqual([fresh]);
      const detail = await get<AccessParty>(admin, PATHS.accessDetail, { id: made.id });
      expect(detail.body.data.previousSecretUntil).toBeNull();
    } finally {
      offset = 0;
    }
  });

  it('keeps another company’s parties out of sight and reach', async () => {
    const made = await create('Private channel');
    const theirs = await get<Page<AccessParty>>(otherAdmin, PATHS.accessPage, { size: '100' });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.records.map((p) => p.id)).not.toContain(made.id);
    expect((await get(otherAdmin, PATHS.accessDetail, { id: made.id })).status).toBe(404);
    for (const [path, body] of [
      [PATHS.accessSaveOrUpdate, { id: made.id, name: 'Taken', companyIds: [] }],
      [PATHS.accessUpdateStatus, { id: made.id, enabled: false }],
      [PATHS.accessRotateSecret, { id: made.id }],
    ] as const) {
      expect((await post(otherAdmin, path, body)).status, path).toBe(404);
    }
    const options = await get<AccessPartyOption[]>(otherAdmin, PATHS.accessList);
    expect(options.body.data.map((p) => p.id)).not.toContain(made.id);
    const still = await findAccessPartyByKey(server.database, secrets, made.appKey);
    expect(still).toMatchObject({ name: 'Private channel', enabled: true, secrets: [made.secret] });
  });

  it('needs application:access (and a company console)', async () => {
    const refused = await get(employee, PATHS.accessPage);
    expect(refused.status).toBe(403);
    expect(
      (await post(employee, PATHS.accessSaveOrUpdate, { name: 'X', companyIds: [] })).status,
    ).toBe(403);
    expect((await get(employee, PATHS.accessCompanyList)).status).toBe(403);
    expect((await get(employee, PATHS.accessList)).status).toBe(403);
    const personalConsole = await post(personal, PATHS.accessSaveOrUpdate, {
      name: 'Mine',
      companyIds: [],
    });
    expect(personalConsole.status).toBe(400);
  });
});
