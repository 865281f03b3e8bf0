/**
 * What the certificate screens show of a certificate's dates, and how a chosen file travels
 * (base64 in the import's JSON body).
 */
import type { Locale } from '@esign/platform';
import { format } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { zhCN } from 'date-fns/locale/zh-CN';
import { parseServerTime } from '../../i18n/dates';

/** A certificate's day (its validity is what matters, not the minute): "Dec 1, 2028", "2028-12-01". */
export function formatDay(value: string, locale: Locale): string {
  const date = parseServerTime(value);
  if (!date) return value;
  return locale === 'zh'
    ? format(date, 'yyyy-MM-dd', { locale: zhCN })
    : format(date, 'PP', { locale: enUS });
}

/** A file's bytes in base64. */
export async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

/** Bytes from base64 (the .p12 file applyCert answers). */
export function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let at = 0; at < binary.length; at += 1) bytes[at] = binary.charCodeAt(at);
  return bytes;
}
