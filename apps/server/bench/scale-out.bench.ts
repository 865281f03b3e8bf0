/**
 * Scaling out (`npx vitest bench --run --project server apps/server/bench/scale-out.bench.ts`;
 * part of `npm run bench`): a mixed load — people signing in (some by SMS code), looking at their
 * lists and details, and taking contracts from an uploaded PDF to both parties' signatures
 * (journeys.mjs) — through nginx running deploy/nginx.conf, in front of 1 and then 3 built server
 * processes on one PostgreSQL database and one S3-compatible bucket (s3rver), and 1 process
 * addressed directly for the proxy's own cost. Issue 35: on this
 * 2-core machine the point is that nothing breaks (0 errors) and that the proxy and the shared
 * state cost little, not a speed-up. Prints throughput, p50/p95/p99 by kind of request and the
 * errors, besides vitest's table (one iteration each: its time is the load's duration).
 *
 * Needs DATABASE_URL (a PostgreSQL server on which it may create databases), nginx and the built
 * server; says so and measures nothing without them. SCALE_OUT_BENCH_MS sets each load's length
 * (60 s), SCALE_OUT_BENCH_CONCURRENCY the journeys run at once (4).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, bench, describe } from 'vitest';
import { openDatabase } from '../src/db';
import { SERVER_MAIN, spawnServer, type ServerProcess } from '../src/test-support/built-server';
import { NGINX, startNginx, type Nginx } from '../src/test-support/nginx';
import { startS3Server, type S3TestServer } from '../src/test-support/s3';
import { prepareWorld, runMixedLoad, summarize } from './journeys.mjs';

const url = process.env.DATABASE_URL;
const DURATION_MS = Number(process.env.SCALE_OUT_BENCH_MS ?? 60_000);
const CONCURRENCY = Number(process.env.SCALE_OUT_BENCH_CONCURRENCY ?? 4);
const ms = (value: number) => `${value.toFixed(0)} ms`;

interface Deployment {
  base: string;
  close(): Promise<void>;
}

/** `count` processes (behind nginx when `proxy`) on a database and a bucket of their own. */
async function deploy(count: number, proxy: boolean): Promise<Deployment> {
  const admin = await openDatabase({ url: url! });
  const name = `esign_bench_${count}_${Date.now().toString(36)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = new URL(url!);
  databaseUrl.pathname = `/${name}`;
  const dirs: string[] = [];
  const processes: ServerProcess[] = [];
  let s3: S3TestServer | undefined;
  let nginx: Nginx | undefined;
  const close = async () => {
    await nginx?.close();
    await Promise.all(processes.map((server) => server.kill('SIGTERM')));
    await s3?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    s3 = await startS3Server();
    for (let i = 0; i < count; i += 1) {
      dirs.push(mkdtempSync(path.join(tmpdir(), `esign-bench-${i}-`)));
    }
    for (const dataDir of dirs) {
      processes.push(
        await spawnServer({
          dataDir,
          databaseUrl: databaseUrl.href,
          env: { ...s3.env, TRUST_PROXY: '1' },
        }),
      );
    }
    await Promise.all(processes.map((server) => server.healthy()));
    if (!proxy) return { base: processes[0]!.base, close };
    nginx = await startNginx(processes.map((server) => new URL(server.base).host));
    return { base: nginx.base, close };
  } catch (error) {
    await close();
    throw error;
  }
}

const rows: string[] = [];
afterAll(() => {
  if (rows.length === 0) return;
  console.log(
    [
      '',
      `Mixed load (${CONCURRENCY} journeys at once, ${DURATION_MS / 1000} s each; target: 0 errors):`,
      'processes       | requests/s | journeys/min | all p50 / p95 / p99       | sign p95 | list p95 | errors',
      ...rows,
      '',
    ].join('\n'),
  );
});

const runnable = Boolean(url) && existsSync(NGINX) && existsSync(SERVER_MAIN);
if (!runnable) {
  console.log(
    'scale-out bench: skipped (needs DATABASE_URL, nginx and the built server: npm run build)',
  );
}

// One process addressed directly, then through nginx (the proxy's cost), then three through nginx
// (the cost of sharing the machine's 2 cores and the state between processes).
const SETUPS = [
  { count: 1, proxy: false, label: '1, direct' },
  { count: 1, proxy: true, label: '1, nginx' },
  { count: 3, proxy: true, label: '3, nginx' },
];

describe.skipIf(!runnable)('mixed load on one PostgreSQL and one bucket', () => {
  for (const { count, proxy, label } of SETUPS) {
    bench(
      `${count} process${count > 1 ? 'es' : ''}${proxy ? ' behind nginx' : ', addressed directly'}`,
      async () => {
        const deployment = await deploy(count, proxy);
        try {
          const world = await prepareWorld(deployment.base, { people: 2 * CONCURRENCY });
          // One journey first, so that fonts and the signing keys are loaded on the processes.
          await runMixedLoad({ base: deployment.base, world, rounds: count, concurrency: count });
          const result = await runMixedLoad({
            base: deployment.base,
            world,
            durationMs: DURATION_MS,
            concurrency: CONCURRENCY,
          });
          const summary = summarize(result);
          rows.push(
            [
              label.padEnd(15),
              summary.requestsPerSecond.toFixed(1).padStart(10),
              summary.journeysPerMinute.toFixed(1).padStart(12),
              `${ms(summary.all.p50)} / ${ms(summary.all.p95)} / ${ms(summary.all.p99)}`.padEnd(25),
              ms(summary.kinds.sign?.p95 ?? NaN).padStart(8),
              ms(summary.kinds.list?.p95 ?? NaN).padStart(8),
              `${result.errors}${result.errors > 0 ? ` (${result.errorSamples.slice(0, 3).join('; ')})` : ''}`,
            ].join(' | '),
          );
        } finally {
          await deployment.close();
        }
      },
      { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 },
    );
  }
});
