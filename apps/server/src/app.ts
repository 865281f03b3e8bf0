import { CODES, PATHS, fail, message, ok } from '@esign/platform';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes';
import { signingKey } from './auth/tokens';
import type { AppContext } from './context';
import type { Database } from './db';
import { openApiDocument } from './http/openapi';
import { ApiError, apiErrorBody } from './http/route';
import { requestLocale } from './locale';
import type { Storage } from './storage';

export interface AppDependencies {
  database: Database;
  storage: Storage;
  logger?: boolean;
  /** Serve development-only calls (the SMS outbox); off when NODE_ENV is production. */
  development?: boolean;
}

/**
 * The modules of the API, each registering its calls on the app with the shared context. A new
 * area of the platform adds its module here.
 */
const MODULES: readonly ((app: FastifyInstance, context: AppContext) => Promise<void>)[] = [
  authRoutes,
];

/**
 * The API under /api. Every answer is the `{ code, success, data, msg }` envelope, in the request's
 * language; errors never carry a stack trace or SQL.
 */
export async function buildApp({
  database,
  storage,
  logger = false,
  development = process.env.NODE_ENV !== 'production',
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: 1024 * 1024, return503OnClosing: true });
  const context: AppContext = {
    database,
    storage,
    key: await signingKey(database),
    development,
    routes: [],
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = requestLocale(request);
    if (error instanceof ApiError) {
      return reply.status(error.status).send(apiErrorBody(error, locale));
    }
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(fail(CODES.serverError, message('serverException', locale)));
    }
    return reply.status(status).send(fail(status, message('requestException', locale)));
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(fail(CODES.notFound, message('notFound', requestLocale(request)))),
  );

  app.get(`/api${PATHS.health}`, async (request, reply) => {
    const [databaseUp, storageUp] = await Promise.all([
      database.query('SELECT 1 AS up').then(
        () => true,
        () => false,
      ),
      storage.health(),
    ]);
    const data = {
      database: databaseUp ? 'up' : 'down',
      storage: storageUp ? 'up' : 'down',
      kind: database.kind,
    };
    if (databaseUp && storageUp) return ok(data);
    return reply
      .status(503)
      .send(fail(503, message('serviceUnavailable', requestLocale(request)), data));
  });

  for (const module of MODULES) await app.register(module, context);

  let document: Record<string, unknown> | undefined;
  app.get(`/api${PATHS.openapi}`, async () => (document ??= openApiDocument(context.routes)));

  return app;
}
