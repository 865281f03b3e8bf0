import type { Strings } from '../zh';
import type { COMPANY_AUTH_EN } from './companyAuth.en';

/** The strings of the company real-name verification and custom-made authentication screens in Chinese: the same keys as English. */
export const COMPANY_AUTH_ZH: Strings<typeof COMPANY_AUTH_EN> = {};
