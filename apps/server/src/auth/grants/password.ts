import { DEFAULT_TENANT_ID, PERSONAL_CONSOLE_ID } from '@esign/platform';
import { spendCaptcha } from '../../captcha/store';
import { headerValue } from '../../http/headers';
import { verifyPassword } from '../../passwords';
import { loginAttempts } from '../login-attempts';
import { isClosedAccountPhone, userByPhone } from '../users';
import { OAuthError, type Grant, type GrantInput, type Granted } from './types';

/**
 * Signs in with phone (`username`) and password, within the login limits of login-attempts.ts. The
 * graphic captcha (headers Captcha-Key and Captcha-Code) is checked when `captcha` is 'always', or
 * when the account or the IP has failed recently; a refusal that asks for it says
 * `captcha_required: true`, as does every wrong password, since the next attempt needs one.
 */
export async function signInWithPassword(
  { field, context, request }: GrantInput,
  captcha: 'always' | 'when-required',
): Promise<Granted> {
  const phone = field('username').trim();
  const password = field('password');
  if (!phone || !password) throw new OAuthError('invalid_request', 'missingParameters');
  const tenantId = field('tenant_id') || DEFAULT_TENANT_ID;
  const attempts = loginAttempts(context.database, tenantId, phone, request.ip);
  const { tooMany, retryAfter, captchaRequired } = await attempts.check();
  if (tooMany) {
    const refusal = new OAuthError('temporarily_unavailable', 'loginTooMany', 429);
    refusal.retryAfter = retryAfter;
    throw refusal;
  }
  if (captcha === 'always' || captchaRequired) {
    const key = headerValue(request, 'Captcha-Key');
    const answer = headerValue(request, 'Captcha-Code');
    if (!key || !answer) {
      throw new OAuthError('invalid_request', 'captchaRequired', 400, { captcha_required: true });
    }
    if (!(await spendCaptcha(context, key, answer))) {
      throw new OAuthError('invalid_grant', 'captchaWrong', 400, { captcha_required: true });
    }
  }
  const user = await userByPhone(context.database, tenantId, phone);
  if (!user || !(await verifyPassword(password, user.password_hash))) {
    await attempts.failed();
    if (!user && (await isClosedAccountPhone(context.database, context.key, tenantId, phone))) {
      throw new OAuthError('invalid_grant', 'accountClosed');
    }
    throw new OAuthError('invalid_grant', 'badCredentials', 400, { captcha_required: true });
  }
  await attempts.succeeded();
  return { user, companyId: PERSONAL_CONSOLE_ID };
}

/** grant_type=password: phone and password; the captcha too after recent failures. */
export const passwordGrant: Grant = (input) => signInWithPassword(input, 'when-required');
