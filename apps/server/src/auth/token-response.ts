import type { TokenResponse } from '@esign/platform';
import { companyAuthOf, findConsole } from '../companies/console';
import type { AppContext } from '../context';
import { OAuthError, type Granted } from './grants/types';
import { issueTokens } from './tokens';

/**
 * The token endpoint's OAuth2 answer for a signed-in user: new access and refresh tokens and the
 * user's basics. Shared by every call that signs a user in (the token endpoint, registration), so
 * they all answer alike.
 */
export async function tokenResponse(
  { database, key }: Pick<AppContext, 'database' | 'key'>,
  { user, companyId, continuation }: Granted,
): Promise<TokenResponse> {
  const claims = { userId: Number(user.id), tenantId: user.tenant_id, companyId };
  // A refresh into a company the user has left since signing in is refused like a switch into it.
  const current = await findConsole(database, claims);
  if (!current) throw new OAuthError('invalid_grant', 'noPermission', 403);
  const tokens = await issueTokens(database, key, claims, continuation);
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
    company_auth: companyAuthOf(companyId),
    company_name: current.companyName,
  };
}
