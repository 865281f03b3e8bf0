import {
  fail,
  message,
  ok,
  localizeIssues,
  type Locale,
  type MessageKey,
  type Permission,
  type RefusedField,
} from '@esign/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { verifyAccessToken, type SessionClaims } from '../auth/tokens';
import { liveSessionConsole, type SessionConsole } from '../companies/console';
import type { AppContext } from '../context';
import { requestLocale } from '../locale';
import { headerValue } from './headers';
import { nulField } from './nul';
import { deviceOf, withRequestClient } from './request-client';

/**
 * A failure a handler throws: answered as the envelope `{ code, success: false, data, msg }` with
 * `msg` in the request's language. `status` is the HTTP status (400 unless said otherwise).
 */
export class ApiError extends Error {
  constructor(
    readonly text: MessageKey,
    readonly status = 400,
    readonly code: number = status,
    readonly data: unknown = null,
    /** Text already in the request's language, used instead of `text` (field problems). */
    readonly detail?: string,
  ) {
    super(text);
  }

  /** Seconds until the same request may succeed; sent as the Retry-After header with a 429. */
  retryAfter?: number;
}

export interface Handled<Body, Query> {
  request: FastifyRequest;
  reply: FastifyReply;
  locale: Locale;
  body: Body;
  query: Query;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Schema = z.ZodMiniType;
type Out<S> = S extends Schema ? z.output<S> : undefined;
type In<S> = S extends Schema ? z.input<S> : never;

/**
 * What a call looks like when it works, for `/api/openapi.json`: the query and body a client sends
 * (each must pass the route's own schema: `route` refuses to register it otherwise) and, where it
 * helps, the `data` of the answer.
 */
export interface RouteExample<B extends Schema | undefined, Q extends Schema | undefined> {
  query?: In<Q>;
  body?: In<B>;
  answer?: unknown;
}

/**
 * A call refused with 429 past a rate limit, for the OpenAPI document: what is limited, and the
 * refusal it answers then (with the seconds to wait in the Retry-After header).
 */
export interface RateLimited {
  /** The limits, in one sentence or two. */
  description: string;
  /** The message of the refusal shown as the example. */
  text: MessageKey;
  /** The refusal's `data`, where it carries some. */
  example?: unknown;
}

export interface RouteOptions<B extends Schema | undefined, Q extends Schema | undefined> {
  method: Method;
  /** The path under /api, e.g. PATHS.userInfo. */
  path: string;
  /** One line for the OpenAPI document. */
  summary: string;
  /** The service (blade-user, sicpay-message …) the call belongs to, for the OpenAPI document. */
  tag: string;
  /** The request body (JSON or form-encoded), checked before the handler runs. */
  body?: B;
  /** The query string, checked before the handler runs. */
  query?: Q;
  /** A multipart upload: the name of its file field (the handler reads the stream itself). */
  fileField?: string;
  /** The largest body in bytes, where a call takes more than the app's 1 MB (413 beyond). */
  bodyLimit?: number;
  /** Example values, emitted as OpenAPI `example`s (required of a call with a query or body). */
  example?: RouteExample<B, Q>;
  /** Refused with 429 and Retry-After past a rate limit (declared in the OpenAPI document). */
  rateLimited?: RateLimited;
  /**
   * The call answers server-sent events (text/event-stream) instead of the envelope, once its
   * checks pass: what the events are, for the OpenAPI document. The handler writes the stream.
   */
  eventStream?: string;
}

/**
 * A signed-in call of an area that needs the user's personal real-name verification first (spec
 * 000 §6: seals, initiating, messages, the user and cost centers): 403 'Please authenticate your
 * name first' before the handler runs.
 */
interface RealNameOption {
  realName?: boolean;
}

/**
 * What a call needs, declared beside its schema (spec 001 §6): `public` — nobody need be signed
 * in (sign-in itself, a ticket in the query, the public preview); `signedIn` — any signed-in user
 * in a console they may still enter (their own account, contracts they are a party to: the
 * handler decides row by row); or a permission of the tree, which the user's role in the session's
 * company must grant (every permission holds in the personal console).
 */
export type RouteAccess = 'public' | 'signedIn' | Permission;

interface PublicRoute<
  B extends Schema | undefined,
  Q extends Schema | undefined,
> extends RouteOptions<B, Q> {
  permission: 'public';
  handler(input: Handled<Out<B>, Out<Q>>): Promise<unknown>;
}

interface SignedInRoute<B extends Schema | undefined, Q extends Schema | undefined>
  extends RouteOptions<B, Q>, RealNameOption {
  permission: Exclude<RouteAccess, 'public'>;
  handler(
    input: Handled<Out<B>, Out<Q>> & {
      /** The access token's claims; its session was found still going on. */
      session: SessionClaims;
      /** The session's console: checked before the handler runs (403 when left or forbidden). */
      console: SessionConsole;
    },
  ): Promise<unknown>;
}

/** Routes described for `/api/openapi.json`. */
export interface DescribedRoute {
  method: Method;
  path: string;
  summary: string;
  tag: string;
  /** `accessParty`: an open API call, signed by an API access party (open-api/). */
  auth: 'public' | 'user' | 'client' | 'accessParty';
  /**
   * What the call needs (see `RouteAccess`); every route declares it. `accessParty`: a request
   * signed with an access party's API secret (open-api/auth.ts).
   */
  permission: RouteAccess | 'accessParty';
  /** Whether it also needs the user's real-name verification (see `RealNameOption`). */
  realName?: boolean;
  body?: Schema | undefined;
  query?: Schema | undefined;
  /** The path's parameters (`:id`), for a call that names its record in the path. */
  params?: Schema | undefined;
  /** Where the body is form-encoded only (the OAuth2 token endpoint). */
  formOnly?: boolean;
  /** A multipart upload: the name of its file field. */
  fileField?: string | undefined;
  /** Example path parameters, query, body and answer data. */
  example?: { params?: unknown; query?: unknown; body?: unknown; answer?: unknown } | undefined;
  /** Its 429 past a rate limit, answered with Retry-After. */
  rateLimited?: RateLimited | undefined;
  /** Server-sent events answered instead of the envelope (see `RouteOptions.eventStream`). */
  eventStream?: string | undefined;
}

/**
 * Records a route for the OpenAPI document (`route` does it; the token endpoint, registered by
 * hand, calls it itself). An example that its own schema refuses throws: a document that shows a
 * call failing would mislead whoever drives the API from it.
 */
export function describeRoute(context: AppContext, route: DescribedRoute): void {
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = route[part];
    const example = route.example?.[part];
    if (example === undefined) continue;
    const parsed = schema ? z.safeParse(schema, example) : undefined;
    if (!parsed?.success) {
      throw new Error(
        `${route.method} ${route.path}: its example ${part} does not pass its schema${
          parsed ? `: ${JSON.stringify(parsed.error.issues)}` : ' (it has none)'
        }`,
      );
    }
  }
  context.routes.push(route);
}

/** Whether the session's user has passed personal real-name verification. */
async function isRealNameVerified(context: AppContext, session: SessionClaims): Promise<boolean> {
  const [user] = await context.database.query<{ real_name_verified: boolean }>(
    'SELECT real_name_verified FROM users WHERE id = $1 AND tenant_id = $2',
    [session.userId, session.tenantId],
  );
  return user?.real_name_verified === true;
}

/**
 * The claims of a request's access token (`Blade-Auth: bearer …`), or null; whether its session
 * still goes on is checked by `route` (or the caller) in the database.
 */
export async function sessionOf(
  request: FastifyRequest,
  key: Uint8Array,
): Promise<SessionClaims | null> {
  const match = /^bearer\s+(.+)$/i.exec(headerValue(request, 'Blade-Auth'));
  return match ? verifyAccessToken(key, match[1]!.trim()) : null;
}

/** A schema's refusal: 400 naming the field in its message and in `data` (`RefusedField`). */
function invalid(error: z.core.$ZodError, locale: Locale): ApiError {
  const [first] = localizeIssues(error, locale);
  const field = first?.path ? `${first.path}: ` : '';
  return new ApiError(
    'requestException',
    400,
    400,
    first?.path ? ({ field: first.path } satisfies RefusedField) : null,
    `${field}${first?.message ?? message('requestException', locale)}`,
  );
}

/**
 * Registers a call under /api: checks the session (401 without a valid access token, or once its
 * session has ended, unless the call is `public`), the session's console (403
 * `companyAccessEnded` once the user has left or is forbidden in its company) — one query for
 * both — the declared permission (403 'No permission for now'), then the query and body against
 * their zod schemas (400 naming the field, in the request's language); runs the handler and wraps
 * what it returns in the success envelope. A handler fails by throwing `ApiError`.
 */
export function route<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
>(
  app: FastifyInstance,
  context: AppContext,
  options: PublicRoute<B, Q> | SignedInRoute<B, Q>,
): void {
  describeRoute(context, {
    method: options.method,
    path: options.path,
    summary: options.summary,
    tag: options.tag,
    auth: options.permission === 'public' ? 'public' : 'user',
    permission: options.permission,
    realName: options.permission !== 'public' && options.realName === true,
    body: options.body,
    query: options.query,
    fileField: options.fileField,
    example: options.example,
    rateLimited: options.rateLimited,
    eventStream: options.eventStream,
  });
  app.route({
    method: options.method,
    url: `/api${options.path}`,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (request, reply) => {
      const locale = requestLocale(request);
      let session: SessionClaims | null = null;
      let current: SessionConsole | null = null;
      if (options.permission !== 'public') {
        session = await sessionOf(request, context.key);
        if (!session) throw new ApiError('loginExpired', 401);
        current = await liveSessionConsole(context.database, session);
        if (options.permission !== 'signedIn' && !current.grants.has(options.permission)) {
          throw new ApiError('noPermission', 403);
        }
        if (options.realName && !(await isRealNameVerified(context, session))) {
          throw new ApiError('realNameRequired', 403);
        }
      }
      const nul = nulField(request);
      if (nul !== null) {
        const field = nul ? `${nul}: ` : '';
        throw new ApiError(
          'requestException',
          400,
          400,
          null,
          `${field}${message('invalidValue', locale)}`,
        );
      }
      let query: unknown;
      if (options.query) {
        const parsed = z.safeParse(options.query, request.query ?? {});
        if (!parsed.success) throw invalid(parsed.error, locale);
        query = parsed.data;
      }
      let body: unknown;
      if (options.body) {
        const parsed = z.safeParse(options.body, request.body ?? {});
        if (!parsed.success) throw invalid(parsed.error, locale);
        body = parsed.data;
      }
      const input = { request, reply, locale, body, query } as Handled<Out<B>, Out<Q>>;
      // The trail records the device of each action beside its address (request-client.ts).
      const client = {
        userId: session ? Number(session.userId) : null,
        device: deviceOf(request.headers['user-agent']),
      };
      const data = await withRequestClient(client, () =>
        options.permission === 'public'
          ? options.handler(input)
          : options.handler({ ...input, session: session!, console: current! }),
      );
      // A handler that answers by itself (a file download streaming out) returns the reply.
      if (reply.sent || data === reply) return reply;
      return ok(data ?? null);
    },
  });
}

/** The envelope of a thrown ApiError, in a language. */
export function apiErrorBody(error: ApiError, locale: Locale) {
  return fail(error.code, error.detail ?? message(error.text, locale), error.data);
}
