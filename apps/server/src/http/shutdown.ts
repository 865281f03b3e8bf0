/**
 * Graceful shutdown within a time limit (SHUTDOWN_TIMEOUT_MS). `app.close()` stops accepting
 * connections, answers the requests in flight (http/drain.ts closes each connection once idle),
 * starts no new job and waits for the running ones; something that never ends — a client that
 * stops sending its upload, a job stuck on a remote service — would hold the process until the
 * orchestrator kills it unseen. So the stop is given a limit, and what it cut off is logged.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A request being answered, as a shutdown that ran out of time names it. */
export interface RequestInFlight {
  id: string;
  method: string;
  /** The route's pattern (`/api/blade-resource/oss/endpoint/put-file`), never the raw URL. */
  route: string;
  ms: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The requests this process is answering now, oldest first. */
    requestsInFlight(): RequestInFlight[];
  }
}

/** Keeps the requests being answered, each until its response ends or its connection closes. */
export function trackRequestsInFlight(app: FastifyInstance): void {
  // By request, not id: a client may send one X-Request-Id with several requests.
  const inFlight = new Map<FastifyRequest, Omit<RequestInFlight, 'ms'> & { startedAt: number }>();
  app.decorate('requestsInFlight', () => {
    const now = Date.now();
    return [...inFlight.values()]
      .map(({ startedAt, ...request }) => ({ ...request, ms: now - startedAt }))
      .sort((a, b) => b.ms - a.ms);
  });
  app.addHook('onRequest', (request, reply, done) => {
    inFlight.set(request, {
      id: request.id,
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      startedAt: Date.now(),
    });
    // 'close' comes once the response has been sent, or its connection is gone.
    reply.raw.once('close', () => inFlight.delete(request));
    done();
  });
}

/**
 * Runs `close` (the app, then the database) for at most `timeoutMs`: 'closed' when it ended in
 * time, 'cut off' when it did not (it goes on, but the caller exits).
 */
export async function closeWithin(
  timeoutMs: number,
  close: () => Promise<void>,
): Promise<'closed' | 'cut off'> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'cut off'>((resolve) => {
    timer = setTimeout(() => resolve('cut off'), timeoutMs);
  });
  try {
    return await Promise.race([close().then(() => 'closed' as const), limit]);
  } finally {
    clearTimeout(timer);
  }
}
