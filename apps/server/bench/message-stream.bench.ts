/**
 * Messages that arrive by themselves (`npx vitest bench --run --project server
 * apps/server/bench/message-stream.bench.ts`). Issue 32's target: a message reaches its open tab
 * within 2 s (p95), with 200 streams listening on one server process. A test server on the
 * embedded database and, when DATABASE_URL is set, on that PostgreSQL; 200 users, each with a
 * session and a stream open (as 200 tabs). Then, one after another, 100 messages to users picked
 * in turn, and 5 bursts of one message to every user at once (one statement, as contract/create
 * writes a contract's parties' messages): the delay of each is from the writing statement's
 * commit to the event's arrival at its stream. Memory: the process's RSS and V8 heap before the
 * streams open and while they listen (after a GC when run with --expose-gc). The streams' clients
 * run in the same process, so the delta is an upper bound of the server's share. Prints the
 * figures besides vitest's table.
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_TENANT_ID, PERSONAL_CONSOLE_ID } from '@esign/platform';
import { afterAll, bench, describe } from 'vitest';
import { issueTokens, signingKey } from '../src/auth/tokens';
import { hashPassword } from '../src/passwords';
import {
  messageIds,
  openMessageStream,
  received,
  type EventStreamClient,
} from '../src/test-support/event-stream';
import { BACKENDS, startTestServer, type TestServer } from '../src/test-support/server';

const STREAMS = Number(process.env.MESSAGE_STREAM_BENCH_STREAMS ?? 200);
const SINGLES = 100;
const BURSTS = 5;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const memory = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage();
};

const servers: TestServer[] = [];
const clients: EventStreamClient[] = [];
afterAll(async () => {
  for (const client of clients) client.close();
  for (const server of servers) await server.close();
});

for (const backend of BACKENDS) {
  const server = await startTestServer(backend, { demo: false });
  servers.push(server);
  const { database } = server;
  const passwordHash = await hashPassword('Bench12345');
  const users = (
    await database.query<{ id: string }>(
      `INSERT INTO users (tenant_id, phone, name, password_hash, real_name_verified)
       SELECT $1, '139' || lpad(n::text, 8, '0'), 'Reader ' || n, $2, true
       FROM generate_series(1, $3) n RETURNING id`,
      [DEFAULT_TENANT_ID, passwordHash, STREAMS],
    )
  ).map((row) => Number(row.id));
  const key = await signingKey(database);
  const tokens: string[] = [];
  for (const userId of users) {
    const issued = await issueTokens(database, key, {
      userId,
      tenantId: DEFAULT_TENANT_ID,
      companyId: PERSONAL_CONSOLE_ID,
    });
    tokens.push(issued.accessToken);
  }

  describe(`${STREAMS} message streams on one server process, ${backend.name}`, () => {
    bench(
      'a message from its commit to its stream',
      async () => {
        const before = memory();
        const streams: EventStreamClient[] = [];
        for (const token of tokens) {
          const stream = await openMessageStream(server.base, token);
          if (stream.status !== 200) throw new Error(`stream refused: ${stream.refusal}`);
          streams.push(stream);
          clients.push(stream);
        }
        const listening = memory();

        /** Writes one message to each of `readers` in one statement; gives its commit time. */
        const write = async (readers: number[]) => {
          const rows = await database.query<{ id: string; user_id: string }>(
            `INSERT INTO messages (tenant_id, user_id, title, content, title_zh, content_zh)
             SELECT $1, u, 'Bench', 'A message', '基准', '一条消息' FROM unnest($2::bigint[]) u
             RETURNING id, user_id`,
            [DEFAULT_TENANT_ID, readers],
          );
          const committed = performance.now();
          return {
            committed,
            rows: rows.map((row) => ({ id: String(row.id), user: Number(row.user_id) })),
          };
        };
        const delays = { single: [] as number[], burst: [] as number[] };
        const arrival = (stream: EventStreamClient, id: string) =>
          stream.events.find((event) => event.id === id)!.at;

        for (let i = 0; i < SINGLES; i += 1) {
          const index = (i * 7) % STREAMS;
          const { committed, rows } = await write([users[index]!]);
          const id = rows[0]!.id;
          await received(streams[index]!, id, 10_000);
          delays.single.push(arrival(streams[index]!, id) - committed);
        }
        for (let i = 0; i < BURSTS; i += 1) {
          const { committed, rows } = await write(users);
          await Promise.all(
            rows.map(async (row) => {
              const stream = streams[users.indexOf(row.user)]!;
              await received(stream, row.id, 30_000);
              delays.burst.push(arrival(stream, row.id) - committed);
            }),
          );
        }
        const during = memory();
        const total = streams.reduce((sum, stream) => sum + messageIds(stream).length, 0);
        const expected = SINGLES + BURSTS * STREAMS;
        if (total !== expected) throw new Error(`${total} events arrived, not ${expected}`);

        const line = (name: string, list: number[]) => {
          const sorted = [...list].sort((a, b) => a - b);
          return `${name}: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (${sorted.length})`;
        };
        console.info(
          `${backend.name}, ${STREAMS} streams: ${line('one message at a time', delays.single)}; ` +
            `${line(`${BURSTS} bursts of ${STREAMS}`, delays.burst)}. ` +
            `Memory${(globalThis as { gc?: unknown }).gc ? ' (after GC)' : ''}: before ` +
            `RSS ${mb(before.rss)}, heap ${mb(before.heapUsed)}; ${STREAMS} streams listening ` +
            `RSS ${mb(listening.rss)} (+${mb(listening.rss - before.rss)}), heap ` +
            `${mb(listening.heapUsed)} (+${mb(listening.heapUsed - before.heapUsed)}); after ` +
            `${total} events RSS ${mb(during.rss)}, heap ${mb(during.heapUsed)} (clients included)`,
        );
      },
      { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 },
    );
  });
}
