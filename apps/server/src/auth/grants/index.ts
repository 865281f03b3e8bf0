import { passwordGrant } from './password';
import { refreshGrant } from './refresh';
import type { Grant } from './types';

/** The token endpoint's grant types; each lives in its own module. */
export const GRANTS: Readonly<Record<string, Grant>> = {
  password: passwordGrant,
  refresh_token: refreshGrant,
};
