import { spendRefreshToken } from '../tokens';
import { OAuthError, USER_COLUMNS, type Grant, type UserRow } from './types';

/**
 * grant_type=refresh_token: rotates the refresh token into a new pair in the same console (the
 * same pair again for a second use within the reuse interval; see `spendRefreshToken`).
 */
export const refreshGrant: Grant = async ({ field, context }) => {
  const spent = await spendRefreshToken(context.database, context.key, field('refresh_token'));
  if (!spent) throw new OAuthError('invalid_grant', 'loginExpired', 401);
  const [user] = await context.database.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE id = $1`,
    [spent.userId],
  );
  if (!user) throw new OAuthError('invalid_grant', 'loginExpired', 401);
  return { user, companyId: spent.companyId, rotation: spent.rotation };
};
