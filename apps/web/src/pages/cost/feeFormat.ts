/**
 * How the fee screens write money, days and units: money is whole fen shown with the platform's
 * `formatYuan` (never a floating-point yuan); a package's or a source's day in the user's time
 * zone; a name in the interface language.
 */
import { formatYuan, type Fen, type Locale } from '@esign/platform';
import { format } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { zhCN } from 'date-fns/locale/zh-CN';
import { parseServerTime } from '../../i18n/dates';

export const money = (fen: Fen, locale: Locale) => formatYuan(fen, locale);

/** A server time (or a yyyy-MM-dd day) as a day: "Dec 5, 2026", "2026-12-05". */
export function formatDay(value: string, locale: Locale): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8)))
    : parseServerTime(value);
  if (!date) return value;
  return locale === 'zh'
    ? format(date, 'yyyy-MM-dd', { locale: zhCN })
    : format(date, 'PP', { locale: enUS });
}

/** A record's name in the interface language (packages and gifts carry both). */
export const nameIn = (named: { name: string; nameZh: string }, locale: Locale) =>
  locale === 'zh' ? named.nameZh || named.name : named.name;

/** A package's or an order's name in the interface language. */
export const packageNameIn = (
  order: { packageName: string; packageNameZh: string },
  locale: Locale,
) => (locale === 'zh' ? order.packageNameZh || order.packageName : order.packageName);

/** Whole seconds left until `until` (ISO), never below 0. */
export const secondsLeft = (until: string, now: number) =>
  Math.max(0, Math.ceil((Date.parse(until) - now) / 1000));

/** A countdown as m:ss. */
export const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
