import type { Strings } from '../zh';
import type { REAL_NAME_EN } from './realName.en';

/** The strings of the personal real-name verification screens in Chinese: the same keys as English. */
export const REAL_NAME_ZH: Strings<typeof REAL_NAME_EN> = {};
