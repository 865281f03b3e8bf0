import { describe, expect, it } from 'vitest';
import type { TextFace } from './fonts';
import { layoutText, MIN_FONT_SIZE, normaliseText, type TextBoxStyle } from './text';

/** A monospaced face whose every character is one em wide: the sums can be checked by hand. */
const EM: TextFace = {
  widthOf: (text, size) => [...text].length * size,
  ascent: 0.9,
  descent: -0.3,
};

/** 100 × 50 with 2 pt padding: 96 × 46 inside; at 16 pt six characters fit on a line. */
const BOX: TextBoxStyle = {
  width: 100,
  height: 50,
  padding: 0,
  fontSize: 16,
  lineHeight: 1.4,
  textAlign: 'left',
};

describe('layoutText: wrap, then shrink, then refuse', () => {
  it('sets a short value on one line at the field’s size, centred in the box like Konva', () => {
    const layout = layoutText('合同', EM, BOX)!;
    expect(layout.size).toBe(16);
    expect(layout.lines).toHaveLength(1);
    const [line] = layout.lines;
    expect(line!.x).toBe(2);
    expect(line!.width).toBe(32);
    // Line box 22.4 high centred in 46 from y = 2, baseline (0.9 − 0.3) / 2 em below its middle.
    expect(line!.baseline).toBeCloseTo(2 + (46 - 22.4) / 2 + 11.2 + 0.3 * 16, 9);
  });

  it('aligns each line in the padded box', () => {
    expect(layoutText('ab', EM, { ...BOX, textAlign: 'right' })!.lines[0]!.x).toBe(2 + 96 - 32);
    expect(layoutText('ab', EM, { ...BOX, textAlign: 'center' })!.lines[0]!.x).toBe(2 + 32);
  });

  it('wraps at any character when the value is wider than the box', () => {
    const layout = layoutText('一二三四五六七八九十', EM, BOX)!;
    expect(layout.size).toBe(16);
    expect(layout.lines.map((l) => l.text)).toEqual(['一二三四五六', '七八九十']);
  });

  it('keeps line breaks and drops the spaces where it wraps', () => {
    const layout = layoutText('ab\ncd efgh ij', EM, { ...BOX, height: 100 })!;
    expect(layout.lines.map((l) => l.text)).toEqual(['ab', 'cd efg', 'h ij']);
  });

  it('shrinks a value that does not fit when wrapped, to the largest size that fits', () => {
    // 20 characters: at 11 pt three lines of eight need 46.2 pt, at 10.9 pt 45.78 pt fit.
    const layout = layoutText('一二三四五六七八九十一二三四五六七八九十', EM, BOX)!;
    expect(layout.size).toBe(10.9);
    expect(layout.lines.map((l) => l.text.length)).toEqual([8, 8, 4]);
  });

  it(`refuses a value that does not fit even at ${MIN_FONT_SIZE} pt`, () => {
    expect(layoutText('字'.repeat(200), EM, BOX)).toBeUndefined();
    expect(layoutText('x', EM, { ...BOX, width: 4 })).toBeUndefined();
  });

  it('never enlarges a field whose own size is below the minimum', () => {
    expect(layoutText('ab', EM, { ...BOX, fontSize: 4 })!.size).toBe(4);
  });
});

describe('normaliseText', () => {
  it('normalises line breaks and tabs, and drops other control characters', () => {
    expect(normaliseText('a\r\nb\rc\td\u0007e')).toBe('a\nb\nc de');
  });
});
