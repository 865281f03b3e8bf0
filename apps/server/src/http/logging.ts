/**
 * The server's log: JSON lines (pino, Fastify's logger), one per event, each request's lines
 * carrying its id (`reqId`, http/request-context.ts) and each job's its id and kind and the id of
 * the request that queued it.
 *
 * What never reaches it: request bodies (Fastify logs none; nothing here adds them), headers that
 * authenticate (Authorization, Blade-Auth, cookies: redacted should anything log headers), query
 * values (a request is logged by its path and the names of its query fields: phones and tickets
 * travel in queries), passwords and ID numbers under any logged object's `password` or
 * `idNumber`, and PostgreSQL's `detail` of an error (it quotes the row's values). Codes and phone
 * numbers the development SMS provider logs are masked outside development (sms/provider.ts).
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { stdSerializers, symbols, type DestinationStream, type LoggerOptions } from 'pino';
import { currentLogContext } from './request-context';

/** How the app logs: at `level` (LOG_LEVEL, info), to `stream` (standard output by default). */
export interface LogSettings {
  level?: string | undefined;
  /** Where the JSON lines go (a test reads them back). */
  stream?: DestinationStream;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const REDACTED = [
  'req.headers.authorization',
  'req.headers["blade-auth"]',
  'req.headers.cookie',
  'req.headers["x-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers["blade-auth"]',
  'headers.cookie',
  'password',
  '*.password',
  'newPassword',
  '*.newPassword',
  'idNumber',
  '*.idNumber',
];

/** A request as its lines show it: the path and the names of its query fields, no values. */
function requestSerializer(request: FastifyRequest) {
  const url = request.url ?? '';
  const question = url.indexOf('?');
  const fields =
    question < 0 ? [] : [...new Set(new URLSearchParams(url.slice(question + 1)).keys())];
  return {
    method: request.method,
    url: question < 0 ? url : `${url.slice(0, question)}?${fields.join('&')}`,
    remoteAddress: request.ip,
  };
}

/** An error as logged: its message, type and stack, without a database's quote of the row. */
function errorSerializer(error: Error) {
  const serialized: Record<string, unknown> = stdSerializers.err(error);
  delete serialized.detail;
  delete serialized.where;
  return serialized;
}

/**
 * Adds the context's request and job to a line whose logger does not carry them already (a
 * request's own logger binds `reqId`; a job's lines logged through the app's logger get both).
 */
function contextMixin(_object: object, _level: number, logger: FastifyBaseLogger) {
  const context = currentLogContext();
  if (!context) return {};
  const bound = String((logger as unknown as Record<symbol, unknown>)[symbols.chindingsSym] ?? '');
  const extra: Record<string, unknown> = {};
  if (context.requestId && !bound.includes('"reqId":')) extra.reqId = context.requestId;
  if (context.job && !bound.includes('"job":')) extra.job = context.job;
  return extra;
}

/** Fastify's `logger` option: pino with the serializers, redaction and context above. */
export function loggerOptions({ level = 'info', stream }: LogSettings): LoggerOptions & {
  stream?: DestinationStream;
} {
  return {
    level,
    redact: { paths: REDACTED, censor: '[redacted]' },
    serializers: {
      req: requestSerializer as never,
      err: errorSerializer,
    },
    mixin: contextMixin as never,
    ...(stream ? { stream } : {}),
  };
}
