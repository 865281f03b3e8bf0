import { CODES, fail, message, ok } from '@esign/platform';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes';
import type { Database } from './db';
import { requestLocale } from './locale';

import type { Storage } from './storage';

export interface AppDependencies {
  database: Database;
  storage: Storage;
  logger?: boolean;
}

/**
 * The API under /api. Every answer is the `{ code, success, data, msg }` envelope, in the request's
 * language; errors never carry a stack trace or SQL.
 */
export function buildApp({ database, storage, logger = false }: AppDependencies): FastifyInstance {
  const app = Fastify({ logger, bodyLimit: 1024 * 1024, return503OnClosing: true });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = requestLocale(request);
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

  app.get('/api/health', async (request, reply) => {
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

  void app.register(authRoutes, { database });

  return app;
}
