import {
  CLIENT_ID,
  CLIENT_SECRET,
  PATHS,
  message,
  type TokenError,
  type UserInfo,
} from '@esign/platform';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { AppContext } from '../context';
import { describeRoute, route } from '../http/route';
import { headerValue } from '../http/headers';
import { nulField } from '../http/nul';
import { requestLocale } from '../locale';
import { GRANTS } from './grants';
import { OAuthError, USER_COLUMNS, type UserRow } from './grants/types';
import { tokenResponse } from './token-response';
import { endSession } from './sessions';
import { sessionOfRefreshToken } from './tokens';
import { avatarLink } from '../user-center/avatar';
import { ApiError } from '../http/route';

function basicClientOk(request: FastifyRequest): boolean {
  const header = headerValue(request, 'Authorization');
  if (!header.startsWith('Basic ')) return false;
  return Buffer.from(header.slice(6), 'base64').toString() === `${CLIENT_ID}:${CLIENT_SECRET}`;
}

/** The token endpoint's form: OAuth2's fields, each a string of sensible length. */
const TOKEN_FORM = z.object({
  grant_type: z.string().check(z.maxLength(32)),
  tenant_id: z.optional(z.string().check(z.maxLength(32))),
  scope: z.optional(z.string().check(z.maxLength(64))),
  username: z.optional(z.string().check(z.maxLength(64))),
  password: z.optional(z.string().check(z.maxLength(128))),
  phone: z.optional(z.string().check(z.maxLength(64))),
  code: z.optional(z.string().check(z.maxLength(16))),
  refresh_token: z.optional(z.string().check(z.maxLength(256))),
  company_id: z.optional(z.string().check(z.maxLength(32))),
  // grant_type=hardware_key: the random, the key's signature of it and its certificate's name.
  random: z.optional(z.string().check(z.maxLength(128))),
  signature: z.optional(z.string().check(z.maxLength(256))),
  fingerprint: z.optional(z.string().check(z.maxLength(128))),
});

/** Sign-in (the OAuth2 token endpoint and its grant types), user info and logout. */
export async function authRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(formbody);
  const { database } = context;

  describeRoute(context, {
    permission: 'public',
    method: 'POST',
    path: PATHS.token,
    example: {
      body: {
        grant_type: 'password',
        tenant_id: '000000',
        username: '13800000001',
        password: 'Demo12345',
      },
    },
    summary: `OAuth2 token endpoint (form-encoded); grant_type one of ${Object.keys(GRANTS).join(', ')}`,
    tag: 'blade-auth',
    auth: 'client',
    formOnly: true,
    body: TOKEN_FORM,
    rateLimited: {
      description:
        'Too many failed sign-ins: 10 failures of an account or 50 from a client address within an hour refuse further attempts (error temporarily_unavailable), whether or not the password is right. The SMS grant spends codes sent by the SMS code calls, limited there. Every refusal of the hardware_key grant counts as a failure of the key’s account (of its certificate when it names none) and of the address.',
      text: 'loginTooMany',
    },
  });
  app.post(`/api${PATHS.token}`, async (request, reply) => {
    const locale = requestLocale(request);
    try {
      if (!basicClientOk(request)) throw new OAuthError('invalid_client', 'badClient', 401);
      const nul = nulField(request);
      if (nul !== null) {
        return reply.status(400).send({
          error: 'invalid_request',
          error_description: `${nul ? `${nul}: ` : ''}${message('invalidValue', locale)}`,
        } satisfies TokenError);
      }
      // Every field is one string at most (a repeated field arrives as an array: refused).
      const parsed = z.safeParse(TOKEN_FORM, request.body ?? {});
      if (!parsed.success) throw new OAuthError('invalid_request', 'missingParameters');
      const form = parsed.data as Record<string, string | undefined>;
      const field = (name: string) => form[name] ?? '';
      const grant = Object.hasOwn(GRANTS, field('grant_type'))
        ? GRANTS[field('grant_type')]
        : undefined;
      if (!grant) throw new OAuthError('unsupported_grant_type', 'unsupportedGrant');
      return await tokenResponse(context, await grant({ request, locale, context, field }));
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
      return reply.status(error.status).send({
        error: error.error,
        error_description: message(error.text, locale),
        ...error.extra,
      } satisfies TokenError);
    }
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.userInfo,
    summary: 'The signed-in user',
    tag: 'blade-user',
    permission: 'signedIn',
    handler: async ({ session, console: current }): Promise<UserInfo> => {
      const [user] = await database.query<UserRow>(
        `SELECT ${USER_COLUMNS} FROM users WHERE id = $1 AND tenant_id = $2`,
        [session.userId, session.tenantId],
      );
      if (!user) throw new ApiError('loginExpired', 401);
      const { companyName, roles } = current;
      return {
        id: String(user.id),
        name: user.name,
        phone: user.phone,
        avatar: await avatarLink(database, user.id),
        authStep: user.real_name_verified ? 'VERIFIED' : 'NOT',
        // Initiating needs the verified person and, in a company, a role that grants it.
        launchAuth: user.real_name_verified && current.grants.has('contract:launch'),
        companyId: session.companyId,
        companyName,
        roles,
        permissions: [...current.grants],
      };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.logout,
    example: { body: { refresh_token: 'eyJhbGciOiJIUzI1NiJ9.refresh.token' } },
    summary:
      'Log out: ends the session of the access token (every tab, console and token of that login, at once) and that of the given refresh token',
    tag: 'blade-auth',
    permission: 'signedIn',
    body: z.object({ refresh_token: z.optional(z.string()) }),
    handler: async ({ session, body }) => {
      await endSession(database, session.sessionId, 'logout');
      // A refresh token of another login of the user (one the client kept from before) ends too.
      const other = body.refresh_token
        ? await sessionOfRefreshToken(database, session.userId, body.refresh_token)
        : null;
      if (other !== null && other !== session.sessionId) {
        await endSession(database, other, 'logout');
      }
      return null;
    },
  });
}
