import { PATHS, type CaptchaData } from '@esign/platform';
import { beforeEach, describe, expect, it } from 'vitest';
import { BACKENDS, BASIC_CLIENT, call, requestToken, useTestServer } from '../test-support/server';

const ANSWER = 'QR56';

describe.each(BACKENDS)('login limits on $name', (backend) => {
  const server = useTestServer(backend, { captchaText: () => ANSWER });

  beforeEach(() => server.database.query('DELETE FROM rate_events'));

  /** A password login on the server at `base`, with a freshly solved captcha. */
  const signIn = async (base: string, username: string, password: string) => {
    const { key } = (await call<CaptchaData>(base, 'GET', PATHS.captcha)).body.data;
    const response = await requestToken(
      base,
      { grant_type: 'captcha', tenant_id: '000000', username, password },
      { Authorization: BASIC_CLIENT, 'Captcha-Key': key, 'Captcha-Code': ANSWER },
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('says in Retry-After how long a refused account waits: until its oldest failure is an hour old', async () => {
    await server.database.query(
      `INSERT INTO rate_events (bucket, at)
       SELECT 'login-failure:account:000000:13800000001', now() - interval '50 minutes'
       FROM generate_series(1, 10)`,
    );
    const { key } = (await call<CaptchaData>(server.base, 'GET', PATHS.captcha)).body.data;
    const refused = await requestToken(
      server.base,
      {
        grant_type: 'captcha',
        tenant_id: '000000',
        username: '13800000001',
        password: 'Demo12345',
      },
      { Authorization: BASIC_CLIENT, 'Captcha-Key': key, 'Captcha-Code': ANSWER },
    );
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(9 * 60);
    expect(seconds).toBeLessThanOrEqual(10 * 60);
  });

  it('refuses an account after 10 failures within an hour, even with the right password', async () => {
    for (let failure = 0; failure < 10; failure += 1) {
      expect((await signIn(server.base, '13800000001', 'Wrong1234')).status).toBe(400);
    }
    const refused = await signIn(server.base, '13800000001', 'Demo12345');
    expect(refused).toEqual({
      status: 429,
      body: {
        error: 'temporarily_unavailable',
        error_description: 'Too many failed login attempts; please try again later',
      },
    });
    // Other accounts are not affected.
    expect((await signIn(server.base, '13800000002', 'Demo12345')).status).toBe(200);
  });

  it('refuses an IP address after 50 failures within an hour, across server processes', async () => {
    const another = await server.startAnother({ captchaText: () => ANSWER });
    try {
      for (let failure = 0; failure < 50; failure += 1) {
        const base = failure % 2 === 0 ? server.base : another.base;
        const phone = `1390000${String(failure).padStart(4, '0')}`;
        expect((await signIn(base, phone, 'Wrong1234')).status).toBe(400);
      }
      for (const base of [server.base, another.base]) {
        expect((await signIn(base, '13800000001', 'Demo12345')).status).toBe(429);
      }
    } finally {
      await another.close();
    }
  });
});
