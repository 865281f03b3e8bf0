import type { BankOption } from '@esign/platform';

/**
 * The banks a micro-payment can go to: China's state-owned and joint-stock commercial banks and
 * the postal savings bank, each with its usual abbreviation (`code`, what the calls carry) and its
 * three-digit CNAPS bank category code (the first digits of its branches' clearing numbers), which
 * a real payment provider routes by. Kept as data: a new bank is one more line.
 */
export const BANKS: readonly (BankOption & { cnaps: string })[] = [
  {
    code: 'ICBC',
    cnaps: '102',
    name: 'Industrial and Commercial Bank of China',
    nameZh: '中国工商银行',
  },
  { code: 'ABC', cnaps: '103', name: 'Agricultural Bank of China', nameZh: '中国农业银行' },
  { code: 'BOC', cnaps: '104', name: 'Bank of China', nameZh: '中国银行' },
  { code: 'CCB', cnaps: '105', name: 'China Construction Bank', nameZh: '中国建设银行' },
  { code: 'BOCOM', cnaps: '301', name: 'Bank of Communications', nameZh: '交通银行' },
  { code: 'CITIC', cnaps: '302', name: 'China CITIC Bank', nameZh: '中信银行' },
  { code: 'CEB', cnaps: '303', name: 'China Everbright Bank', nameZh: '中国光大银行' },
  { code: 'HXB', cnaps: '304', name: 'Hua Xia Bank', nameZh: '华夏银行' },
  { code: 'CMBC', cnaps: '305', name: 'China Minsheng Bank', nameZh: '中国民生银行' },
  { code: 'CGB', cnaps: '306', name: 'China Guangfa Bank', nameZh: '广发银行' },
  { code: 'PAB', cnaps: '307', name: 'Ping An Bank', nameZh: '平安银行' },
  { code: 'CMB', cnaps: '308', name: 'China Merchants Bank', nameZh: '招商银行' },
  { code: 'CIB', cnaps: '309', name: 'Industrial Bank', nameZh: '兴业银行' },
  {
    code: 'SPDB',
    cnaps: '310',
    name: 'Shanghai Pudong Development Bank',
    nameZh: '上海浦东发展银行',
  },
  { code: 'EGB', cnaps: '315', name: 'Evergrowing Bank', nameZh: '恒丰银行' },
  { code: 'CZB', cnaps: '316', name: 'China Zheshang Bank', nameZh: '浙商银行' },
  { code: 'CBHB', cnaps: '318', name: 'China Bohai Bank', nameZh: '渤海银行' },
  { code: 'PSBC', cnaps: '403', name: 'Postal Savings Bank of China', nameZh: '中国邮政储蓄银行' },
];

export function bankOf(code: string): (BankOption & { cnaps: string }) | undefined {
  return BANKS.find((bank) => bank.code === code);
}
