import type { Strings } from '../zh';
import type { SUB_COMPANY_EN } from './subCompany.en';

/** The strings of the enterprise console's subCompany screens in Chinese: the same keys as English. */
export const SUB_COMPANY_ZH: Strings<typeof SUB_COMPANY_EN> = {};
