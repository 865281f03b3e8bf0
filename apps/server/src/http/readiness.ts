/**
 * Liveness and readiness, for an orchestrator or a load balancer in front of several processes.
 *
 * - GET /api/health/live answers while the process does and touches nothing else: a liveness
 *   probe that failed when the shared database is down would restart every process at once, which
 *   mends nothing.
 * - GET /api/health/ready says whether this process should be sent requests: its database answers,
 *   its storage takes a write, and the migrations applied are exactly those this code knows (a
 *   process older or newer than the schema is not ready). 503 naming what failed otherwise.
 *
 * Once shutdown has begun (SIGTERM) the listener is closed, so a new connection is refused, and a
 * request on a connection still open is answered 503 by Fastify (`return503OnClosing`): readiness
 * fails either way while the requests in flight finish.
 */
import { PATHS } from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { Database } from '../db';
import { MIGRATIONS } from '../db/migrations';
import type { Storage } from '../storage';
import { ApiError, route } from './route';

/** What readiness checks; `failed` names those that failed, empty when the process is ready. */
export interface Readiness {
  database: 'up' | 'down';
  storage: 'up' | 'down';
  /** 'up' when the schema's migrations are this code's; 'unknown' when the database cannot say. */
  migrations: 'up' | 'down' | 'unknown';
  /** Known to this code, not applied: the schema is older (a start that did not migrate). */
  missingMigrations: number[];
  /** Applied, unknown to this code: the schema is newer (a later release migrated it). */
  unknownMigrations: number[];
  failed: ('database' | 'storage' | 'migrations')[];
}

const KNOWN = new Set(MIGRATIONS.map((migration) => migration.version));

/** Checks the database, the storage and the migrations, all at once. */
export async function checkReadiness(database: Database, storage: Storage): Promise<Readiness> {
  const [applied, storageUp] = await Promise.all([
    database.query<{ version: number }>('SELECT version FROM schema_migrations').then(
      (rows) => new Set(rows.map((row) => Number(row.version))),
      () => null,
    ),
    storage.health(),
  ]);
  const missingMigrations = applied ? [...KNOWN].filter((v) => !applied.has(v)).sort(byNumber) : [];
  const unknownMigrations = applied ? [...applied].filter((v) => !KNOWN.has(v)).sort(byNumber) : [];
  const migrationsUp = missingMigrations.length === 0 && unknownMigrations.length === 0;
  const failed: Readiness['failed'] = [];
  if (!applied) failed.push('database');
  if (!storageUp) failed.push('storage');
  if (applied && !migrationsUp) failed.push('migrations');
  return {
    database: applied ? 'up' : 'down',
    storage: storageUp ? 'up' : 'down',
    migrations: !applied ? 'unknown' : migrationsUp ? 'up' : 'down',
    missingMigrations,
    unknownMigrations,
    failed,
  };
}

const byNumber = (a: number, b: number) => a - b;

/** Registers GET /api/health/live and /api/health/ready. */
export function healthProbeRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, {
    method: 'GET',
    path: PATHS.healthLive,
    summary:
      'Liveness: answers while the server process does, checking nothing else (restart it when this fails)',
    tag: 'health',
    permission: 'public',
    handler: async () => ({ live: true }),
  });
  route(app, context, {
    method: 'GET',
    path: PATHS.healthReady,
    summary:
      'Readiness: whether to send this process requests — its database, its file storage and the migrations applied being those it knows; 503 naming what failed (and once it is shutting down)',
    tag: 'health',
    permission: 'public',
    handler: async () => {
      const readiness = await checkReadiness(context.database, context.storage);
      if (readiness.failed.length > 0) {
        throw new ApiError('serviceUnavailable', 503, 503, readiness);
      }
      return readiness;
    },
  });
}
