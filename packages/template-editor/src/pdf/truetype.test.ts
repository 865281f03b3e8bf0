/**
 * The subsetter keeps every glyph it is asked for, bit for bit: the failure of pdf-lib's own
 * subsetting (issue 1232) is glyphs that silently come out blank or garbled.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { FONT_FILES, rasterise, woffToTtf } from '../test-support/pdf';
import { FontFileError, readTrueType, subsetTrueType } from './truetype';

const require = createRequire(import.meta.url);
const load = async (file: string) => new Uint8Array(await readFile(require.resolve(file)));

const TEXT = '本合同甲乙双方签订，（壹万元整）。ABC xyz 0123 €“”';

describe('subsetTrueType', () => {
  it.each([
    ['Noto Serif SC (TTF)', FONT_FILES.serif, TEXT],
    ['Noto Sans SC (TTF)', FONT_FILES.sans, TEXT],
    // LXGW WenKai draws these accents as composite glyphs: their components must come along.
    ['LXGW WenKai (WOFF)', FONT_FILES.kai, `${TEXT}¨´−`],
  ])('%s: each character keeps its outline and advance', async (_name, file, text) => {
    const bytes = await load(file);
    const subset = subsetTrueType(
      await readTrueType(bytes),
      [...text].map((c) => c.codePointAt(0)!),
    );
    const original = fontkit.create(file.endsWith('.woff') ? woffToTtf(bytes) : bytes);
    const kept = fontkit.create(subset);
    const distinct = new Set(
      [...text].map((c) => original.glyphForCodePoint(c.codePointAt(0)!).id),
    );
    expect(kept.numGlyphs).toBeGreaterThanOrEqual(distinct.size + 1);
    expect(subset.length).toBeLessThan(40_000);
    for (const char of new Set(text)) {
      const code = char.codePointAt(0)!;
      const before = original.glyphForCodePoint(code);
      const after = kept.glyphForCodePoint(code);
      expect(after.id, char).not.toBe(0);
      expect(after.advanceWidth, char).toBe(before.advanceWidth);
      expect(after.path.toSVG(), char).toBe(before.path.toSVG());
    }
  });

  it('reads metrics as fontkit does, and names the face', async () => {
    const bytes = await load(FONT_FILES.serif);
    const font = await readTrueType(bytes);
    const reference = fontkit.create(bytes);
    expect(font.postscriptName).toBe('NotoSerifSC-Regular');
    expect([font.unitsPerEm, font.ascent, font.descent]).toEqual([
      reference.unitsPerEm,
      reference.ascent,
      reference.descent,
    ]);
    for (const char of '合A。') {
      const glyph = reference.glyphForCodePoint(char.codePointAt(0)!);
      expect(font.glyphOf(char.codePointAt(0)!)).toBe(glyph.id);
      expect(font.advanceOf(glyph.id)).toBe(glyph.advanceWidth);
    }
    expect(font.glyphOf(0x10ffff)).toBe(0);
  });

  it('draws exactly as the whole font does', async () => {
    const bytes = await load(FONT_FILES.sans);
    const text = '合同编号：HT-2024-001 甲方（盖章）';
    const subset = subsetTrueType(
      await readTrueType(bytes),
      [...text].map((c) => c.codePointAt(0)!),
    );
    const page = async (fontBytes: Uint8Array) => {
      const doc = await PDFDocument.create();
      doc.registerFontkit(fontkit);
      const font = await doc.embedFont(fontBytes, { subset: false });
      doc.addPage([360, 60]).drawText(text, { x: 10, y: 24, size: 18, font });
      return rasterise(await doc.save(), 1, 144);
    };
    const [whole, small] = await Promise.all([page(bytes), page(subset)]);
    let ink = 0;
    for (let i = 0; i < whole.data.length; i++) if (whole.data[i]! < 128) ink++;
    expect(ink).toBeGreaterThan(1000);
    expect(Buffer.from(small.data).equals(Buffer.from(whole.data))).toBe(true);
  });

  it('refuses what is not a TrueType font, with a reason', async () => {
    await expect(readTrueType(new TextEncoder().encode('not a font at all'))).rejects.toThrow(
      FontFileError,
    );
    const otf = new Uint8Array(64);
    otf.set([0x4f, 0x54, 0x54, 0x4f]);
    await expect(readTrueType(otf)).rejects.toThrow(/CFF/);
    const ttf = await load(FONT_FILES.sans);
    await expect(readTrueType(ttf.slice(0, 5000))).rejects.toThrow(/truncated/);
  });
});
