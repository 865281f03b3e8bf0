import { PERSONAL_CONSOLE_ID } from '@esign/platform';
import { findConsole } from '../../companies/console';
import { spendRefreshToken } from '../tokens';
import { OAuthError, USER_COLUMNS, type Grant, type UserRow } from './types';

/**
 * grant_type=refresh_token: rotates the refresh token into a new pair in the same console (the
 * same pair again for a second use within the reuse interval; see `spendRefreshToken`), or into
 * the personal console once the company no longer lets the user in.
 */
export const refreshGrant: Grant = async ({ field, context }) => {
  const spent = await spendRefreshToken(context.database, context.key, field('refresh_token'));
  if (!spent) throw new OAuthError('invalid_grant', 'loginExpired', 401);
  const [user] = await context.database.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE id = $1`,
    [spent.userId],
  );
  if (!user) throw new OAuthError('invalid_grant', 'loginExpired', 401);
  // A company that no longer lets the user in (forbidden, removed) does not end the login: the
  // session goes on in the personal console, as the client's next call would move it anyway.
  const claims = { userId: spent.userId, tenantId: user.tenant_id, companyId: spent.companyId };
  const stays = await findConsole(context.database, claims);
  const companyId = stays ? spent.companyId : PERSONAL_CONSOLE_ID;
  return { user, companyId, continuation: spent.rotation };
};
