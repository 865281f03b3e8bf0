import { PATHS, type CaptchaData, type TokenError } from '@esign/platform';
import { beforeEach, describe, expect, it } from 'vitest';
import { BACKENDS, BASIC_CLIENT, call, requestToken, useTestServer } from '../test-support/server';
import { LIVE_CAPTCHAS_MAX } from './store';

const PHONE = '13800000001';
const PASSWORD = 'Demo12345';

describe.each(BACKENDS)('the graphic captcha on $name', (backend) => {
  /** What the next captcha's answer will be. */
  let answer = 'K7P3';
  const server = useTestServer(backend, { captchaText: () => answer });

  // Failed logins are counted per account and per IP (all tests come from 127.0.0.1).
  beforeEach(() => server.database.query('DELETE FROM rate_events'));

  const newCaptcha = async (text: string) => {
    answer = text;
    return (await call<CaptchaData>(server.base, 'GET', PATHS.captcha)).body.data;
  };
  const signIn = async (
    form: Record<string, string>,
    captcha?: { key: string; code: string },
  ): Promise<{ status: number; body: TokenError & { access_token?: string } }> => {
    const response = await requestToken(
      server.base,
      { tenant_id: '000000', username: PHONE, password: PASSWORD, ...form },
      {
        Authorization: BASIC_CLIENT,
        ...(captcha ? { 'Captcha-Key': captcha.key, 'Captcha-Code': captcha.code } : {}),
      },
    );
    return { status: response.status, body: (await response.json()) as never };
  };

  it('serves an SVG image with a key, and keeps only a hash of the answer', async () => {
    const captcha = await newCaptcha('W4XY');
    expect(captcha.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(captcha.image.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(captcha.image.split(',')[1]!, 'base64').toString();
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const [row] = await server.database.query<{ answer_hash: string }>(
      'SELECT answer_hash FROM captchas WHERE key = $1',
      [captcha.key],
    );
    expect(row!.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.answer_hash).not.toContain('W4XY');
  });

  it('asks for the captcha after a failed login, until the account signs in', async () => {
    const wrong = await signIn({ grant_type: 'password', password: 'Wrong1234' });
    expect(wrong).toMatchObject({ status: 400, body: { captcha_required: true } });

    const without = await signIn({ grant_type: 'password' });
    expect(without).toEqual({
      status: 400,
      body: {
        error: 'invalid_request',
        error_description: 'Please enter the graphic verification code',
        captcha_required: true,
      },
    });

    const first = await newCaptcha('AB23');
    const mistyped = await signIn({ grant_type: 'password' }, { key: first.key, code: 'AB24' });
    expect(mistyped.body).toMatchObject({
      error: 'invalid_grant',
      error_description:
        'The graphic verification code is wrong or has expired; please try a new one',
      captcha_required: true,
    });
    // One guess per image: the right answer no longer opens it.
    const reused = await signIn({ grant_type: 'password' }, { key: first.key, code: 'AB23' });
    expect(reused.body.error_description).toMatch(/graphic verification code is wrong/);

    // Either grant takes the captcha; answers ignore case.
    const second = await newCaptcha('CD45');
    const solved = await signIn({ grant_type: 'password' }, { key: second.key, code: 'cd45' });
    expect(solved.status).toBe(200);
    expect(solved.body.access_token).toBeTruthy();

    // Signed in: the captcha is no longer asked for.
    expect((await signIn({ grant_type: 'password' })).status).toBe(200);
  });

  it('always wants the captcha with grant_type=captcha, and refuses an expired one', async () => {
    const without = await signIn({ grant_type: 'captcha' });
    expect(without.body).toMatchObject({ error: 'invalid_request', captcha_required: true });

    const stale = await newCaptcha('EF67');
    await server.database.query(
      "UPDATE captchas SET expires_at = now() - interval '1 second' WHERE key = $1",
      [stale.key],
    );
    expect((await signIn({ grant_type: 'captcha' }, { key: stale.key, code: 'EF67' })).status).toBe(
      400,
    );

    const fresh = await newCaptcha('GH89');
    const solved = await signIn({ grant_type: 'captcha' }, { key: fresh.key, code: 'GH89' });
    expect(solved.status).toBe(200);
  });

  it('asks every account signing in from an IP for the captcha after 3 failures there', async () => {
    for (const phone of ['13900000041', '13900000042']) {
      const wrong = await signIn({ grant_type: 'password', username: phone });
      expect(wrong.body.error_description).toBe('Incorrect phone number or password');
    }
    // Two failures from this address: an account that has not failed signs in freely.
    expect((await signIn({ grant_type: 'password' })).status).toBe(200);
    await signIn({ grant_type: 'password', username: '13900000043' });
    const asked = await signIn({ grant_type: 'password' });
    expect(asked.body).toMatchObject({ error: 'invalid_request', captcha_required: true });
  });
});

describe.each(BACKENDS)('the graphic captcha’s limits on $name', (backend) => {
  // Behind a proxy that names each client (X-Forwarded-For), as in production.
  const ANSWER = 'ZX34';
  const server = useTestServer(backend, { trustProxy: true, captchaText: () => ANSWER });

  beforeEach(async () => {
    await server.database.query('DELETE FROM rate_events');
    await server.database.query('DELETE FROM captchas');
  });

  const captchaFrom = (base: string, address: string, lang: 'en' | 'zh' = 'en') =>
    call<CaptchaData | null>(base, 'GET', PATHS.captcha, {
      headers: { 'X-Forwarded-For': address, Lang: lang },
    });
  const liveCaptchas = async () =>
    Number(
      (
        await server.database.query<{ n: string }>(
          'SELECT count(*) AS n FROM captchas WHERE expires_at > now()',
        )
      )[0]!.n,
    );

  it('gives one address 60 captchas in 5 minutes, then 429 in its language; other addresses go on', async () => {
    for (let made = 0; made < 60; made += 1) {
      expect((await captchaFrom(server.base, '203.0.113.7')).status).toBe(200);
    }
    expect(await captchaFrom(server.base, '203.0.113.7')).toMatchObject({
      status: 429,
      body: {
        code: 429,
        success: false,
        data: null,
        msg: 'Too many graphic verification codes have been requested; please try again later',
      },
    });
    expect((await captchaFrom(server.base, '203.0.113.7', 'zh')).body.msg).toBe(
      '获取图形验证码过于频繁，请稍后再试',
    );
    // A refused request stores nothing.
    expect(await liveCaptchas()).toBe(60);
    expect((await captchaFrom(server.base, '203.0.113.8')).status).toBe(200);
    expect(await liveCaptchas()).toBe(61);
  });

  it('counts an address’s captchas across server processes, and 300 an hour', async () => {
    const another = await server.startAnother({ trustProxy: true });
    try {
      for (let made = 0; made < 60; made += 1) {
        const base = made % 2 === 0 ? server.base : another.base;
        expect((await captchaFrom(base, '198.51.100.20')).status).toBe(200);
      }
      for (const base of [server.base, another.base]) {
        expect((await captchaFrom(base, '198.51.100.20')).status).toBe(429);
      }
    } finally {
      await another.close();
    }
    // 300 captchas earlier in the hour, none in the last 5 minutes: the hourly limit holds.
    await server.database.query(
      `INSERT INTO rate_events (bucket, at)
       SELECT 'captcha:ip:198.51.100.21', now() - interval '30 minutes' FROM generate_series(1, 300)`,
    );
    const hourly = await captchaFrom(server.base, '198.51.100.21');
    expect(hourly.status).toBe(429);
    // Room comes when the oldest of them is an hour old: in about half an hour.
    const seconds = Number(hourly.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(29 * 60);
    expect(seconds).toBeLessThanOrEqual(30 * 60);
    expect((await captchaFrom(server.base, '198.51.100.22')).status).toBe(200);
  });

  it(`refuses every address while ${LIVE_CAPTCHAS_MAX} captchas are alive, and removes expired ones as it issues`, async () => {
    await server.database.query(
      `INSERT INTO captchas (key, answer_hash, expires_at)
       SELECT 'flood-' || n, 'x', now() + interval '5 minutes'
       FROM generate_series(1, ${LIVE_CAPTCHAS_MAX}) AS n`,
    );
    const refused = await captchaFrom(server.base, '192.0.2.1', 'zh');
    expect(refused.status).toBe(429);
    // Room comes as the soonest of them expires.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(4 * 60);
    expect(refused.body.msg).toBe('获取图形验证码过于频繁，请稍后再试');
    expect(await liveCaptchas()).toBe(LIVE_CAPTCHAS_MAX);

    await server.database.query(
      "UPDATE captchas SET expires_at = now() - interval '1 second' WHERE key LIKE 'flood-%'",
    );
    expect((await captchaFrom(server.base, '192.0.2.1')).status).toBe(200);
    const [rows] = await server.database.query<{ n: string }>('SELECT count(*) AS n FROM captchas');
    expect(Number(rows!.n)).toBeLessThan(LIVE_CAPTCHAS_MAX);
  });

  it('signs in with grant_type=captcha by a captcha given before the address reached its limit', async () => {
    const first = await captchaFrom(server.base, '203.0.113.50');
    for (let made = 1; made < 60; made += 1) await captchaFrom(server.base, '203.0.113.50');
    expect((await captchaFrom(server.base, '203.0.113.50')).status).toBe(429);
    const response = await requestToken(
      server.base,
      { grant_type: 'captcha', tenant_id: '000000', username: PHONE, password: PASSWORD },
      {
        Authorization: BASIC_CLIENT,
        'X-Forwarded-For': '203.0.113.50',
        'Captcha-Key': first.body.data!.key,
        'Captcha-Code': ANSWER,
      },
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { access_token?: string }).access_token).toBeTruthy();
  });
});
