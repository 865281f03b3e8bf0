import type { FastifyInstance } from 'fastify';

/**
 * Lets `app.close()` (graceful shutdown on SIGTERM) end as soon as the requests running at that
 * moment have been answered. Fastify closes the connections idle when closing starts, but one
 * whose request finishes afterwards stays open, kept alive, for the keep-alive timeout (72 s),
 * longer than an orchestrator waits before it kills the process.
 */
export function closeConnectionsOnceIdle(app: FastifyInstance): void {
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    done();
  });
  // onClose hooks run once the server has stopped, every connection gone.
  app.addHook('onClose', (_app, done) => {
    clearInterval(sweep);
    done();
  });
}
