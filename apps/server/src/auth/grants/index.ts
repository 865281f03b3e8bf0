import { GRANT_TYPE_COMPANY_USER, GRANT_TYPE_HARDWARE_KEY } from '@esign/platform';
import { companyUserGrant } from './company';
import { captchaGrant } from './captcha';
import { hardwareKeyGrant } from './hardware-key';
import { passwordGrant } from './password';
import { refreshGrant } from './refresh';
import { smsGrant } from './sms';
import type { Grant } from './types';

/** The token endpoint's grant types; each lives in its own module. */
export const GRANTS: Readonly<Record<string, Grant>> = {
  password: passwordGrant,
  captcha: captchaGrant,
  sms: smsGrant,
  refresh_token: refreshGrant,
  [GRANT_TYPE_COMPANY_USER]: companyUserGrant,
  [GRANT_TYPE_HARDWARE_KEY]: hardwareKeyGrant,
};
