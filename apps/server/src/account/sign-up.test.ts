import { PATHS, type TokenResponse } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { outboxCode, register, withQuery, wrongCode } from '../test-support/account';
import { BACKENDS, call, login, requestToken, useTestServer } from '../test-support/server';

describe.each(BACKENDS)('signing up on $name', (backend) => {
  const server = useTestServer(backend);

  const checkPhone = async (phone: string) =>
    (
      await call<{ registered: boolean }>(
        server.base,
        'GET',
        withQuery(PATHS.checkPhone, { phone }),
      )
    ).body.data;

  it('registers with a code, signs in, and a password change ends the earlier sessions', async () => {
    const phone = '13900000011';
    expect(await checkPhone(phone)).toEqual({ registered: false });

    const sent = await call(server.base, 'POST', withQuery(PATHS.sendRegisterCode, { phone }));
    expect(sent.body).toMatchObject({ code: 200, data: { resendAfter: 60, expiresIn: 300 } });
    const code = await outboxCode(server.base, phone);
    expect(code).toMatch(/^\d{6}$/);

    const registered = await call<TokenResponse>(
      server.base,
      'POST',
      withQuery(PATHS.register, { phone, code, password: 'First1234' }),
    );
    expect(registered.status).toBe(200);
    expect(registered.body.data).toMatchObject({
      token_type: 'bearer',
      account: phone,
      company_id: -1,
    });
    const info = await call(server.base, 'GET', PATHS.userInfo, {
      token: registered.body.data.access_token,
    });
    expect(info.body.data).toMatchObject({ phone, authStep: 'NOT', launchAuth: false });
    expect(await checkPhone(phone)).toEqual({ registered: true });

    const session = await login(server.base, phone, 'First1234');
    const refreshed = await requestToken(server.base, {
      grant_type: 'refresh_token',
      refresh_token: session.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const current = (await refreshed.json()) as TokenResponse;

    const changed = await call(server.base, 'POST', PATHS.changePassword, {
      token: current.access_token,
      body: { oldPassword: 'First1234', newPassword: 'Second123', confirmPassword: 'Second123' },
    });
    expect(changed.body).toMatchObject({ code: 200, success: true });

    // The registration's session ends; the one that changed the password goes on.
    const refused = await requestToken(server.base, {
      grant_type: 'refresh_token',
      refresh_token: registered.body.data.refresh_token,
    });
    expect(refused.status).toBe(401);
    const kept = await requestToken(server.base, {
      grant_type: 'refresh_token',
      refresh_token: current.refresh_token,
    });
    expect(kept.status).toBe(200);
    expect((await login(server.base, phone, 'Second123')).access_token).toBeTruthy();
    await expect(login(server.base, phone, 'First1234')).rejects.toThrow(/login failed/);
  });

  it('refuses a registered phone, a wrong code and a password against the rules', async () => {
    const taken = await call(
      server.base,
      'POST',
      withQuery(PATHS.sendRegisterCode, { phone: '13800000001' }),
      { headers: { Lang: 'zh' } },
    );
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ success: false, msg: '该手机号已注册' });

    const phone = '13900000012';
    await call(server.base, 'POST', withQuery(PATHS.sendRegisterCode, { phone }));
    const code = await outboxCode(server.base, phone);
    const weak = await call(
      server.base,
      'POST',
      withQuery(PATHS.register, { phone, code, password: 'onlyletters' }),
    );
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toBe('password: Combination of 8~16 digits and letters password');

    const wrong = await call(
      server.base,
      'POST',
      withQuery(PATHS.register, { phone, code: wrongCode(code), password: 'Good1234' }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('Your verification code information is inconsistent');
    expect(await checkPhone(phone)).toEqual({ registered: false });

    await register(server.base, '13900000013', 'Good1234');
    const again = await call(
      server.base,
      'POST',
      withQuery(PATHS.register, { phone: '13900000013', code, password: 'Good1234' }),
    );
    expect(again.body.msg).toBe('This phone number is already registered');
  });

  it('checks the phone format and the tenant', async () => {
    const badPhone = await call(
      server.base,
      'GET',
      withQuery(PATHS.checkPhone, { phone: '12345' }),
    );
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.msg).toBe('phone: Incorrect phone number');

    const elsewhere = await call(
      server.base,
      'POST',
      withQuery(PATHS.sendRegisterCode, { phone: '13900000014' }),
      { headers: { 'Tenant-Id': '999999' } },
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.msg).toBe('Unknown tenant');
  });
});
