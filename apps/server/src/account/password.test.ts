import { PATHS, type TokenResponse } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { outboxCode, register, withQuery, wrongCode } from '../test-support/account';
import { BACKENDS, call, login, requestToken, useTestServer } from '../test-support/server';

describe.each(BACKENDS)('passwords on $name', (backend) => {
  const server = useTestServer(backend);

  /** Signs in by an SMS login code (read from the outbox). */
  const smsLogin = async (phone: string): Promise<TokenResponse> => {
    await call(server.base, 'GET', withQuery(PATHS.smsLoginCode, { phone }));
    const response = await requestToken(server.base, {
      grant_type: 'sms',
      tenant_id: '000000',
      phone,
      code: await outboxCode(server.base, phone),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as TokenResponse;
  };

  it('lets a user without a password set a first one, once', async () => {
    await server.database.query(
      "INSERT INTO users (tenant_id, phone, name) VALUES ('000000', '13900000021', 'No Password')",
    );
    const { access_token: token } = await smsLogin('13900000021');
    const isSet = () => call<boolean>(server.base, 'GET', PATHS.isPasswordSet, { token });
    expect((await isSet()).body.data).toBe(false);

    const weak = await call(
      server.base,
      'POST',
      withQuery(PATHS.setPassword, { password: '12345678' }),
      {
        token,
      },
    );
    expect(weak.status).toBe(400);
    const set = await call(
      server.base,
      'POST',
      withQuery(PATHS.setPassword, { password: 'First1234' }),
      {
        token,
      },
    );
    expect(set.body).toMatchObject({ code: 200, success: true });
    expect((await isSet()).body.data).toBe(true);
    expect((await login(server.base, '13900000021', 'First1234')).access_token).toBeTruthy();

    const again = await call(
      server.base,
      'POST',
      withQuery(PATHS.setPassword, { password: 'Other1234' }),
      { token },
    );
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('A password is already set');
    const anonymous = await call(server.base, 'GET', PATHS.isPasswordSet);
    expect(anonymous.status).toBe(401);
  });

  it('changes a password only with the right old one, typed twice alike, and different', async () => {
    const { access_token: token } = await register(server.base, '13900000022', 'First1234');
    const change = (body: Record<string, string>) =>
      call(server.base, 'POST', PATHS.changePassword, { token, body, headers: { Lang: 'zh' } });

    const wrongOld = await change({
      oldPassword: 'Wrong1234',
      newPassword: 'Second123',
      confirmPassword: 'Second123',
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.msg).toBe('原密码不正确');
    const mismatch = await change({
      oldPassword: 'First1234',
      newPassword: 'Second123',
      confirmPassword: 'Second124',
    });
    expect(mismatch.body.msg).toBe('confirmPassword: 两次输入的密码不一致');
    const same = await change({
      oldPassword: 'First1234',
      newPassword: 'First1234',
      confirmPassword: 'First1234',
    });
    expect(same.body.msg).toBe('newPassword: 新密码不能与旧密码相同');
  });

  it('resets a forgotten password with a code, which a check does not spend', async () => {
    const phone = '13900000023';
    const session = await register(server.base, phone, 'First1234');

    const unknown = await call(
      server.base,
      'POST',
      withQuery(PATHS.sendForgetCode, { phone: '13900000029' }),
    );
    expect(unknown.body.msg).toBe('This phone number is not registered');

    await call(server.base, 'POST', withQuery(PATHS.sendForgetCode, { phone }));
    const code = await outboxCode(server.base, phone);
    const validate = (value: string) =>
      call(server.base, 'POST', withQuery(PATHS.validateForgetCode, { phone, code: value }));
    expect((await validate(wrongCode(code))).body.msg).toBe(
      'Your verification code information is inconsistent',
    );
    expect((await validate(code)).body).toMatchObject({ code: 200, success: true });
    expect((await validate(code)).body).toMatchObject({ code: 200, success: true });

    const reset = (password: string, value = code) =>
      call(server.base, 'POST', withQuery(PATHS.resetPassword, { phone, code: value, password }));
    expect((await reset('Other1234', wrongCode(code))).body.msg).toBe(
      'Your verification code information is inconsistent',
    );
    expect((await reset('First1234')).body.msg).toBe(
      'The new password must differ from the old one',
    );
    expect((await reset('Second123')).body).toMatchObject({ code: 200, success: true });
    // The code is spent, and every session of the account is signed out.
    expect((await reset('Third1234')).body.msg).toBe(
      'The verification code has expired; please get a new one',
    );
    const refresh = await requestToken(server.base, {
      grant_type: 'refresh_token',
      refresh_token: session.refresh_token,
    });
    expect(refresh.status).toBe(401);
    expect((await login(server.base, phone, 'Second123')).access_token).toBeTruthy();
  });
});
