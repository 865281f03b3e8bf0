/**
 * Metrics in the Prometheus text format (prom-client), at METRICS_PATH (`/metrics`) on the API's
 * port, outside /api: not a call of the platform, so neither in the OpenAPI document nor in the
 * envelope. Each server process serves its own (Prometheus scrapes every one); what is shared —
 * the job queue — is read from the database at each scrape, so any process gives the same depth.
 *
 * No label carries personal data or an id: requests are counted by method, route pattern
 * (`routeOptions.url`, never the URL asked) and status class; jobs by kind. METRICS_TOKEN, when
 * set, is asked for as a bearer token.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database, PoolUse } from '../db';

/** What the app counts as it goes. One set per app: tests build several apps in one process. */
export interface AppMetrics {
  registry: Registry;
  /** Party signatures made (contracts/sign.ts `signAsParty`, the one path of every signature). */
  signatures: Counter;
  /** Each job attempt's end, by kind and outcome (done, retried, failed, lost). */
  jobAttempts: Counter<'kind' | 'outcome'>;
}

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  return {
    registry,
    signatures: new Counter({
      name: 'esign_signatures_total',
      help: 'Contract signatures made by parties in this process (single and batch)',
      registers: [registry],
    }),
    jobAttempts: new Counter({
      name: 'esign_job_attempts_total',
      help: 'Job attempts ended in this process, by kind and outcome: done; retried (failed, to be tried again); failed (for good); lost (another worker took the job over, or its outcome could not be recorded)',
      labelNames: ['kind', 'outcome'],
      registers: [registry],
    }),
  };
}

let processRegistry: Registry | undefined;

/**
 * The process's own metrics (CPU, memory, event loop lag, GC): one set per process, however many
 * apps it runs, since each collection keeps observers that are never removed.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Request latencies from 5 ms to 30 s: a list answers in tens of ms, a signature in seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface MetricsOptions {
  /** Where they are served (METRICS_PATH), outside /api. */
  path: string;
  /** The bearer token a scrape must bring (METRICS_TOKEN); open without one. */
  token?: string | undefined;
  database: Database;
}

/** Counts every request, reads the gauges at each scrape, and serves the text at `path`. */
export function serveMetrics(
  app: FastifyInstance,
  metrics: AppMetrics,
  { path, token, database }: MetricsOptions,
): void {
  const { registry } = metrics;
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'esign_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'esign_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status class',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      // Fastify's pattern (`/assets/*`, `/api/…/:id`); requests no route matched share one.
      route: request.routeOptions.url ?? 'unmatched',
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const seenKinds = new Set<string>();
  new Gauge({
    name: 'esign_jobs',
    help: 'Jobs in the database by kind and state: due (queued, to run now), scheduled (queued for later), running. Read at each scrape; the same from every process',
    labelNames: ['kind', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      // The partial index jobs_due holds exactly these rows: done and failed ones are not read.
      const rows = await database
        .query<{ kind: string; state: string; n: number }>(
          `SELECT kind,
                  CASE WHEN status = 'running' THEN 'running'
                       WHEN run_at <= now() THEN 'due' ELSE 'scheduled' END AS state,
                  count(*)::int AS n
           FROM jobs WHERE status IN ('queued', 'running') GROUP BY 1, 2`,
        )
        .catch(() => null);
      // The database down: no figure rather than a stale one (readiness says why).
      if (!rows) return;
      for (const row of rows) seenKinds.add(row.kind);
      // A kind seen once keeps its series at 0 when its queue is empty.
      for (const kind of seenKinds) {
        for (const state of ['due', 'scheduled', 'running']) this.set({ kind, state }, 0);
      }
      for (const row of rows) this.set({ kind: row.kind, state: row.state }, Number(row.n));
    },
  });

  new Gauge({
    name: 'esign_database_info',
    help: 'The database this process uses: kind pglite (embedded, one connection, no pool) or postgres',
    labelNames: ['kind'],
    registers: [registry],
  }).set({ kind: database.kind }, 1);
  const poolUse = database.poolUse?.bind(database);
  if (poolUse) {
    const poolGauge = (name: string, help: string, read: (use: PoolUse) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(poolUse()));
        },
      });
    poolGauge(
      'esign_database_pool_connections',
      'PostgreSQL connections the pool holds open (in use and idle)',
      (use) => use.total,
    );
    poolGauge(
      'esign_database_pool_idle_connections',
      'PostgreSQL connections of the pool idle',
      (use) => use.idle,
    );
    poolGauge(
      'esign_database_pool_waiting_queries',
      'Queries waiting for a connection of the pool (all in use)',
      (use) => use.waiting,
    );
    poolGauge(
      'esign_database_pool_max_connections',
      'The most connections the pool opens',
      (use) => use.max,
    );
  }

  const expected = token ? digest(token) : null;
  app.get(path, async (request, reply) => {
    if (expected) {
      const bearer = /^bearer\s+(\S+)\s*$/i.exec(String(request.headers.authorization ?? ''));
      if (!timingSafeEqual(digest(bearer?.[1] ?? ''), expected)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .type('text/plain; charset=utf-8')
          .send('A bearer token (METRICS_TOKEN) is needed for the metrics\n');
      }
    }
    const text = (await processMetrics().metrics()) + (await registry.metrics());
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
  });
}

/** Compared as digests: equal lengths for timingSafeEqual, whatever was sent. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
