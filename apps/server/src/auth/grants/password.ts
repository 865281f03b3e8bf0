import { DEFAULT_TENANT_ID, PERSONAL_CONSOLE_ID } from '@esign/platform';
import { verifyPassword } from '../../passwords';
import { OAuthError, USER_COLUMNS, type Grant, type UserRow } from './types';

/** grant_type=password: phone (`username`) and password. */
export const passwordGrant: Grant = async ({ field, context }) => {
  const phone = field('username').trim();
  const password = field('password');
  if (!phone || !password) throw new OAuthError('invalid_request', 'missingParameters');
  const tenant = field('tenant_id') || DEFAULT_TENANT_ID;
  const [user] = await context.database.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE tenant_id = $1 AND phone = $2`,
    [tenant, phone],
  );
  if (!user || !(await verifyPassword(password, user.password_hash))) {
    throw new OAuthError('invalid_grant', 'badCredentials');
  }
  return { user, companyId: PERSONAL_CONSOLE_ID };
};
