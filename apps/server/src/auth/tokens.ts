import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Database } from '../db';

/** Access tokens live 30 minutes; refresh tokens 30 days, one use each. */
export const ACCESS_TOKEN_TTL_S = 30 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;

export interface AccessClaims {
  userId: number;
  tenantId: string;
  /** The company the session acts for; -1 for the personal console. */
  companyId: number;
}

/**
 * The key that signs access tokens: made on the first start and kept in the database, so that
 * every server process on one database accepts the others' tokens.
 */
export async function signingKey(database: Database): Promise<Uint8Array> {
  await database.query(
    'INSERT INTO server_keys (id, secret) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
    ['jwt', randomBytes(32).toString('base64')],
  );
  const [row] = await database.query<{ secret: string }>(
    'SELECT secret FROM server_keys WHERE id = $1',
    ['jwt'],
  );
  return new Uint8Array(Buffer.from(row!.secret, 'base64'));
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export async function issueTokens(
  database: Database,
  key: Uint8Array,
  claims: AccessClaims,
): Promise<IssuedTokens> {
  const accessToken = await new SignJWT({
    tenant_id: claims.tenantId,
    company_id: claims.companyId,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_S}s`)
    .sign(key);
  const refreshToken = randomBytes(32).toString('base64url');
  await database.query(
    `INSERT INTO refresh_tokens (user_id, company_id, token_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [claims.userId, claims.companyId, hash(refreshToken), REFRESH_TOKEN_TTL_S],
  );
  return { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_S };
}

/** The claims of a valid, unexpired access token, or null. */
export async function verifyAccessToken(
  key: Uint8Array,
  token: string,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || typeof payload.tenant_id !== 'string') return null;
    return { userId, tenantId: payload.tenant_id, companyId: Number(payload.company_id ?? -1) };
  } catch {
    return null;
  }
}

/**
 * Spends a refresh token: valid once, before it expires and unless revoked. Gives its owner, or null.
 * The token is revoked in the same statement, so two concurrent uses cannot both succeed.
 */
export async function spendRefreshToken(
  database: Database,
  token: string,
): Promise<{ userId: number; companyId: number } | null> {
  const [row] = await database.query<{
    user_id: string | number;
    company_id: string | number | null;
  }>(
    `UPDATE refresh_tokens SET revoked_at = now()
     WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()
     RETURNING user_id, company_id`,
    [hash(token)],
  );
  return row
    ? {
        userId: Number(row.user_id),
        companyId: row.company_id === null ? -1 : Number(row.company_id),
      }
    : null;
}

/** Revokes one refresh token, or all of a user's (logout everywhere, password change). */
export async function revokeRefreshTokens(
  database: Database,
  userId: number,
  token?: string,
): Promise<void> {
  if (token) {
    await database.query(
      'UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND token_hash = $2 AND revoked_at IS NULL',
      [userId, hash(token)],
    );
  } else {
    await database.query(
      'UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
      [userId],
    );
  }
}
