import { DEVELOPMENT_FAILING_DIGIT } from '@esign/platform';
import type { IdentityProvider } from './provider';

/**
 * The development identity provider: it asks no registry. An ID number ending in
 * `DEVELOPMENT_FAILING_DIGIT` (4) does not match; any other does. The web page says so.
 */
export const developmentIdentityProvider: IdentityProvider = {
  name: 'development',
  development: true,
  matches: async ({ idNumber }) => !idNumber.trim().endsWith(DEVELOPMENT_FAILING_DIGIT),
};
