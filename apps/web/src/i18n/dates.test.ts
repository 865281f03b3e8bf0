import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTime, parseServerTime } from './dates';

describe('server times', () => {
  it('read a list’s yyyy-MM-dd HH:mm:ss as UTC, and ISO 8601 as written', () => {
    expect(parseServerTime('2025-03-14 09:12:40')?.toISOString()).toBe('2025-03-14T09:12:40.000Z');
    expect(parseServerTime('2025-03-14T09:12:40.000Z')?.toISOString()).toBe(
      '2025-03-14T09:12:40.000Z',
    );
    expect(parseServerTime('yesterday')).toBeNull();
  });

  it('show in the style of the interface language', () => {
    // Noon UTC is on 14 March in every time zone.
    expect(formatDateTime('2025-03-14 12:00:00', 'en')).toMatch(/^Mar 14, 2025, \d{1,2}:00 [AP]M$/);
    expect(formatDateTime('2025-03-14 12:00:00', 'zh')).toMatch(/^2025-03-14 \d{2}:00$/);
    expect(formatTime('2025-03-14T12:30:00Z', 'en')).toMatch(/^\d{1,2}:\d{2} [AP]M$/);
    expect(formatTime('2025-03-14T12:30:00Z', 'zh')).toMatch(/^\d{2}:\d{2}$/);
  });

  it('leave anything that is not a time as it is', () => {
    expect(formatDateTime('not a time', 'en')).toBe('not a time');
  });
});
