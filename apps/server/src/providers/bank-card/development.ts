import { DEVELOPMENT_FAILING_DIGIT } from '@esign/platform';
import type { BankCardProvider } from './provider';

/**
 * The development bank card provider: it asks no bank. A card number or an ID number ending in
 * `DEVELOPMENT_FAILING_DIGIT` (4) does not match; any other does. The web page says so.
 */
export const developmentBankCardProvider: BankCardProvider = {
  name: 'development',
  development: true,
  matches: async ({ idNumber, cardNumber }) =>
    !idNumber.trim().endsWith(DEVELOPMENT_FAILING_DIGIT) &&
    !cardNumber.trim().endsWith(DEVELOPMENT_FAILING_DIGIT),
};
