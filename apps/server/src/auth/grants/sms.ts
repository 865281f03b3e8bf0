import { DEFAULT_TENANT_ID, PERSONAL_CONSOLE_ID } from '@esign/platform';
import { checkCode } from '../../sms/codes';
import { loginAttempts } from '../login-attempts';
import { isClosedAccountPhone, userByPhone } from '../users';
import { OAuthError, type Grant } from './types';

/**
 * grant_type=sms: `phone` and the login `code` sent by GET oauth/sms-sicpay. The code is spent;
 * signing in this way also lifts the account's captcha requirement, as any successful login does.
 */
export const smsGrant: Grant = async ({ field, context, request }) => {
  const phone = field('phone').trim();
  const code = field('code').trim();
  if (!phone || !code) throw new OAuthError('invalid_request', 'missingParameters');
  const tenantId = field('tenant_id') || DEFAULT_TENANT_ID;
  const refusal = await checkCode(context, { tenantId, phone, purpose: 'login' }, code, {
    spend: true,
  });
  if (refusal) throw new OAuthError('invalid_grant', refusal);
  const user = await userByPhone(context.database, tenantId, phone);
  if (!user) {
    const closed = await isClosedAccountPhone(context.database, context.key, tenantId, phone);
    throw new OAuthError('invalid_grant', closed ? 'accountClosed' : 'phoneNotRegistered');
  }
  await loginAttempts(context.database, tenantId, phone, request.ip).succeeded();
  return { user, companyId: PERSONAL_CONSOLE_ID };
};
