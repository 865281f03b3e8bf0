import {
  CLIENT_ID,
  CLIENT_SECRET,
  DEFAULT_TENANT_ID,
  PATHS,
  PERSONAL_CONSOLE_ID,
  fail,
  message,
  ok,
  type Locale,
  type MessageKey,
} from '@esign/platform';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale } from '../locale';
import type { Database } from '../db';
import { verifyPassword } from '../passwords';
import {
  issueTokens,
  revokeRefreshTokens,
  signingKey,
  spendRefreshToken,
  verifyAccessToken,
  type AccessClaims,
} from './tokens';

function oauthError(
  reply: FastifyReply,
  status: number,
  error: string,
  text: MessageKey,
  locale: Locale,
) {
  return reply.status(status).send({ error, error_description: message(text, locale) });
}

function basicClientOk(request: FastifyRequest): boolean {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return false;
  return Buffer.from(header.slice(6), 'base64').toString() === `${CLIENT_ID}:${CLIENT_SECRET}`;
}

/** The signed-in session of a request (`Blade-Auth: bearer …`), or null. */
export async function sessionOf(
  request: FastifyRequest,
  key: Uint8Array,
): Promise<AccessClaims | null> {
  const header = request.headers['blade-auth'];
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^bearer\s+(.+)$/i.exec(value ?? '');
  return match ? verifyAccessToken(key, match[1]!.trim()) : null;
}

interface UserRow {
  id: string | number;
  tenant_id: string;
  phone: string;
  name: string;
  password_hash: string | null;
  real_name_verified: boolean;
}

/** Sign-in (OAuth2 token endpoint), user info and logout. */
export async function authRoutes(
  app: FastifyInstance,
  { database }: { database: Database },
): Promise<void> {
  await app.register(formbody);
  const key = await signingKey(database);

  const tokenResponse = async (user: UserRow, companyId: number) => {
    const tokens = await issueTokens(database, key, {
      userId: Number(user.id),
      tenantId: user.tenant_id,
      companyId,
    });
    return {
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      token_type: 'bearer',
      expires_in: tokens.expiresIn,
      tenant_id: user.tenant_id,
      user_id: String(user.id),
      account: user.phone,
      user_name: user.name,
      company_id: companyId,
    };
  };

  app.post(`/api${PATHS.token}`, async (request, reply) => {
    const locale = requestLocale(request);
    if (!basicClientOk(request))
      return oauthError(reply, 401, 'invalid_client', 'badClient', locale);
    const form = (request.body ?? {}) as Record<string, unknown>;
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    const grant = field('grant_type');
    if (grant === 'password') {
      const phone = field('username').trim();
      const password = field('password');
      if (!phone || !password)
        return oauthError(reply, 400, 'invalid_request', 'missingParameters', locale);
      const tenant = field('tenant_id') || DEFAULT_TENANT_ID;
      const [user] = await database.query<UserRow>(
        'SELECT id, tenant_id, phone, name, password_hash, real_name_verified FROM users WHERE tenant_id = $1 AND phone = $2',
        [tenant, phone],
      );
      if (!user || !(await verifyPassword(password, user.password_hash))) {
        return oauthError(reply, 400, 'invalid_grant', 'badCredentials', locale);
      }
      return tokenResponse(user, PERSONAL_CONSOLE_ID);
    }
    if (grant === 'refresh_token') {
      const spent = await spendRefreshToken(database, field('refresh_token'));
      if (!spent) return oauthError(reply, 401, 'invalid_grant', 'loginExpired', locale);
      const [user] = await database.query<UserRow>(
        'SELECT id, tenant_id, phone, name, password_hash, real_name_verified FROM users WHERE id = $1',
        [spent.userId],
      );
      if (!user) return oauthError(reply, 401, 'invalid_grant', 'loginExpired', locale);
      return tokenResponse(user, spent.companyId);
    }
    return oauthError(reply, 400, 'unsupported_grant_type', 'unsupportedGrant', locale);
  });

  app.get(`/api${PATHS.userInfo}`, async (request, reply) => {
    const session = await sessionOf(request, key);
    if (!session)
      return reply.status(401).send(fail(401, message('loginExpired', requestLocale(request))));
    const [user] = await database.query<UserRow>(
      'SELECT id, tenant_id, phone, name, password_hash, real_name_verified FROM users WHERE id = $1 AND tenant_id = $2',
      [session.userId, session.tenantId],
    );
    if (!user)
      return reply.status(401).send(fail(401, message('loginExpired', requestLocale(request))));
    return ok({
      id: String(user.id),
      name: user.name,
      phone: user.phone,
      avatar: '',
      authStep: user.real_name_verified ? 'VERIFIED' : 'NOT',
      launchAuth: user.real_name_verified,
      companyId: session.companyId,
    });
  });

  app.post(`/api${PATHS.logout}`, async (request, reply) => {
    const session = await sessionOf(request, key);
    if (!session)
      return reply.status(401).send(fail(401, message('loginExpired', requestLocale(request))));
    const form = (request.body ?? {}) as Record<string, unknown>;
    const token = typeof form.refresh_token === 'string' ? form.refresh_token : undefined;
    await revokeRefreshTokens(database, session.userId, token);
    return ok(null);
  });
}
