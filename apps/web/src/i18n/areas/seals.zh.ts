import type { Strings } from '../zh';
import type { SEALS_EN } from './seals.en';

/** The strings of the personal seal screens and the phone handwriting page in Chinese. */
export const SEALS_ZH: Strings<typeof SEALS_EN> = {
  title: '我的印章',
};
