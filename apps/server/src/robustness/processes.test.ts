import { PATHS, type TokenResponse, type UserInfo } from '@esign/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../seed';
import { outboxCode, withQuery } from '../test-support/account';
import { demoCompanyId, switchConsole } from '../test-support/companies';
import {
  BACKENDS,
  call,
  login,
  requestToken,
  useTestServer,
  type TestApp,
} from '../test-support/server';

const PERSON = '13800000001';
const ADMIN = '13800000002';

// Two server processes on one database, as behind a load balancer: whichever a request reaches,
// the user sees one service.
describe.each(BACKENDS)('several server processes on one database on $name', (backend) => {
  const first = useTestServer(backend);
  let second: TestApp;
  beforeAll(async () => {
    second = await first.startAnother();
  });
  afterAll(() => second.close());

  const refresh = (base: string, refreshToken: string) =>
    requestToken(base, { grant_type: 'refresh_token', refresh_token: refreshToken });

  it('serves a session signed in on one process on the other, through refresh and logout', async () => {
    const signedIn = await login(first.base, PERSON);
    const info = await call<UserInfo>(second.base, 'GET', PATHS.userInfo, {
      token: signedIn.access_token,
    });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ phone: PERSON });

    const refreshed = await refresh(second.base, signedIn.refresh_token);
    expect(refreshed.status).toBe(200);
    const renewed = (await refreshed.json()) as TokenResponse;
    // The refresh token rotated on the second process gives the first the same pair (within the
    // reuse interval), so a race between processes rotates it once.
    const raced = await refresh(first.base, signedIn.refresh_token);
    expect(raced.status).toBe(200);
    expect(((await raced.json()) as TokenResponse).refresh_token).toBe(renewed.refresh_token);
    const { status } = await call(first.base, 'GET', PATHS.userInfo, {
      token: renewed.access_token,
    });
    expect(status).toBe(200);

    const logout = await call(first.base, 'POST', PATHS.logout, {
      token: renewed.access_token,
      body: { refresh_token: renewed.refresh_token },
    });
    expect(logout.status).toBe(200);
    expect((await refresh(second.base, renewed.refresh_token)).status).toBe(401);
  });

  it('accepts on one process the SMS code another sent, once, with one resend wait', async () => {
    const sent = await call(first.base, 'GET', withQuery(PATHS.smsLoginCode, { phone: PERSON }));
    expect(sent.status).toBe(200);
    const early = await call(second.base, 'GET', withQuery(PATHS.smsLoginCode, { phone: PERSON }));
    expect(early.status).toBe(429);

    const form = {
      grant_type: 'sms',
      tenant_id: '000000',
      phone: PERSON,
      code: await outboxCode(second.base, PERSON),
    };
    const signedIn = await requestToken(second.base, form);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ account: PERSON });
    expect((await requestToken(first.base, form)).status).toBe(400);
  });

  it('keeps a company switch made on one process on the other', async () => {
    const companyId = await demoCompanyId(first.database);
    const personal = await login(first.base, ADMIN);
    const switched = await switchConsole(first.base, personal.access_token, companyId);
    expect(switched.status).toBe(200);
    const company = (await switched.json()) as TokenResponse;

    const info = await call<UserInfo>(second.base, 'GET', PATHS.userInfo, {
      token: company.access_token,
    });
    expect(info.body.data).toMatchObject({
      companyId,
      companyName: DEMO_COMPANY,
      roles: ['admin'],
    });
    const refreshed = await refresh(second.base, company.refresh_token);
    expect(await refreshed.json()).toMatchObject({
      company_id: companyId,
      company_name: DEMO_COMPANY,
    });
  });
});
