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
