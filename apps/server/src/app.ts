import { CODES, fail, ok } from '@esign/platform';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes';
import type { Database } from './db';
import { requestLocale } from './locale';

import type { Storage } from './storage';

const TEXT = {
  notFound: { en: 'Not found', zh: '请求的资源不存在' },
  badRequest: { en: 'Request exception', zh: '请求异常' },
  serverError: { en: 'Server exception', zh: '服务器异常' },
  unavailable: { en: 'Service unavailable', zh: '服务暂不可用' },
} as const;

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
      return reply.status(500).send(fail(CODES.serverError, TEXT.serverError[locale]));
    }
    return reply.status(status).send(fail(status, TEXT.badRequest[locale]));
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(fail(CODES.notFound, TEXT.notFound[requestLocale(request)])),
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
    return reply.status(503).send(fail(503, TEXT.unavailable[requestLocale(request)], data));
  });

  void app.register(authRoutes, { database });

  return app;
}
