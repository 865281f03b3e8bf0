/** Signing in (the OAuth2 token endpoint's grant types), codes, captcha and password calls. */
import {
  GRANT_TYPE_COMPANY_USER,
  PATHS,
  type CaptchaData,
  type CheckPhoneData,
  type CodeSent,
  type TokenResponse,
} from '@esign/platform';
import { session } from '../session';
import { call, send } from './client';

function token(form: Record<string, string>, quiet = false): Promise<TokenResponse> {
  const data = new URLSearchParams({
    tenant_id: session.getState().tenantId,
    scope: 'all',
    ...form,
  });
  return send<TokenResponse>({ method: 'POST', url: PATHS.token, data, quiet });
}

/**
 * Phone and password. After a failure the server asks for the graphic captcha, which the request
 * module sends from the session (`captcha` grant).
 */
export const loginByPassword = (phone: string, password: string, withCaptcha: boolean) =>
  token({ grant_type: withCaptcha ? 'captcha' : 'password', username: phone, password });

/** Phone and the login code sent by `sendLoginCode`. */
export const loginBySmsCode = (phone: string, code: string) =>
  token({ grant_type: 'sms', phone, code });

/** A new token for the refresh token (spec 000 §4). */
export const refreshTokens = (refreshToken: string) =>
  token({ grant_type: 'refresh_token', refresh_token: refreshToken });

/**
 * Moves the session into a company, or the personal console (-1); `quiet` leaves a refusal to the
 * caller (no toast).
 */
export const signInToConsole = (companyId: number, quiet = false) =>
  token({ grant_type: GRANT_TYPE_COMPANY_USER, company_id: String(companyId) }, quiet);

/** Revokes the refresh token on the server; the client forgets the session either way. */
export const revokeSession = (refreshToken: string | null) =>
  call<null>({
    method: 'POST',
    url: PATHS.logout,
    data: refreshToken ? { refresh_token: refreshToken } : {},
    quiet: true,
  });

export const fetchCaptcha = () => call<CaptchaData>({ url: PATHS.captcha });

export const sendLoginCode = (phone: string) =>
  call<CodeSent>({ url: PATHS.smsLoginCode, params: { phone } });

export const checkPhone = (phone: string) =>
  call<CheckPhoneData>({ url: PATHS.checkPhone, params: { phone } });

export const sendRegisterCode = (phone: string) =>
  call<CodeSent>({ method: 'POST', url: PATHS.sendRegisterCode, params: { phone } });

/** Registers and signs the new user in: answers the token response. */
export const register = (params: { phone: string; code: string; password: string }) =>
  call<TokenResponse>({ method: 'POST', url: PATHS.register, params });

export const sendForgetCode = (phone: string) =>
  call<CodeSent>({ method: 'POST', url: PATHS.sendForgetCode, params: { phone } });

export const validateForgetCode = (params: { phone: string; code: string }) =>
  call<unknown>({ method: 'POST', url: PATHS.validateForgetCode, params });

export const resetPassword = (params: { phone: string; code: string; password: string }) =>
  call<unknown>({ method: 'POST', url: PATHS.resetPassword, params });

export const changePassword = (data: {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}) => call<unknown>({ method: 'POST', url: PATHS.changePassword, data });
