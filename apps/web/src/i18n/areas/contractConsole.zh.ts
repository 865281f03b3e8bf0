import type { Strings } from '../zh';
import type { CONTRACT_CONSOLE_EN } from './contractConsole.en';

/** The strings of a contract opened in the wrong console in Chinese: the same keys as English. */
export const CONTRACT_CONSOLE_ZH: Strings<typeof CONTRACT_CONSOLE_EN> = {
  title: '该合同属于{{name}}',
  titlePersonal: '该合同属于您的个人控制台',
  hint: '您当前在{{current}}，该控制台中没有此合同。切换后即可在此页面打开。',
  switchTo: '切换到{{name}}',
  switchToPersonal: '切换到个人控制台',
};
