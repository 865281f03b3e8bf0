import type { Strings } from '../zh';
import type { SEALS_EN } from './seals.en';

/** The strings of the personal seal screens and the phone handwriting page in Chinese. */
export const SEALS_ZH: Strings<typeof SEALS_EN> = {
  title: '我的印章',
  pad: {
    area: '签名区域',
    placeholder: '请在此处签名',
    undo: '撤销',
    clear: '清除',
    width: '笔画粗细',
    widths: { thin: '细', medium: '中', thick: '粗' },
    colour: '颜色',
    colours: { black: '黑色', blue: '蓝色', red: '红色' },
    hint: '用鼠标、触控笔或手指书写；撤销可去掉最后一笔。',
  },
};
