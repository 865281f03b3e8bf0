/**
 * Dates and times as the interface shows them: in the user's time zone, in the style of the
 * interface language: "Mar 14, 2025, 9:12 AM" (date-fns' localised format), "2025-03-14 09:12"
 * (the 24-hour style Chinese business software uses).
 */
import type { Locale } from '@esign/platform';
import { format, isValid, parseISO } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { zhCN } from 'date-fns/locale/zh-CN';

const STYLES = {
  en: { locale: enUS, dateTime: 'PPp', time: 'p' },
  zh: { locale: zhCN, dateTime: 'yyyy-MM-dd HH:mm', time: 'HH:mm' },
} as const;

/**
 * A time the server answers: ISO 8601, or a list's `yyyy-MM-dd HH:mm:ss`, which is UTC. Null when
 * it is not a time.
 */
export function parseServerTime(value: string): Date | null {
  const listTime = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value);
  const date = parseISO(listTime ? `${value.replace(' ', 'T')}Z` : value);
  return isValid(date) ? date : null;
}

/** A server time as a localised date and time; the text as given when it is not a time. */
export function formatDateTime(value: string, locale: Locale): string {
  const date = parseServerTime(value);
  const style = STYLES[locale];
  return date ? format(date, style.dateTime, { locale: style.locale }) : value;
}

/** A server time's time of day (for times within the hour, such as a link's expiry). */
export function formatTime(value: string, locale: Locale): string {
  const date = parseServerTime(value);
  const style = STYLES[locale];
  return date ? format(date, style.time, { locale: style.locale }) : value;
}
