import type { Strings } from '../zh';
import type { USER_CENTER_EN } from './userCenter.en';

/** The strings of the user center screens in Chinese: the same keys as English. */
export const USER_CENTER_ZH: Strings<typeof USER_CENTER_EN> = {};
