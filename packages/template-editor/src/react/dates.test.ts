import { describe, expect, it } from 'vitest';
import { DATE_FORMATS } from '../core';
import { formatDate, parseFormattedDate } from './dates';

describe('date formats', () => {
  it('writes and reads back every template format', () => {
    expect(DATE_FORMATS.map((format) => formatDate('2026-11-21', format))).toEqual([
      '2026/11/21',
      '2026-11-21',
      '2026年11月21日',
    ]);
    for (const format of DATE_FORMATS) {
      expect(parseFormattedDate(formatDate('2026-03-09', format), format)).toBe('2026-03-09');
    }
    expect(parseFormattedDate('not a date', 'yyyy-MM-dd')).toBeNull();
  });
});
