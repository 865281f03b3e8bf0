import type { Strings } from '../zh';
import type { COMPANY_SEALS_EN } from './companySeals.en';

/** The strings of the enterprise console's seal screens in Chinese. */
export const COMPANY_SEALS_ZH: Strings<typeof COMPANY_SEALS_EN> = {
  title: '印章管理',
};
