import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../passwords';
import { BACKENDS, call, requestToken, useTestServer } from '../test-support/server';

const USERS = 200;
const READS = 2000;
/** Requests in flight at once during the reads. */
const CONCURRENCY = 100;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
}

// The load check runs against the embedded database, the default a fresh machine runs on.
describe.each(BACKENDS.filter((backend) => backend.name === 'PGlite'))(
  'load on $name',
  (backend) => {
    // Behind a proxy that names each client (X-Forwarded-For), as in production: 200 people
    // signing in at once come from 200 addresses, so per-address limits do not apply to them.
    const server = useTestServer(backend, { trustProxy: true });

    beforeAll(async () => {
      const hash = await hashPassword('Load12345');
      await server.database.query(
        `INSERT INTO users (tenant_id, phone, name, password_hash)
         SELECT '000000', '139' || lpad(n::text, 8, '0'), 'Load ' || n, $1
         FROM generate_series(1, ${USERS}) AS n`,
        [hash],
      );
    });

    it(`serves ${USERS} concurrent logins and ${READS} authenticated reads without an error`, async () => {
      const logins = await Promise.all(
        Array.from({ length: USERS }, (_, index) =>
          timed(async () => {
            const response = await requestToken(
              server.base,
              {
                grant_type: 'password',
                tenant_id: '000000',
                username: `139${String(index + 1).padStart(8, '0')}`,
                password: 'Load12345',
              },
              {
                Authorization: `Basic ${Buffer.from('esign:esign_secret').toString('base64')}`,
                'X-Forwarded-For': `10.0.${Math.floor(index / 250)}.${(index % 250) + 1}`,
              },
            );
            return {
              status: response.status,
              body: (await response.json()) as { access_token?: string },
            };
          }),
        ),
      );
      expect(logins.filter((login) => login.value.status !== 200)).toEqual([]);
      const tokens = logins.map((login) => login.value.body.access_token!);

      const reads: { status: number; ms: number; phone: unknown }[] = [];
      let next = 0;
      const worker = async () => {
        while (next < READS) {
          const index = next++;
          const { value, ms } = await timed(() =>
            call<{ phone: string }>(server.base, 'GET', '/blade-user/busi-user/userInfo', {
              token: tokens[index % USERS]!,
            }),
          );
          reads.push({ status: value.status, ms, phone: value.body.data.phone });
          // Each session reads its own user, never another's.
          expect(value.body.data.phone).toBe(`139${String((index % USERS) + 1).padStart(8, '0')}`);
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const seconds = (performance.now() - started) / 1000;
      expect(reads.filter((read) => read.status !== 200)).toEqual([]);
      expect(reads).toHaveLength(READS);
      console.info(
        `load: ${USERS} concurrent logins: ${summary(logins.map((login) => login.ms))}; ` +
          `${READS} reads (${CONCURRENCY} in flight): ${summary(reads.map((read) => read.ms))}, ` +
          `${Math.round(READS / seconds)} reads/s`,
      );
    }, 180_000);
  },
);

/** Clients flooding GET oauth/captcha, each from its own address, for as long as the test runs. */
const FLOOD_ADDRESSES = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'];
const FLOOD_REQUESTS = 1200;
/** What one address is given in a captcha's life (captcha/store.ts `captchaLimits`). */
const PER_ADDRESS = 60;

describe.each(BACKENDS)('a captcha flood on $name', (backend) => {
  const server = useTestServer(backend, { trustProxy: true });

  it(`keeps the captchas table at ${PER_ADDRESS} rows an address under ${FLOOD_REQUESTS} requests from ${FLOOD_ADDRESSES.length} addresses`, async () => {
    const statuses = new Map<number, number>();
    const given = new Map<string, number>();
    let sizeSeen = 0;
    let next = 0;
    const client = async () => {
      while (next < FLOOD_REQUESTS) {
        const address = FLOOD_ADDRESSES[next++ % FLOOD_ADDRESSES.length]!;
        const { status, body } = await call(server.base, 'GET', '/blade-auth/oauth/captcha', {
          headers: { 'X-Forwarded-For': address, Lang: 'zh' },
        });
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 200) given.set(address, (given.get(address) ?? 0) + 1);
        else expect(body.msg).toBe('获取图形验证码过于频繁，请稍后再试');
        if (next % 100 === 0) {
          const [rows] = await server.database.query<{ n: string }>(
            'SELECT count(*) AS n FROM captchas',
          );
          sizeSeen = Math.max(sizeSeen, Number(rows!.n));
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: 40 }, client));
    const seconds = (performance.now() - started) / 1000;
    const [rows] = await server.database.query<{ n: string }>('SELECT count(*) AS n FROM captchas');
    console.info(
      `captcha flood: ${FLOOD_REQUESTS} requests in ${seconds.toFixed(1)} s; statuses ` +
        `${JSON.stringify(Object.fromEntries(statuses))}; table ${rows!.n} rows (at most ${sizeSeen} seen)`,
    );
    // Every address got exactly its share, whichever process or moment counted it, and no more.
    expect(Object.fromEntries(given)).toEqual(
      Object.fromEntries(FLOOD_ADDRESSES.map((address) => [address, PER_ADDRESS])),
    );
    expect([...statuses.keys()].sort()).toEqual([200, 429]);
    expect(Number(rows!.n)).toBe(FLOOD_ADDRESSES.length * PER_ADDRESS);
    expect(sizeSeen).toBeLessThanOrEqual(FLOOD_ADDRESSES.length * PER_ADDRESS);
  }, 180_000);
});
