import type { DateFormat } from '../core';

/** Writes an ISO date (yyyy-MM-dd) in one of the template's date formats. */
export function formatDate(iso: string, format: DateFormat): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const [, year, month, day] = match;
  return format.replace('yyyy', year!).replace('MM', month!).replace('dd', day!);
}

/** Reads a date written in a template format back as ISO (yyyy-MM-dd), or null. */
export function parseFormattedDate(text: string, format: DateFormat): string | null {
  const pattern = format
    .replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
    .replace('yyyy', '(?<y>\\d{4})')
    .replace('MM', '(?<m>\\d{2})')
    .replace('dd', '(?<d>\\d{2})');
  const groups = new RegExp(`^${pattern}$`).exec(text)?.groups;
  return groups ? `${groups.y}-${groups.m}-${groups.d}` : null;
}
