import type { TokenResponse } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { BACKENDS, login, requestToken, useTestServer } from '../test-support/server';
import { REFRESH_REUSE_INTERVAL_S } from './tokens';

const PERSON = '13800000001';

describe.each(BACKENDS)('refresh-token rotation on $name', (backend) => {
  const server = useTestServer(backend);
  const refresh = async (refreshToken: string) => {
    const response = await requestToken(server.base, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    });
    return { status: response.status, body: (await response.json()) as TokenResponse };
  };
  /** Moves every rotation of the user's tokens `seconds` into the past, instead of sleeping. */
  const age = (seconds: number) =>
    server.database.query(
      `UPDATE refresh_tokens SET rotated_at = rotated_at - make_interval(secs => $1)
       WHERE rotated_at IS NOT NULL`,
      [seconds],
    );

  it('answers the same new pair to a refresh token presented again within the reuse interval', async () => {
    const session = await login(server.base, PERSON);
    const first = await refresh(session.refresh_token);
    expect(first.status).toBe(200);
    const again = await refresh(session.refresh_token);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(first.body.refresh_token);
    expect(again.body.access_token).toBe(first.body.access_token);
    // The pair works: its access token reads the user and its refresh token rotates on.
    const info = await fetch(`${server.base}/api/blade-user/busi-user/userInfo`, {
      headers: { 'Blade-Auth': `bearer ${again.body.access_token}` },
    });
    expect(((await info.json()) as { data: { phone: string } }).data.phone).toBe(PERSON);
    const next = await refresh(first.body.refresh_token);
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(first.body.refresh_token);
  });

  it('rotates once when five requests spend one refresh token at the same moment', async () => {
    const session = await login(server.base, PERSON);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => refresh(session.refresh_token)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.refresh_token)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.body.access_token)).size).toBe(1);
    const children = await server.database.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM refresh_tokens
       WHERE parent_id = (SELECT id FROM refresh_tokens WHERE rotated_at IS NOT NULL
                          ORDER BY id DESC LIMIT 1)`,
    );
    expect(Number(children[0]!.n)).toBe(1);
  });

  it('revokes the whole family when a rotated token comes back after the interval', async () => {
    const session = await login(server.base, PERSON);
    const rotated = await refresh(session.refresh_token);
    const onward = await refresh(rotated.body.refresh_token);
    expect(onward.status).toBe(200);
    await age(REFRESH_REUSE_INTERVAL_S + 1);
    // The first token, long rotated, is presented again: someone kept a copy.
    const stolen = await refresh(session.refresh_token);
    expect(stolen.status).toBe(401);
    expect(stolen.body).toMatchObject({ error: 'invalid_grant' });
    // Every token of that login is dead now, the newest one included…
    expect((await refresh(onward.body.refresh_token)).status).toBe(401);
    // …while another login of the same user (another device) lives on.
    const other = await login(server.base, PERSON);
    expect((await refresh(other.refresh_token)).status).toBe(200);
  });

  it('ends every token of a login when one of them logs out', async () => {
    const session = await login(server.base, PERSON);
    const rotated = await refresh(session.refresh_token);
    const logout = await fetch(`${server.base}/api/blade-auth/oauth/logout`, {
      method: 'POST',
      headers: {
        'Blade-Auth': `bearer ${rotated.body.access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ refresh_token: rotated.body.refresh_token }),
    });
    expect(logout.status).toBe(200);
    expect((await refresh(rotated.body.refresh_token)).status).toBe(401);
    // Within the reuse interval, the parent no longer gives the revoked pair either.
    expect((await refresh(session.refresh_token)).status).toBe(401);
  });
});
