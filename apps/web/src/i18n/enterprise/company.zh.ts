import type { Strings } from '../zh';
import type { COMPANY_INFO_EN } from './company.en';

/** The strings of the enterprise console's company screens in Chinese: the same keys as English. */
export const COMPANY_INFO_ZH: Strings<typeof COMPANY_INFO_EN> = {};
