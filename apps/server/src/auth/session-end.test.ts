import { DEFAULT_TENANT_ID, PATHS, type TokenResponse } from '@esign/platform';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { withQuery, outboxCode } from '../test-support/account';
import { addCompany, addUser, switchConsole } from '../test-support/companies';
import { addContract } from '../test-support/contracts';
import { BACKENDS, call, login, requestToken, useTestServer } from '../test-support/server';
import { DEMO_PASSWORD } from '../seed';
import { endUserSessions } from './sessions';
import { REFRESH_REUSE_INTERVAL_S, signingKey } from './tokens';

/** The answer to an expired or forged access token, which an ended session must get too. */
const EXPIRED = {
  code: 401,
  success: false,
  data: null,
  msg: 'Login information expired, please login again',
};

describe.each(BACKENDS)('sessions that end at once on $name', (backend) => {
  const server = useTestServer(backend);
  let phones = 0;

  /** A user with a contract they are a party to, and a company they administer. */
  const person = async () => {
    const phone = `139000071${String(phones++).padStart(2, '0')}`;
    const companyId = await addCompany(server.database, { name: `Session Co. ${phone}` });
    const userId = await addUser(server.database, {
      phone,
      company: { id: companyId, role: 'admin' },
    });
    const contractId = await addContract(server.database, {
      initiator: userId,
      status: 'signing',
      parties: [{ userId }],
    });
    return { phone, userId, companyId, contractId };
  };
  type Person = Awaited<ReturnType<typeof person>>;

  /** The access token's answers on userInfo, contract/detail and contract/myPage, by `base`. */
  const reads = async (token: string, { contractId }: Person, base = server.base) =>
    Promise.all([
      call(base, 'GET', PATHS.userInfo, { token }),
      call(base, 'GET', withQuery(PATHS.contractDetail, { id: String(contractId) }), { token }),
      call(base, 'GET', PATHS.contractMyPage, { token }),
    ]);
  const works = async (token: string, who: Person, base?: string) => {
    const answers = await reads(token, who, base);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers[0]!.body.data).toMatchObject({ phone: who.phone });
  };
  const ended = async (token: string, who: Person, base?: string) => {
    const answers = await reads(token, who, base);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401]);
    for (const answer of answers) expect(answer.body).toEqual(EXPIRED);
  };

  const refresh = async (refreshToken: string) => {
    const response = await requestToken(server.base, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    });
    return { status: response.status, body: (await response.json()) as TokenResponse };
  };
  const intoCompany = async (accessToken: string, companyId: number) => {
    const response = await switchConsole(server.base, accessToken, companyId);
    expect(response.status).toBe(200);
    return (await response.json()) as TokenResponse;
  };
  const changePassword = (token: string, oldPassword: string, newPassword: string) =>
    call(server.base, 'POST', PATHS.changePassword, {
      token,
      body: { oldPassword, newPassword, confirmPassword: newPassword },
    });
  const reasons = async (userId: number) =>
    (
      await server.database.query<{ reason: string | null }>(
        `SELECT DISTINCT revoked_reason AS reason FROM refresh_tokens
         WHERE user_id = $1 AND revoked_at IS NOT NULL`,
        [userId],
      )
    ).map((row) => row.reason);

  it('keeps a session working through refreshes and console switches (no false 401)', async () => {
    const who = await person();
    const signedIn = await login(server.base, who.phone);
    await works(signedIn.access_token, who);
    const company = await intoCompany(signedIn.access_token, who.companyId);
    const renewed = await refresh(company.refresh_token);
    expect(renewed.status).toBe(200);
    const back = await intoCompany(renewed.body.access_token, -1);
    // Every token of the session still works, the older ones until they expire.
    for (const token of [signedIn.access_token, back.access_token]) await works(token, who);
    for (const token of [company.access_token, renewed.body.access_token]) {
      const [info, list] = await Promise.all([
        call(server.base, 'GET', PATHS.userInfo, { token }),
        call(server.base, 'GET', PATHS.contractMyPage, { token }),
      ]);
      expect(info.body.data).toMatchObject({ companyId: who.companyId });
      expect(list.status).toBe(200);
    }
    // Another session of the user logging out leaves this one alone.
    const elsewhere = await login(server.base, who.phone);
    const logout = await call(server.base, 'POST', PATHS.logout, {
      token: elsewhere.access_token,
      body: { refresh_token: elsewhere.refresh_token },
    });
    expect(logout.status).toBe(200);
    await works(back.access_token, who);
    expect((await refresh(back.refresh_token)).status).toBe(200);
  });

  it('ends every token of a login at logout, in every console, on every process', async () => {
    const who = await person();
    const another = await server.startAnother();
    try {
      const signedIn = await login(server.base, who.phone);
      const company = await intoCompany(signedIn.access_token, who.companyId);
      const renewed = await refresh(company.refresh_token);
      const back = await intoCompany(renewed.body.access_token, -1);
      const otherDevice = await login(server.base, who.phone);
      await works(back.access_token, who, another.base);

      const logout = await call(another.base, 'POST', PATHS.logout, {
        token: back.access_token,
        body: { refresh_token: back.refresh_token },
      });
      expect(logout.status).toBe(200);
      for (const base of [server.base, another.base]) {
        for (const token of [signedIn.access_token, back.access_token])
          await ended(token, who, base);
        const inCompany = await call(base, 'GET', PATHS.userInfo, {
          token: renewed.body.access_token,
        });
        expect(inCompany.status).toBe(401);
        expect(inCompany.body).toEqual(EXPIRED);
      }
      for (const spent of [signedIn.refresh_token, company.refresh_token, back.refresh_token]) {
        expect((await refresh(spent)).status).toBe(401);
      }
      // An ended session cannot move into a console either.
      const switched = await switchConsole(server.base, back.access_token, who.companyId);
      expect(switched.status).toBe(401);
      await works(otherDevice.access_token, who, another.base);
      expect(await reasons(who.userId)).toEqual(['logout']);
    } finally {
      await another.close();
    }
  });

  it('ends the other sessions when a session changes the password, and keeps that one', async () => {
    const who = await person();
    const changer = await login(server.base, who.phone);
    const other = await login(server.base, who.phone);
    const otherInCompany = await intoCompany(other.access_token, who.companyId);

    const changed = await changePassword(changer.access_token, DEMO_PASSWORD, 'Changed123');
    expect(changed.body).toMatchObject({ code: 200, success: true });

    await ended(other.access_token, who);
    const company = await call(server.base, 'GET', PATHS.userInfo, {
      token: otherInCompany.access_token,
    });
    expect(company.body).toEqual(EXPIRED);
    expect((await refresh(otherInCompany.refresh_token)).status).toBe(401);
    await works(changer.access_token, who);
    const renewed = await refresh(changer.refresh_token);
    expect(renewed.status).toBe(200);
    await works(renewed.body.access_token, who);
    expect(await reasons(who.userId)).toEqual(['passwordChanged']);
  });

  it('ends a session in a company console when another session changes the password', async () => {
    const who = await person();
    const desk = await login(server.base, who.phone);
    const deskInCompany = await intoCompany(desk.access_token, who.companyId);
    const companyReads = () =>
      Promise.all([
        call(server.base, 'GET', PATHS.userInfo, { token: deskInCompany.access_token }),
        call(server.base, 'GET', PATHS.contractMyPage, { token: deskInCompany.access_token }),
      ]);
    expect((await companyReads()).map((answer) => answer.status)).toEqual([200, 200]);

    const phone = await login(server.base, who.phone);
    const changed = await changePassword(phone.access_token, DEMO_PASSWORD, 'Changed123');
    expect(changed.status).toBe(200);

    const after = await companyReads();
    expect(after.map((answer) => answer.status)).toEqual([401, 401]);
    for (const answer of after) expect(answer.body).toEqual(EXPIRED);
    await ended(desk.access_token, who);
    await works(phone.access_token, who);
  });

  it('ends every session when the password is reset by SMS code', async () => {
    const who = await person();
    const first = await login(server.base, who.phone);
    const second = await intoCompany(
      (await login(server.base, who.phone)).access_token,
      who.companyId,
    );

    await call(server.base, 'POST', withQuery(PATHS.sendForgetCode, { phone: who.phone }));
    const code = await outboxCode(server.base, who.phone);
    const reset = await call(
      server.base,
      'POST',
      withQuery(PATHS.resetPassword, { phone: who.phone, code, password: 'Reset1234' }),
    );
    expect(reset.body).toMatchObject({ code: 200, success: true });

    await ended(first.access_token, who);
    const company = await call(server.base, 'GET', PATHS.contractMyPage, {
      token: second.access_token,
    });
    expect(company.body).toEqual(EXPIRED);
    await works((await login(server.base, who.phone, 'Reset1234')).access_token, who);
    expect(await reasons(who.userId)).toEqual(['passwordReset']);
  });

  it('ends the family’s access tokens when a spent refresh token comes back', async () => {
    const who = await person();
    const signedIn = await login(server.base, who.phone);
    const rotated = await refresh(signedIn.refresh_token);
    const company = await intoCompany(rotated.body.access_token, who.companyId);
    const otherDevice = await login(server.base, who.phone);
    await server.database.query(
      `UPDATE refresh_tokens SET rotated_at = rotated_at - make_interval(secs => $2)
       WHERE user_id = $1 AND rotated_at IS NOT NULL`,
      [who.userId, REFRESH_REUSE_INTERVAL_S + 1],
    );
    expect((await refresh(signedIn.refresh_token)).status).toBe(401);

    for (const token of [signedIn.access_token, rotated.body.access_token]) await ended(token, who);
    const inCompany = await call(server.base, 'GET', PATHS.userInfo, {
      token: company.access_token,
    });
    expect(inCompany.body).toEqual(EXPIRED);
    await works(otherDevice.access_token, who);
    expect(await reasons(who.userId)).toEqual(['refreshReuse']);
  });

  it('ends every session of a user for an operator or a closed account, seen by another connection', async () => {
    const who = await person();
    const another = await server.startAnother();
    try {
      const first = await login(server.base, who.phone);
      const second = await intoCompany(
        (await login(another.base, who.phone)).access_token,
        who.companyId,
      );
      const bystander = await person();
      const untouched = await login(server.base, bystander.phone);

      expect(await endUserSessions(another.database, who.userId, 'operator')).toBe(2);
      for (const base of [server.base, another.base]) {
        await ended(first.access_token, who, base);
        const company = await call(base, 'GET', PATHS.userInfo, { token: second.access_token });
        expect(company.body).toEqual(EXPIRED);
      }
      expect((await refresh(second.refresh_token)).status).toBe(401);
      await works(untouched.access_token, bystander);
      expect(await reasons(who.userId)).toEqual(['operator']);

      const again = await login(server.base, who.phone);
      await works(again.access_token, who);
      expect(await endUserSessions(server.database, who.userId, 'accountClosed')).toBe(1);
      await ended(again.access_token, who, another.base);
      expect(await endUserSessions(server.database, who.userId, 'accountClosed')).toBe(0);
    } finally {
      await another.close();
    }
  });

  it('refuses an access token that names no session, as one issued before sessions could end', async () => {
    const who = await person();
    const now = Math.floor(Date.now() / 1000);
    const legacy = await new SignJWT({ tenant_id: DEFAULT_TENANT_ID, company_id: -1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(who.userId))
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(await signingKey(server.database));
    await ended(legacy, who);
  });
});
