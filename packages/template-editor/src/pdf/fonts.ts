/**
 * The four faces of contract text and where their glyphs come from.
 *
 * The library ships no font: Chinese faces are 10–20 MB each, so the host (the platform's server,
 * or a browser that fetched them once) passes the bytes of each face in `fonts`. Each face is a
 * TrueType font (TTF or WOFF 1.0, glyf outlines) under an open licence, for example:
 *
 * | face            | font                  | npm package (file)                                      |
 * | --------------- | --------------------- | ------------------------------------------------------- |
 * | NSimSun, SimSun | Noto Serif SC         | @expo-google-fonts/noto-serif-sc (400Regular/*.ttf)      |
 * | SimHei          | Noto Sans SC          | @expo-google-fonts/noto-sans-sc (400Regular/*.ttf)       |
 * | KaiTi           | LXGW WenKai           | @fontsource/lxgw-wenkai (files/*-latin-500-normal.woff)  |
 *
 * (The fontsource "latin" WOFF file of LXGW WenKai holds the whole font, CJK included; its WOFF2
 * files are not read.) Only the glyphs written are embedded (see `truetype.ts`).
 *
 * When a face is not given: new Song and Song stand in for each other (both are Song designs);
 * text the PDF standard fonts can write (WinAnsi: Latin-1, €, typographic quotes and dashes) uses
 * Times (Song, Kai) or Helvetica (Hei); anything else is refused with `PdfError('font-missing')`
 * rather than set in another face. Latin text in a face that was given uses that face's own Latin
 * glyphs.
 */
import fontkit from '@pdf-lib/fontkit';
import { StandardFonts, type PDFDocument, type PDFFont } from 'pdf-lib';
import type { FontFamilyValue } from '../core';
import { PdfError } from './errors';
import { FontFileError, readTrueType, subsetTrueType, type TrueTypeFont } from './truetype';

/** Font bytes per face, TTF or WOFF 1.0 with TrueType outlines. */
export type ContractFonts = Partial<Record<FontFamilyValue, Uint8Array>>;

/** Which given face stands in for a face, in order of preference. */
export const FONT_FALLBACKS: Readonly<Record<FontFamilyValue, readonly FontFamilyValue[]>> = {
  NSimSun: ['NSimSun', 'SimSun'],
  SimSun: ['SimSun', 'NSimSun'],
  SimHei: ['SimHei'],
  KaiTi: ['KaiTi'],
};

/** The PDF standard font that writes WinAnsi text of a face when no font file is given. */
const STANDARD_FOR: Readonly<Record<FontFamilyValue, StandardFonts>> = {
  NSimSun: StandardFonts.TimesRoman,
  SimSun: StandardFonts.TimesRoman,
  SimHei: StandardFonts.Helvetica,
  KaiTi: StandardFonts.TimesRoman,
};

/** Metrics that text layout needs, independent of how the face is embedded. */
export interface TextFace {
  /** Width of `text` set at `size` points, in points. */
  widthOf(text: string, size: number): number;
  /** Ascender and descender as fractions of the font size (the descender is negative). */
  ascent: number;
  descent: number;
}

interface TrueTypeEntry {
  kind: 'truetype';
  family: FontFamilyValue;
  font: TrueTypeFont;
  face: TextFace;
  codePoints: Set<number>;
}

interface StandardEntry {
  kind: 'standard';
  name: StandardFonts;
  face: TextFace | undefined;
}

/**
 * The faces of one document: resolves a field's face, measures with it, remembers the characters
 * written, then embeds each font once, subset to exactly those characters.
 */
export class DocumentFonts {
  private readonly given: ContractFonts;
  private readonly trueType = new Map<Uint8Array, TrueTypeEntry>();
  private readonly standard = new Map<StandardFonts, StandardEntry>();
  private readonly embedded = new Map<TrueTypeEntry | StandardEntry, PDFFont>();

  constructor(
    private readonly doc: PDFDocument,
    fonts: ContractFonts | undefined,
  ) {
    this.given = fonts ?? {};
    doc.registerFontkit(fontkit);
  }

  /**
   * The face that writes `text` in `family`: the first given font of the family's fallbacks that
   * has every character, else a standard font for Latin-1 text. `field` names the field in errors.
   */
  async resolve(
    family: FontFamilyValue,
    text: string,
    field: string,
  ): Promise<TrueTypeEntry | StandardEntry> {
    const chain = FONT_FALLBACKS[family] ?? FONT_FALLBACKS.SimSun;
    let lacking: string | undefined;
    for (const candidate of chain) {
      const bytes = this.given[candidate];
      if (!bytes) continue;
      const entry = await this.trueTypeEntry(candidate, bytes);
      const missing = missingCharacters(entry.font, text);
      if (missing.length === 0) return entry;
      lacking ??= `${candidate} lacks ${missing.slice(0, 10).join('')}`;
    }
    if (isWinAnsi(text))
      return this.standardEntry(STANDARD_FOR[family] ?? StandardFonts.TimesRoman);
    throw new PdfError('font-missing', `${field}: ${lacking ?? `no ${family} font was given`}`);
  }

  /** Records that `text` is written with `entry`, so that its glyphs are embedded. */
  use(entry: TrueTypeEntry | StandardEntry, text: string): void {
    if (entry.kind !== 'truetype') return;
    for (const char of text) entry.codePoints.add(char.codePointAt(0)!);
  }

  /** The embedded PDF font of a face; embeds (and subsets) it on first use. */
  async pdfFont(entry: TrueTypeEntry | StandardEntry): Promise<PDFFont> {
    const existing = this.embedded.get(entry);
    if (existing) return existing;
    let font: PDFFont;
    if (entry.kind === 'standard') {
      font = await this.doc.embedFont(entry.name);
    } else {
      let subset: Uint8Array;
      try {
        subset = subsetTrueType(entry.font, entry.codePoints);
      } catch (cause) {
        if (cause instanceof FontFileError)
          throw new PdfError('font-missing', `${entry.family}: ${cause.message}`, { cause });
        throw cause;
      }
      // Already a subset: pdf-lib must embed it whole (its own subsetting loses CJK glyphs).
      font = await this.doc.embedFont(subset, {
        subset: false,
        customName: `${subsetTag(entry.codePoints)}+${entry.font.postscriptName}`,
      });
    }
    this.embedded.set(entry, font);
    return font;
  }

  private async trueTypeEntry(family: FontFamilyValue, bytes: Uint8Array): Promise<TrueTypeEntry> {
    const existing = this.trueType.get(bytes);
    if (existing) return existing;
    let font: TrueTypeFont;
    try {
      font = await readTrueType(bytes);
    } catch (cause) {
      if (cause instanceof FontFileError)
        throw new PdfError('font-missing', `${family}: ${cause.message}`, { cause });
      throw cause;
    }
    const scale = 1 / font.unitsPerEm;
    const entry: TrueTypeEntry = {
      kind: 'truetype',
      family,
      font,
      codePoints: new Set(),
      face: {
        ascent: font.ascent * scale,
        descent: font.descent * scale,
        widthOf: (text, size) => {
          let units = 0;
          for (const char of text) units += font.advanceOf(font.glyphOf(char.codePointAt(0)!));
          return units * scale * size;
        },
      },
    };
    this.trueType.set(bytes, entry);
    return entry;
  }

  private async standardEntry(name: StandardFonts): Promise<StandardEntry> {
    let entry = this.standard.get(name);
    if (!entry) {
      entry = { kind: 'standard', name, face: undefined };
      const font = await this.doc.embedFont(name);
      this.embedded.set(entry, font);
      const ascent = font.heightAtSize(1, { descender: false });
      entry.face = {
        ascent,
        descent: ascent - font.heightAtSize(1),
        widthOf: (text, size) => font.widthOfTextAtSize(text, size),
      };
      this.standard.set(name, entry);
    }
    return entry;
  }
}

/** The face's metrics, for layout. */
export function faceOf(entry: TrueTypeEntry | StandardEntry): TextFace {
  return entry.face!;
}

export type FontEntry = TrueTypeEntry | StandardEntry;

function missingCharacters(font: TrueTypeFont, text: string): string[] {
  const missing = new Set<string>();
  for (const char of text) {
    if (font.glyphOf(char.codePointAt(0)!) === 0) missing.add(char);
  }
  return [...missing];
}

/** Whether the standard fonts' WinAnsi encoding covers the text: printable Latin-1 and these. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function isWinAnsi(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const latin1 = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
    if (!latin1 && !WIN_ANSI_EXTRA.has(char) && char !== '\n') return false;
  }
  return true;
}

/** The six capital letters that mark a subset font's name, derived from the characters kept. */
function subsetTag(codePoints: Set<number>): string {
  let hash = 0x811c9dc5;
  for (const code of [...codePoints].sort((a, b) => a - b)) {
    hash = Math.imul(hash ^ code, 0x01000193) >>> 0;
  }
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (hash % 26));
    hash = Math.floor(hash / 26) + (i + 1) * 7919;
  }
  return tag;
}
