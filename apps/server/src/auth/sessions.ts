import type { Queryable } from '../db';

/**
 * Why a session ended, kept on its refresh tokens (`revoked_reason`, migration 27):
 * - `logout`: the user logged out (every tab of the browser shares the session);
 * - `passwordChanged`: another session of the user changed the password;
 * - `passwordReset`: the forgotten-password flow set a new password;
 * - `refreshReuse`: a spent refresh token came back after the reuse interval (probably stolen);
 * - `accountClosed`: the account was closed;
 * - `operator`: a platform operator ended the user's sessions.
 */
export type SessionEndReason =
  'logout' | 'passwordChanged' | 'passwordReset' | 'refreshReuse' | 'accountClosed' | 'operator';

type Query = Pick<Queryable, 'query'>;

/**
 * Ends one session: every refresh token of the family (`sessionId` is its first token's id) is
 * revoked, and with it every access token that carries the id, on the next request, on every
 * server process (the route helper checks it in the database).
 */
export async function endSession(
  database: Query,
  sessionId: number,
  reason: SessionEndReason,
): Promise<void> {
  await database.query(
    `UPDATE refresh_tokens SET revoked_at = now(), revoked_reason = $2
     WHERE (id = $1 OR family_id = $1) AND revoked_at IS NULL`,
    [sessionId, reason],
  );
}

/**
 * Ends every session of a user but `keep` (the session that changed the password goes on; see
 * auth/CONTEXT.md). Closing an account and an operator's action end them all through this
 * function: those callers pass no `keep`. Answers how many sessions ended.
 */
export async function endUserSessions(
  database: Query,
  userId: number,
  reason: SessionEndReason,
  keep?: number,
): Promise<number> {
  const ended = await database.query<{ session: string | number }>(
    `UPDATE refresh_tokens SET revoked_at = now(), revoked_reason = $2
     WHERE user_id = $1 AND revoked_at IS NULL AND COALESCE(family_id, id) IS DISTINCT FROM $3
     RETURNING COALESCE(family_id, id) AS session`,
    [userId, reason, keep ?? null],
  );
  return new Set(ended.map((row) => Number(row.session))).size;
}

/**
 * Whether an access token's session goes on: its first refresh token exists, belongs to the user
 * and is not revoked. Its expiry does not matter: a session lives on through rotations, each new
 * refresh token valid for 30 days from its own issue. One lookup by primary key.
 */
export async function isSessionLive(
  database: Query,
  { userId, sessionId }: { userId: number; sessionId: number },
): Promise<boolean> {
  const [row] = await database.query(
    'SELECT 1 FROM refresh_tokens WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL',
    [sessionId, userId],
  );
  return row !== undefined;
}
