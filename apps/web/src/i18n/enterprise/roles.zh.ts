import type { Strings } from '../zh';
import type { ROLES_EN } from './roles.en';

/** The strings of the enterprise console's roles screens in Chinese: the same keys as English. */
export const ROLES_ZH: Strings<typeof ROLES_EN> = {};
