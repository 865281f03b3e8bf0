import type { FastifyInstance } from 'fastify';

/**
 * Headers every answer carries: browsers must not guess content types (an uploaded file is never
 * run as a script), pages are not framed by other sites (clickjacking on a signing page), links
 * leak no path to other origins, and API answers — a user's data — are never cached.
 */
export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
