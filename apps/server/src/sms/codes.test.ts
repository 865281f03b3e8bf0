import { PATHS, type OutboxMessage } from '@esign/platform';
import { beforeEach, describe, expect, it } from 'vitest';
import { outboxCode, withQuery, wrongCode } from '../test-support/account';
import { BACKENDS, call, requestToken, useTestServer } from '../test-support/server';

const DEMO_PHONE = '13800000001';

describe.each(BACKENDS)('SMS verification codes on $name', (backend) => {
  const server = useTestServer(backend);

  // Every request comes from 127.0.0.1: each test starts with that address's limits untouched.
  beforeEach(async () => {
    await server.database.query('DELETE FROM rate_events');
    await server.database.query('DELETE FROM sms_codes');
  });

  const sendForgetCode = (phone = DEMO_PHONE, at = server.base) =>
    call<{ resendAfter: number }>(at, 'POST', withQuery(PATHS.sendForgetCode, { phone }));
  const validate = (code: string, phone = DEMO_PHONE) =>
    call(server.base, 'POST', withQuery(PATHS.validateForgetCode, { phone, code }));
  /** Moves the last code's sending time back past the one-minute cooldown. */
  const passCooldown = () =>
    server.database.query("UPDATE sms_codes SET sent_at = sent_at - interval '61 seconds'");

  it('sends 6-digit codes through the development provider and keeps only their hash', async () => {
    expect((await sendForgetCode()).body).toMatchObject({
      code: 200,
      data: { resendAfter: 60, expiresIn: 300 },
    });
    const { body } = await call<OutboxMessage[]>(
      server.base,
      'GET',
      withQuery(PATHS.devOutbox, { phone: DEMO_PHONE }),
    );
    const [message] = body.data;
    expect(message).toMatchObject({ phone: DEMO_PHONE, purpose: 'forget-password' });
    expect(message!.code).toMatch(/^\d{6}$/);
    expect(Date.now() - Date.parse(message!.createdAt)).toBeLessThan(60_000);

    const rows = await server.database.query<{ code_hash: string; lifetime: number }>(
      'SELECT code_hash, extract(epoch FROM expires_at - sent_at)::int AS lifetime FROM sms_codes',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.lifetime).toBe(300);
    expect(rows[0]!.code_hash).not.toContain(message!.code);
  });

  it('lists the outbox newest first', async () => {
    await sendForgetCode();
    await passCooldown();
    await sendForgetCode();
    const { body } = await call<OutboxMessage[]>(
      server.base,
      'GET',
      withQuery(PATHS.devOutbox, { phone: DEMO_PHONE }),
    );
    const [newest, older] = body.data;
    expect(Date.parse(newest!.createdAt)).toBeGreaterThanOrEqual(Date.parse(older!.createdAt));
    // The newest code is the live one.
    expect((await validate(newest!.code)).body.success).toBe(true);
  });

  it('lets a code expire after 5 minutes', async () => {
    await sendForgetCode();
    const code = await outboxCode(server.base, DEMO_PHONE);
    expect((await validate(code)).body.success).toBe(true);
    await server.database.query("UPDATE sms_codes SET expires_at = now() - interval '1 second'");
    const expired = await validate(code);
    expect(expired.status).toBe(400);
    expect(expired.body.msg).toBe('The verification code has expired; please get a new one');
  });

  it('kills a code after 5 wrong tries, even for the right code', async () => {
    await sendForgetCode();
    const code = await outboxCode(server.base, DEMO_PHONE);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await validate(wrongCode(code))).body.msg).toBe(
        'Your verification code information is inconsistent',
      );
    }
    const locked = await validate(code);
    expect(locked.status).toBe(400);
    expect(locked.body.msg).toBe('Too many wrong tries; please get a new verification code');
  });

  it('refuses a resend within 60 s, saying how long to wait; a new code replaces the old', async () => {
    await sendForgetCode();
    const first = await outboxCode(server.base, DEMO_PHONE);
    const early = await sendForgetCode();
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({
      code: 429,
      success: false,
      msg: 'A code was sent less than a minute ago; please wait before asking for another',
    });
    expect(early.body.data.resendAfter).toBeGreaterThan(0);
    expect(early.body.data.resendAfter).toBeLessThanOrEqual(60);
    expect(early.headers.get('retry-after')).toBe(String(early.body.data.resendAfter));

    await passCooldown();
    expect((await sendForgetCode()).status).toBe(200);
    const second = await outboxCode(server.base, DEMO_PHONE);
    if (second !== first) expect((await validate(first)).body.success).toBe(false);
    expect((await validate(second)).body.success).toBe(true);
  });

  it('tells a page reloaded mid-countdown the seconds that remain of the minute', async () => {
    await sendForgetCode();
    await server.database.query("UPDATE sms_codes SET sent_at = sent_at - interval '45 seconds'");
    const early = await sendForgetCode();
    expect(early.status).toBe(429);
    // 15 s remain, give or take the second the request took.
    expect(early.body.data.resendAfter).toBeGreaterThanOrEqual(14);
    expect(early.body.data.resendAfter).toBeLessThanOrEqual(15);
    expect(Number(early.headers.get('retry-after'))).toBe(early.body.data.resendAfter);
    const anotherPurpose = await call(
      server.base,
      'POST',
      withQuery(PATHS.sendRegisterCode, { phone: '13800000999' }),
    );
    expect(anotherPurpose.headers.get('retry-after')).toBeNull();
  });

  it('sends at most 5 codes an hour to one phone', async () => {
    for (let sent = 0; sent < 5; sent += 1) {
      expect((await sendForgetCode()).status).toBe(200);
      await passCooldown();
    }
    const refused = await sendForgetCode();
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe(
      'Too many verification codes have been requested; please try again later',
    );
  });

  it('sends at most 20 codes an hour from one IP address, across server processes', async () => {
    const another = await server.startAnother();
    try {
      // 24 requests at once, half to each process: exactly 20 codes go out.
      const statuses = await Promise.all(
        Array.from({ length: 24 }, async (_, n) => {
          const phone = `1390000${String(n).padStart(4, '0')}`;
          const at = n % 2 === 0 ? server.base : another.base;
          return (await call(at, 'POST', withQuery(PATHS.sendRegisterCode, { phone }))).status;
        }),
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(20);
      expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    } finally {
      await another.close();
    }
  });

  it('signs in with a login code read from the outbox, once', async () => {
    const sent = await call(
      server.base,
      'GET',
      withQuery(PATHS.smsLoginCode, { phone: DEMO_PHONE }),
    );
    expect(sent.body).toMatchObject({ code: 200, data: { resendAfter: 60 } });
    const code = await outboxCode(server.base, DEMO_PHONE);
    const form = { grant_type: 'sms', tenant_id: '000000', phone: DEMO_PHONE, code };
    const signedIn = await requestToken(server.base, form);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ account: DEMO_PHONE, token_type: 'bearer' });

    const reused = await requestToken(server.base, form);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });

    const unregistered = await call(
      server.base,
      'GET',
      withQuery(PATHS.smsLoginCode, { phone: '13900000099' }),
    );
    expect(unregistered.body.msg).toBe('This phone number is not registered');
  });

  it('serves the outbox only in development', async () => {
    const production = await server.startAnother({ development: false });
    try {
      const outbox = await call(
        production.base,
        'GET',
        withQuery(PATHS.devOutbox, { phone: DEMO_PHONE }),
      );
      expect(outbox.status).toBe(404);
      // Codes are still sent there, through the same provider.
      expect((await sendForgetCode(DEMO_PHONE, production.base)).status).toBe(200);
    } finally {
      await production.close();
    }
  });
});
