import { PATHS } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { outboxCode, register, withQuery, wrongCode } from '../test-support/account';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';

describe.each(BACKENDS)('changing the phone number on $name', (backend) => {
  const server = useTestServer(backend);

  it('moves the account to a new phone proven by a code sent to it', async () => {
    const { access_token: token } = await register(server.base, '13900000031', 'First1234');
    const newPhone = '13900000032';

    const taken = await call(
      server.base,
      'POST',
      withQuery(PATHS.sendChangePhoneCode, { phone: '13800000001' }),
      { token },
    );
    expect(taken.status).toBe(400);
    expect(taken.body.msg).toBe('This phone number is already registered');
    const anonymous = await call(
      server.base,
      'POST',
      withQuery(PATHS.sendChangePhoneCode, { phone: newPhone }),
    );
    expect(anonymous.status).toBe(401);

    const sent = await call(
      server.base,
      'POST',
      withQuery(PATHS.sendChangePhoneCode, { phone: newPhone }),
      { token },
    );
    expect(sent.body).toMatchObject({ code: 200, data: { resendAfter: 60 } });
    const code = await outboxCode(server.base, newPhone);
    const change = (value: string, oldCode?: string) =>
      call(
        server.base,
        'POST',
        withQuery(PATHS.changePhone, {
          phone: newPhone,
          code: value,
          ...(oldCode === undefined ? {} : { oldCode }),
        }),
        { token },
      );
    // The new phone's code alone does not move the account: the current phone must agree too.
    const withoutOld = await change(code);
    expect(withoutOld.status).toBe(400);
    expect(withoutOld.body.msg).toBe('oldCode: This field is required');
    expect((await change(code, '123456')).body.msg).toBe(
      'The code sent to your current phone is incorrect or has expired',
    );
    const oldSent = await call(server.base, 'POST', PATHS.sendOldPhoneCode, { token });
    expect(oldSent.body).toMatchObject({ code: 200, data: { resendAfter: 60 } });
    const oldCode = await outboxCode(server.base, '13900000031');
    expect((await change(code, wrongCode(oldCode))).body.msg).toBe(
      'The code sent to your current phone is incorrect or has expired',
    );
    expect((await change(wrongCode(code), oldCode)).body.msg).toBe(
      'Your verification code information is inconsistent',
    );
    // Neither mistake spent the other code: both still move the account.
    expect((await change(code, oldCode)).body).toMatchObject({ code: 200, success: true });

    const info = await call(server.base, 'GET', PATHS.userInfo, { token });
    expect(info.body.data).toMatchObject({ phone: newPhone });
    expect((await login(server.base, newPhone, 'First1234')).access_token).toBeTruthy();
    const old = await call(
      server.base,
      'GET',
      withQuery(PATHS.checkPhone, { phone: '13900000031' }),
    );
    expect(old.body.data).toEqual({ registered: false });
  });

  it('refuses a code sent for another purpose', async () => {
    const { access_token: token } = await register(server.base, '13900000033', 'First1234');
    // The registration code of 13900000034 cannot move another account onto that phone.
    await call(server.base, 'POST', withQuery(PATHS.sendRegisterCode, { phone: '13900000034' }));
    const code = await outboxCode(server.base, '13900000034');
    await call(server.base, 'POST', PATHS.sendOldPhoneCode, { token });
    const oldCode = await outboxCode(server.base, '13900000033');
    const change = await call(
      server.base,
      'POST',
      withQuery(PATHS.changePhone, { phone: '13900000034', code, oldCode }),
      { token },
    );
    expect(change.status).toBe(400);
    expect(change.body.msg).toBe('The verification code has expired; please get a new one');
  });

  it('does not take the current phone’s code in place of the new phone’s', async () => {
    const { access_token: token } = await register(server.base, '13900000035', 'First1234');
    await call(server.base, 'POST', PATHS.sendOldPhoneCode, { token });
    const oldCode = await outboxCode(server.base, '13900000035');
    const change = await call(
      server.base,
      'POST',
      withQuery(PATHS.changePhone, { phone: '13900000036', code: oldCode, oldCode }),
      { token },
    );
    expect(change.status).toBe(400);
    const info = await call(server.base, 'GET', PATHS.userInfo, { token });
    expect(info.body.data).toMatchObject({ phone: '13900000035' });
  });
});
