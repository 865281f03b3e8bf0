import { describe, expect, it } from 'vitest';
import { clock, formatDay, money, nameIn, secondsLeft } from './feeFormat';

describe('the fee screens’ formats', () => {
  it('write fen as yuan with the platform’s format', () => {
    expect(money(50_000, 'en')).toBe('¥500.00');
    expect(money(123_456_78, 'zh')).toBe('¥123,456.78');
  });

  it('write a day in the interface language, whether a day or a time was given', () => {
    expect(formatDay('2026-12-05', 'en')).toBe('Dec 5, 2026');
    expect(formatDay('2026-12-05', 'zh')).toBe('2026-12-05');
    // A time is shown on its day in the user's time zone: noon UTC is the 5th almost everywhere.
    expect(formatDay('2026-12-05T12:00:00.000Z', 'zh')).toBe('2026-12-05');
    expect(formatDay('not a day', 'en')).toBe('not a day');
  });

  it('name a package in the interface language, in English when the Chinese name is missing', () => {
    expect(nameIn({ name: 'Enterprise 100', nameZh: '企业 100 份' }, 'zh')).toBe('企业 100 份');
    expect(nameIn({ name: 'Enterprise 100', nameZh: '' }, 'zh')).toBe('Enterprise 100');
    expect(nameIn({ name: 'Enterprise 100', nameZh: '企业 100 份' }, 'en')).toBe('Enterprise 100');
  });

  it('count down a QR code’s life in whole seconds, never below zero', () => {
    const now = Date.parse('2026-12-05T06:40:00.000Z');
    expect(secondsLeft('2026-12-05T06:55:00.000Z', now)).toBe(900);
    expect(secondsLeft('2026-12-05T06:40:00.500Z', now)).toBe(1);
    expect(secondsLeft('2026-12-05T06:39:00.000Z', now)).toBe(0);
    expect(clock(900)).toBe('15:00');
    expect(clock(61)).toBe('1:01');
    expect(clock(0)).toBe('0:00');
  });
});
