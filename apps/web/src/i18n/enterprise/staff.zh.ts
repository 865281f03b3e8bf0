import type { Strings } from '../zh';
import type { STAFF_EN } from './staff.en';

/** The strings of the enterprise console's staff screens in Chinese: the same keys as English. */
export const STAFF_ZH: Strings<typeof STAFF_EN> = {};
