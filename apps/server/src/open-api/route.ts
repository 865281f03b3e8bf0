import { localizeIssues, message, ok, type Locale } from '@esign/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { AppContext } from '../context';
import { requestLocale } from '../locale';
import { ApiError, describeRoute, type RateLimited } from '../http/route';
import { deviceOf, withRequestClient } from '../http/request-client';
import { authenticateOpenCall, pruneOpenApiRecords, type OpenCaller } from './auth';

type Schema = z.ZodMiniType;
type Out<S> = S extends Schema ? z.output<S> : undefined;
type In<S> = S extends Schema ? z.input<S> : never;

export interface OpenHandled<P, B, Q> {
  request: FastifyRequest;
  reply: FastifyReply;
  locale: Locale;
  caller: OpenCaller;
  params: P;
  body: B;
  query: Q;
  /** The contract a call is about, for the party's record of its calls. */
  about(contractId: number): void;
}

export interface OpenRouteOptions<
  P extends Schema | undefined,
  B extends Schema | undefined,
  Q extends Schema | undefined,
> {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  params?: P;
  body?: B;
  query?: Q;
  example: { params?: In<P>; body?: In<B>; query?: In<Q>; answer?: unknown };
  handler(input: OpenHandled<Out<P>, Out<B>, Out<Q>>): Promise<unknown>;
}

const TAG = 'open-api';

/** The rate limits, in the OpenAPI document. */
const RATE_LIMITED: RateLimited = {
  description:
    'More than 20 calls in a second or 600 in a minute from one access party (counted across every server process)',
  text: 'openApiRateLimited',
};

/** Nonces and old call records are forgotten at most once a minute per process. */
const PRUNE_EVERY_MS = 60_000;

function parsed<S extends Schema | undefined>(schema: S, value: unknown, locale: Locale) {
  if (!schema) return undefined;
  const result = z.safeParse(schema, value ?? {});
  if (result.success) return result.data;
  const [first] = localizeIssues(result.error, locale);
  const field = first?.path ? `${first.path}: ` : '';
  throw new ApiError(
    'requestException',
    400,
    400,
    first?.path ? { field: first.path } : null,
    `${field}${first?.message ?? message('requestException', locale)}`,
  );
}

/**
 * The open API's calls (/api/open/v1): registered inside a scope that keeps each body's bytes as
 * sent (the signature covers them), each call checked (authenticateOpenCall), its input parsed
 * against its schemas, answered with the envelope, and recorded in `open_api_calls`.
 */
export async function openRoutes(
  app: FastifyInstance,
  context: AppContext,
  register: (
    add: <P extends Schema | undefined, B extends Schema | undefined, Q extends Schema | undefined>(
      options: OpenRouteOptions<P, B, Q>,
    ) => void,
  ) => void,
): Promise<void> {
  let prunedAt = 0;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      ['application/json', 'application/json; charset=utf-8'],
      { parseAs: 'buffer' },
      (request, body, done) => {
        (request as FastifyRequest & { rawBody?: Buffer }).rawBody = body as Buffer;
        if ((body as Buffer).length === 0) return done(null, {});
        try {
          done(null, JSON.parse((body as Buffer).toString('utf8')) as unknown);
        } catch {
          done(new ApiError('requestException', 400), undefined);
        }
      },
    );
    register((options) => {
      describeRoute(context, {
        method: options.method,
        path: options.path,
        summary: options.summary,
        tag: TAG,
        auth: 'accessParty',
        permission: 'accessParty',
        params: options.params,
        body: options.body,
        query: options.query,
        example: options.example,
        rateLimited: RATE_LIMITED,
      });
      scope.route({
        method: options.method,
        url: `/api${options.path}`,
        handler: async (request, reply) => {
          const started = Date.now();
          const locale = requestLocale(request);
          const rawBody = (request as FastifyRequest & { rawBody?: Buffer }).rawBody;
          const caller = await authenticateOpenCall(context, request, rawBody);
          let contractId: number | null = null;
          let status = 500;
          try {
            const input = {
              request,
              reply,
              locale,
              caller,
              params: parsed(options.params, request.params, locale),
              query: parsed(options.query, request.query, locale),
              body: parsed(options.body, request.body, locale),
              about: (id: number) => {
                contractId = id;
              },
            } as OpenHandled<never, never, never>;
            const client = {
              userId: caller.operator?.userId ?? null,
              device: deviceOf(request.headers['user-agent']),
            };
            const data = await withRequestClient(client, () => options.handler(input));
            status = 200;
            if (reply.sent || data === reply) return reply;
            return ok(data ?? null);
          } catch (error) {
            status = error instanceof ApiError ? error.status : 500;
            throw error;
          } finally {
            await context.database.query(
              `INSERT INTO open_api_calls (party_id, method, path, status, contract_id, ip, duration_ms)
               VALUES ($1, $2, $3, $4, $5, $6, $7)`,
              [
                caller.partyId,
                request.method,
                request.url.slice(0, 500),
                status,
                contractId,
                request.ip,
                Date.now() - started,
              ],
            );
            if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
              prunedAt = Date.now();
              await pruneOpenApiRecords(context);
            }
          }
        },
      });
    });
  });
}
