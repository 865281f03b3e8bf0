import { describe, expect, it } from 'vitest';
import { JPEG_DATA_URL, PNG_DATA_URL } from '../test-support/contract-life';
import { formatFilledDate, isFilledImage } from './field-values';

describe('the field rules a party fills by', () => {
  it('take a date in the field’s format or as ISO, and store it in the field’s format', () => {
    expect(formatFilledDate('2026/11/24', 'yyyy/MM/dd')).toBe('2026/11/24');
    expect(formatFilledDate('2026-11-24', 'yyyy/MM/dd')).toBe('2026/11/24');
    expect(formatFilledDate('2026年11月24日', 'yyyy年MM月dd日')).toBe('2026年11月24日');
    expect(formatFilledDate('2026-11-24', 'yyyy年MM月dd日')).toBe('2026年11月24日');
    expect(formatFilledDate('2028/02/29', 'yyyy/MM/dd')).toBe('2028/02/29');
    for (const wrong of ['2026/02/29', '2026/13/01', '2026/1/5', '24/11/2026', '2026-11-24x', '']) {
      expect(formatFilledDate(wrong, 'yyyy/MM/dd'), wrong).toBeNull();
    }
    expect(formatFilledDate('2026/11/24', 'yyyy-MM-dd')).toBeNull();
  });

  it('take a PNG or JPEG data URL whose bytes are that picture', () => {
    expect(isFilledImage(PNG_DATA_URL)).toBe(true);
    expect(isFilledImage(JPEG_DATA_URL)).toBe(true);
    // The bytes of a PNG said to be a JPEG, a GIF, plain text, a link.
    expect(isFilledImage(PNG_DATA_URL.replace('image/png', 'image/jpeg'))).toBe(false);
    expect(isFilledImage('data:image/gif;base64,R0lGODlhAQABAAAAACw=')).toBe(false);
    expect(isFilledImage(`data:image/png;base64,${Buffer.from('hello').toString('base64')}`)).toBe(
      false,
    );
    expect(isFilledImage('https://example.com/id.png')).toBe(false);
    expect(isFilledImage(`${PNG_DATA_URL.slice(0, -2)}!!`)).toBe(false);
  });
});
