/**
 * The request id, and where it travels. Every request gets an id — the X-Request-Id a proxy sent
 * (nginx's `$request_id`, deploy/nginx.conf) when it is a sane token, else a new UUID — answered in
 * the X-Request-Id header and bound to its log lines (`reqId`). It is kept in an
 * AsyncLocalStorage for as long as the request is handled, so that `enqueueJob` stores it on the
 * jobs the request queues (`jobs.request_id`, migration 47) without every call passing it along,
 * and the job worker runs each job in a context of its own carrying that id and the job's: every
 * line logged meanwhile, through whichever logger, says which request and which job it is about.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** What the log lines written in this context are about. */
export interface LogContext {
  /** The request being handled, or the one that queued the running job. */
  requestId?: string | undefined;
  /** The job being run. */
  job?: { id: number; kind: string };
}

const store = new AsyncLocalStorage<LogContext>();

/** Letters, digits and `-_.:@`, up to 128: a UUID, nginx's 32 hex digits, a trace id. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** The id of an incoming request: its X-Request-Id when sane, else a new UUID (Fastify's genReqId). */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Answers each request's id in X-Request-Id and keeps it in the context while it is handled. */
export function keepRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    store.run({ requestId: request.id }, done);
  });
  // A body arrives on the connection's own events, outside the context entered above: entered
  // again once it is read, for the handler.
  app.addHook('preValidation', (request, _reply, done) => {
    store.run({ requestId: request.id }, done);
  });
}

/** The id of the request being handled, or of the one that queued the running job. */
export function currentRequestId(): string | undefined {
  return store.getStore()?.requestId;
}

/** What the log lines written now are about (the pino mixin reads it). */
export function currentLogContext(): LogContext | undefined {
  return store.getStore();
}

/** Runs `fn` outside any request or job (the worker's own claims and timers). */
export function outsideLogContext<T>(fn: () => T): T {
  return store.exit(fn);
}

/** Runs a job in a context of its own: its id and kind, and the request that queued it. */
export function withJobContext<T>(
  context: Required<Pick<LogContext, 'job'>> & LogContext,
  fn: () => T,
): T {
  return store.run(context, fn);
}
