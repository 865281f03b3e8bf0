import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Database, Queryable } from '../db';
import { endSession } from './sessions';

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
 * The claims of an access token the server issued: those of its console and its session, the
 * login it belongs to (the id of the refresh-token family's first token, claim `sid`). Ending the
 * session ends the token at once (see sessions.ts).
 */
export interface SessionClaims extends AccessClaims {
  sessionId: number;
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

/**
 * Seconds during which a just-rotated refresh token is accepted again and answered with the same
 * new pair: two tabs or devices racing, or a request retried after its answer was lost, keep the
 * session. Presented later, the token revokes its whole family (it was probably stolen).
 */
export const REFRESH_REUSE_INTERVAL_S = 10;

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/**
 * A spent refresh token and the token it was rotated into (already stored, issued at `issuedAt`,
 * seconds since the epoch): the pair answered for it, the same each time within the reuse interval.
 */
export interface Rotation {
  parentToken: string;
  issuedAt: number;
  sessionId: number;
}

/**
 * How new tokens belong to a session: a rotation of a spent refresh token, or a new refresh token
 * in a session that goes on (a switch of console, which the web app makes after every refresh).
 * Without one, the tokens start a new session (a login).
 */
export type Continuation = Rotation | { sessionId: number };

async function signAccessToken(
  key: Uint8Array,
  claims: SessionClaims,
  issuedAt: number,
): Promise<string> {
  return new SignJWT({
    tenant_id: claims.tenantId,
    company_id: claims.companyId,
    sid: claims.sessionId,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_S)
    .sign(key);
}

/**
 * The refresh token a rotation gives: derived from the spent token with the server's key, so that
 * a reuse within the interval answers the very same token without keeping it in clear anywhere.
 */
function rotatedRefreshToken(key: Uint8Array, parentToken: string): string {
  return createHmac('sha256', key).update(`refresh-rotation:${parentToken}`).digest('base64url');
}

/**
 * New access and refresh tokens for `claims`: a new family for a login, a new token of the same
 * family for a session that goes on, or for a refresh the pair of the token it was rotated into
 * (see `spendRefreshToken`, which stores it).
 */
export async function issueTokens(
  database: Database,
  key: Uint8Array,
  claims: AccessClaims,
  continuation?: Continuation,
): Promise<IssuedTokens> {
  if (continuation && 'parentToken' in continuation) {
    const session = { ...claims, sessionId: continuation.sessionId };
    return {
      accessToken: await signAccessToken(key, session, continuation.issuedAt),
      refreshToken: rotatedRefreshToken(key, continuation.parentToken),
      expiresIn: ACCESS_TOKEN_TTL_S,
    };
  }
  const issuedAt = Math.floor(Date.now() / 1000);
  const refreshToken = randomBytes(32).toString('base64url');
  const id = await insertRefreshToken(database, {
    claims,
    token: refreshToken,
    issuedAt,
    familyId: continuation?.sessionId ?? null,
  });
  const session = { ...claims, sessionId: continuation?.sessionId ?? id };
  return {
    accessToken: await signAccessToken(key, session, issuedAt),
    refreshToken,
    expiresIn: ACCESS_TOKEN_TTL_S,
  };
}

async function insertRefreshToken(
  database: Pick<Queryable, 'query'>,
  {
    claims,
    token,
    issuedAt,
    familyId = null,
    parentId = null,
  }: {
    claims: Pick<AccessClaims, 'userId' | 'companyId'>;
    token: string;
    issuedAt: number;
    familyId?: number | null;
    parentId?: number | null;
  },
): Promise<number> {
  const [row] = await database.query<{ id: string | number }>(
    `INSERT INTO refresh_tokens (user_id, company_id, token_hash, expires_at, created_at, family_id, parent_id)
     VALUES ($1, $2, $3, to_timestamp($5) + make_interval(secs => $4), to_timestamp($5), $6, $7)
     RETURNING id`,
    [
      claims.userId,
      claims.companyId,
      hash(token),
      REFRESH_TOKEN_TTL_S,
      issuedAt,
      familyId,
      parentId,
    ],
  );
  return Number(row!.id);
}

/**
 * The claims of a valid, unexpired access token, or null. Whether its session still goes on is
 * the database's to say (sessions.ts). A token without a session (issued before migration 27) is
 * refused: no logout could end it, and the web app answers a 401 by sending its user to sign in
 * once more.
 */
export async function verifyAccessToken(
  key: Uint8Array,
  token: string,
): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    const sessionId = payload.sid;
    if (!Number.isSafeInteger(userId) || typeof payload.tenant_id !== 'string') return null;
    if (typeof sessionId !== 'number' || !Number.isSafeInteger(sessionId)) return null;
    return {
      userId,
      tenantId: payload.tenant_id,
      companyId: Number(payload.company_id ?? -1),
      sessionId,
    };
  } catch {
    return null;
  }
}

/** What spending a refresh token gives: its owner and console, and how to rotate it. */
export interface SpentRefreshToken {
  userId: number;
  companyId: number;
  rotation: Rotation;
}

interface RefreshTokenRow {
  id: string | number;
  user_id: string | number;
  company_id: string | number | null;
  family_id: string | number | null;
  usable: boolean;
  rotated: boolean;
  within_reuse: boolean;
}

/**
 * Spends a refresh token (one rotation each). The first use rotates it; a use within
 * {@link REFRESH_REUSE_INTERVAL_S} of that answers the same new pair; a later use revokes the
 * whole family and answers null, as does an unknown, expired or revoked token. The row is locked
 * for the decision, so concurrent uses (several server processes included) rotate it once.
 */
export async function spendRefreshToken(
  database: Database,
  key: Uint8Array,
  token: string,
): Promise<SpentRefreshToken | null> {
  return database.transaction(async (tx) => {
    // A token of an ended session is refused even if it escaped the revocation (a console
    // switch racing a logout stores a new token in the family).
    const [row] = await tx.query<RefreshTokenRow>(
      `SELECT id, user_id, company_id, family_id,
              revoked_at IS NULL AND expires_at > now()
                AND NOT EXISTS (SELECT 1 FROM refresh_tokens s
                                WHERE s.id = t.family_id AND s.revoked_at IS NOT NULL) AS usable,
              rotated_at IS NOT NULL AS rotated,
              rotated_at > now() - make_interval(secs => $2) AS within_reuse
       FROM refresh_tokens t WHERE token_hash = $1 FOR UPDATE`,
      [hash(token), REFRESH_REUSE_INTERVAL_S],
    );
    if (!row?.usable) return null;
    const parentId = Number(row.id);
    const familyId = row.family_id === null ? parentId : Number(row.family_id);
    const owner = {
      userId: Number(row.user_id),
      companyId: row.company_id === null ? -1 : Number(row.company_id),
    };
    if (!row.rotated) {
      // The child is stored in the same transaction, so that a concurrent use waiting on the
      // row's lock finds it.
      const issuedAt = Math.floor(Date.now() / 1000);
      await tx.query('UPDATE refresh_tokens SET rotated_at = now() WHERE id = $1', [parentId]);
      await insertRefreshToken(tx, {
        claims: owner,
        token: rotatedRefreshToken(key, token),
        issuedAt,
        familyId,
        parentId,
      });
      return { ...owner, rotation: { parentToken: token, issuedAt, sessionId: familyId } };
    }
    if (row.within_reuse) {
      const [child] = await tx.query<{ issued_at: string | number }>(
        `SELECT extract(epoch FROM created_at)::bigint AS issued_at FROM refresh_tokens
         WHERE parent_id = $1 AND revoked_at IS NULL`,
        [parentId],
      );
      if (!child) return null;
      const rotation = {
        parentToken: token,
        issuedAt: Number(child.issued_at),
        sessionId: familyId,
      };
      return { ...owner, rotation };
    }
    await endSession(tx, familyId, 'refreshReuse');
    return null;
  });
}

/** The session (family) a refresh token of the user belongs to, or null for a token unknown. */
export async function sessionOfRefreshToken(
  database: Pick<Queryable, 'query'>,
  userId: number,
  token: string,
): Promise<number | null> {
  const [row] = await database.query<{ session: string | number }>(
    'SELECT COALESCE(family_id, id) AS session FROM refresh_tokens WHERE user_id = $1 AND token_hash = $2',
    [userId, hash(token)],
  );
  return row ? Number(row.session) : null;
}
