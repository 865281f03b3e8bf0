import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PATHS } from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type AppDependencies } from '../app';
import { enqueueJob } from '../jobs/queue';
import { PermanentJobError } from '../jobs/worker';
import { localStorage } from '../storage';
import { withQuery } from '../test-support/account';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';
import { PERSON_PHONE, sendForSigning, signAs, signingCast } from '../test-support/signing';
import { until } from '../test-support/until';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\.)*)"(?:,|$)/y;

/**
 * Reads the Prometheus text format (version 0.0.4) strictly: every line a HELP, a TYPE or a
 * sample of a declared family, every value a number. Throws at the first line that is not.
 */
function parseExposition(text: string): Sample[] {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) (\S+) (.+)$/.exec(line);
    if (comment) {
      if (!NAME.test(comment[2]!)) throw new Error(`bad metric name: ${line}`);
      if (comment[1] === 'TYPE') {
        if (!/^(counter|gauge|histogram|summary|untyped)$/.test(comment[3]!))
          throw new Error(`bad type: ${line}`);
        types.set(comment[2]!, comment[3]!);
      }
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`not a sample: ${line}`);
    const [, name, labelText = '', valueText] = sample;
    const family = name!.replace(/_(bucket|sum|count)$/, '');
    if (!types.has(name!) && !types.has(family)) throw new Error(`no TYPE for ${name}`);
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < labelText.length) {
      const label = LABEL.exec(labelText);
      if (!label) throw new Error(`bad labels: ${line}`);
      labels[label[1]!] = label[2]!;
    }
    // Go's ParseFloat, which Prometheus uses: NaN and ±Inf in any case (prom-client writes Nan).
    const value = /^nan$/i.test(valueText!)
      ? NaN
      : Number(valueText!.replace(/^([+-]?)inf(inity)?$/i, '$1Infinity'));
    if (Number.isNaN(value) && !/^nan$/i.test(valueText!)) throw new Error(`bad value: ${line}`);
    samples.push({ name: name!, labels, value });
  }
  return samples;
}

/** The value of the one sample named so whose labels include `labels`; undefined without one. */
function valueOf(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match`);
  return found[0]?.value;
}

describe.each(BACKENDS)('metrics on $name', (backend) => {
  const server = useTestServer(backend);
  const apps: FastifyInstance[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const scrape = async () => {
    const response = await fetch(`${server.base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    return { text, samples: parseExposition(text) };
  };

  it('counts requests by method, route pattern and status class, with their latency', async () => {
    const { access_token: token } = await login(server.base);
    for (let i = 0; i < 3; i++) {
      expect((await call(server.base, 'GET', PATHS.userInfo, { token })).status).toBe(200);
    }
    // Ids in the query and in an unknown path stay out of the labels.
    const documentId = randomUUID();
    await call(server.base, 'GET', withQuery(PATHS.documentStatus, { id: documentId }), { token });
    expect((await fetch(`${server.base}/api/no-such-call/738291046`)).status).toBe(404);

    const { text, samples } = await scrape();
    const userInfo = { method: 'GET', route: `/api${PATHS.userInfo}`, status_class: '2xx' };
    expect(valueOf(samples, 'esign_http_requests_total', userInfo)).toBeGreaterThanOrEqual(3);
    const token200 = { method: 'POST', route: `/api${PATHS.token}`, status_class: '2xx' };
    expect(valueOf(samples, 'esign_http_requests_total', token200)).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(samples, 'esign_http_requests_total', {
        method: 'GET',
        route: 'unmatched',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(documentId);
    expect(text).not.toContain('738291046');
    expect(text).not.toContain(token);

    const count = valueOf(samples, 'esign_http_request_duration_seconds_count', userInfo)!;
    expect(count).toBeGreaterThanOrEqual(3);
    expect(
      valueOf(samples, 'esign_http_request_duration_seconds_bucket', { ...userInfo, le: '+Inf' }),
    ).toBe(count);
    expect(
      valueOf(samples, 'esign_http_request_duration_seconds_bucket', { ...userInfo, le: '30' }),
    ).toBe(count);
    expect(valueOf(samples, 'esign_http_request_duration_seconds_sum', userInfo)).toBeGreaterThan(
      0,
    );

    // The process's own, once per process.
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(samples.some((sample) => sample.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('gives the job queue by kind and state from the database, and counts attempts by outcome', async () => {
    // A kind no worker handles: its jobs wait, due or scheduled.
    const waiting = 'test.metrics-waiting';
    await enqueueJob(server.database, waiting, {});
    await enqueueJob(server.database, waiting, {});
    await enqueueJob(server.database, waiting, {}, { delayMs: 3_600_000 });
    server.app.jobs.handle('test.metrics-failing', {
      run: async () => {
        throw new PermanentJobError('broken input');
      },
    });
    const failing = await enqueueJob(server.database, 'test.metrics-failing', {});
    await until(async () => {
      const [row] = await server.database.query<{ status: string }>(
        'SELECT status FROM jobs WHERE id = $1',
        [failing],
      );
      return row?.status === 'failed';
    });
    try {
      const { samples } = await until(async () => {
        // Counted once the failure is recorded, a moment after the row changed.
        const scraped = await scrape();
        const failed = valueOf(scraped.samples, 'esign_job_attempts_total', {
          kind: 'test.metrics-failing',
          outcome: 'failed',
        });
        return failed ? scraped : null;
      });
      expect(valueOf(samples, 'esign_jobs', { kind: waiting, state: 'due' })).toBe(2);
      expect(valueOf(samples, 'esign_jobs', { kind: waiting, state: 'scheduled' })).toBe(1);
      expect(valueOf(samples, 'esign_jobs', { kind: waiting, state: 'running' })).toBe(0);
      expect(
        valueOf(samples, 'esign_job_attempts_total', {
          kind: 'test.metrics-failing',
          outcome: 'failed',
        }),
      ).toBe(1);

      // Emptied, the queue of a kind seen before says 0 rather than vanishing.
      await server.database.query('DELETE FROM jobs WHERE kind = $1', [waiting]);
      const after = (await scrape()).samples;
      expect(valueOf(after, 'esign_jobs', { kind: waiting, state: 'due' })).toBe(0);
    } finally {
      await server.database.query('DELETE FROM jobs WHERE kind LIKE $1', ['test.metrics-%']);
    }
  });

  it('counts a signature once it is made', async () => {
    const before = valueOf((await scrape()).samples, 'esign_signatures_total')!;
    const cast = await signingCast(server);
    const sent = await sendForSigning(server, cast);
    const signed = await signAs(server, cast.person, PERSON_PHONE, sent.id);
    expect(signed.status, signed.body.msg).toBe(200);
    expect(valueOf((await scrape()).samples, 'esign_signatures_total')).toBe(before + 1);
  });

  it('reports the database pool on PostgreSQL, and which database it is', async () => {
    const { samples } = await scrape();
    if (backend.name === 'PostgreSQL') {
      expect(valueOf(samples, 'esign_database_info', { kind: 'postgres' })).toBe(1);
      const total = valueOf(samples, 'esign_database_pool_connections')!;
      const idle = valueOf(samples, 'esign_database_pool_idle_connections')!;
      expect(total).toBeGreaterThanOrEqual(1);
      expect(idle).toBeLessThanOrEqual(total);
      // A query waits while the pool opens a connection for it, as the queue's gauge may now.
      expect(valueOf(samples, 'esign_database_pool_waiting_queries')).toBeGreaterThanOrEqual(0);
      expect(valueOf(samples, 'esign_database_pool_max_connections')).toBe(10);
    } else {
      // One embedded connection, no pool.
      expect(valueOf(samples, 'esign_database_info', { kind: 'pglite' })).toBe(1);
      expect(valueOf(samples, 'esign_database_pool_connections')).toBeUndefined();
    }
  });

  it('is served at METRICS_PATH, asks for METRICS_TOKEN when set, and is never the web app’s page', async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), 'esign-metrics-web-'));
    dirs.push(webDir);
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>eSign</title>');
    const app = async (options: Partial<AppDependencies>) => {
      const built = await buildApp({
        database: server.database,
        storage: localStorage(server.files),
        webDir,
        jobs: { pollMs: 60_000 },
        ...options,
      });
      apps.push(built);
      return built;
    };

    const open = await app({});
    const metrics = await open.inject({ url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('# TYPE esign_http_requests_total counter');
    // The web app still has its pages.
    expect((await open.inject({ url: '/contract/list' })).body).toContain('<title>eSign</title>');

    const guarded = await app({ metricsPath: '/internal/metrics', metricsToken: 'scrape-secret' });
    const refused = await guarded.inject({ url: '/internal/metrics' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    const wrong = await guarded.inject({
      url: '/internal/metrics',
      headers: { authorization: 'Bearer scrape-secreT' },
    });
    expect(wrong.statusCode).toBe(401);
    const allowed = await guarded.inject({
      url: '/internal/metrics',
      headers: { authorization: 'bearer scrape-secret' },
    });
    expect(allowed.statusCode).toBe(200);
    expect(() => parseExposition(allowed.body)).not.toThrow();
    // Elsewhere, /metrics is a page path like any other.
    expect((await guarded.inject({ url: '/metrics' })).body).toContain('<title>eSign</title>');
  });
});
