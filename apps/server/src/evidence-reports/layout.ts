/**
 * A small flowing layout for the evidence report's pages: paragraphs wrapped to a width, rows of
 * columns, rules and a QR code, set top to bottom on A4 pages with a footer on each. Text is set
 * in one TrueType face (Noto Sans SC, the face contract text is set in), measured from its own
 * advances; the face is embedded once at the end, subset to exactly the characters written (as
 * the editor's writer embeds contract text), so that Chinese names are real text — found by
 * search and by `pdftotext` — not pictures. A character the face lacks is written as "?".
 */
import fontkit from '@pdf-lib/fontkit';
import {
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setLineWidth,
  setStrokingColor,
  setTextRenderingMode,
  TextRenderingMode,
  type PDFFont,
  type RGB,
} from 'pdf-lib';
import QRCode from 'qrcode';
import { subsetTrueType, type TrueTypeFont } from '../editor-pdf';

export const A4 = { width: 595.28, height: 841.89 };
const MARGIN = { left: 48, right: 48, top: 54, bottom: 60 };
export const CONTENT_WIDTH = A4.width - MARGIN.left - MARGIN.right;
const LINE_FACTOR = 1.35;

export const COLORS = {
  text: rgb(0.12, 0.13, 0.16),
  muted: rgb(0.4, 0.42, 0.47),
  heading: rgb(0.07, 0.24, 0.49),
  rule: rgb(0.8, 0.82, 0.86),
  good: rgb(0.08, 0.45, 0.22),
  bad: rgb(0.7, 0.1, 0.1),
};

export interface TextStyle {
  size?: number;
  color?: RGB;
  bold?: boolean;
  /** Extra left indent, in points. */
  indent?: number;
  /** Space after the paragraph (a quarter of the line height by default). */
  after?: number;
}

type Operation =
  | { kind: 'text'; x: number; y: number; size: number; text: string; color: RGB; bold: boolean }
  | { kind: 'rule'; x: number; y: number; width: number }
  | { kind: 'qr'; x: number; y: number; size: number; modules: boolean[][] };

/** Scripts broken between any two characters (CJK ideographs, kana, hangul, full-width forms). */
const WIDE = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF]/u;
const TOKENS =
  /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF]|[^\s\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF]+|\s+/gu;

export class ReportLayout {
  private readonly pages: Operation[][] = [[]];
  private y = A4.height - MARGIN.top;
  private readonly codePoints = new Set<number>();

  constructor(private readonly font: TrueTypeFont) {
    for (const char of '?0123456789 /ofpage页第共') this.codePoints.add(char.codePointAt(0)!);
  }

  /**
   * The text with every character the face lacks written as "?" (controls as spaces), and the
   * typographic apostrophe as a plain one: the CJK face's ’ is full-width ("contract’ s").
   */
  clean(text: string): string {
    let out = '';
    for (const char of text.replaceAll('’', "'")) {
      const code = char.codePointAt(0)!;
      if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
      else out += this.font.glyphOf(code) === 0 ? '?' : char;
    }
    return out;
  }

  /** The width of `text` set at `size`, in points. */
  width(text: string, size: number): number {
    let units = 0;
    for (const char of text) units += this.font.advanceOf(this.font.glyphOf(char.codePointAt(0)!));
    return (units / this.font.unitsPerEm) * size;
  }

  /** `text` broken into lines no wider than `maxWidth`: at spaces, or between CJK characters. */
  wrap(text: string, size: number, maxWidth: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((p) => this.clean(p))) {
      let line = '';
      for (const token of paragraph.match(TOKENS) ?? []) {
        const candidate = line + token;
        if (this.width(candidate.trimEnd(), size) <= maxWidth) {
          line = candidate;
          continue;
        }
        if (line.trim()) lines.push(line.trimEnd());
        line = /^\s+$/.test(token) ? '' : token;
        // A word wider than the line (a hash, a long address): broken between any characters.
        while (this.width(line, size) > maxWidth && !WIDE.test(line)) {
          let cut = line.length - 1;
          while (cut > 1 && this.width(line.slice(0, cut), size) > maxWidth) cut -= 1;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }

  private get page(): Operation[] {
    return this.pages.at(-1)!;
  }

  /** Starts a new page when fewer than `height` points are left on this one. */
  ensure(height: number): void {
    if (this.y - height >= MARGIN.bottom) return;
    this.pages.push([]);
    this.y = A4.height - MARGIN.top;
  }

  space(points: number): void {
    this.y -= points;
  }

  private put(text: string, x: number, y: number, size: number, color: RGB, bold: boolean): void {
    if (!text) return;
    for (const char of text) this.codePoints.add(char.codePointAt(0)!);
    this.page.push({ kind: 'text', x, y, size, text, color, bold });
  }

  /** A paragraph, wrapped to the content width (less its indent). */
  text(text: string, style: TextStyle = {}): void {
    const size = style.size ?? 9;
    const indent = style.indent ?? 0;
    const lineHeight = size * LINE_FACTOR;
    for (const line of this.wrap(text, size, CONTENT_WIDTH - indent)) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      this.put(
        line,
        MARGIN.left + indent,
        this.y + size * 0.25,
        size,
        style.color ?? COLORS.text,
        style.bold ?? false,
      );
    }
    this.y -= style.after ?? lineHeight / 4;
  }

  /** A section's heading with a rule under it, kept with `keep` points of what follows it. */
  heading(text: string, keep = 60, size = 12.5): void {
    this.ensure(size * 2.5 + keep);
    this.space(size * 0.7);
    this.text(text, { size, color: COLORS.heading, bold: true, after: 2 });
    this.rule();
    this.space(4);
  }

  /** A thin rule across the content. */
  rule(): void {
    this.ensure(4);
    this.page.push({ kind: 'rule', x: MARGIN.left, y: this.y, width: CONTENT_WIDTH });
    this.space(2);
  }

  /**
   * A row of columns, each wrapped to its width (fractions of the content width summing to 1 or
   * less), as tall as its tallest column; a row that does not fit starts a new page.
   */
  row(
    cells: readonly { text: string; width: number; color?: RGB; bold?: boolean }[],
    style: { size?: number; indent?: number; after?: number } = {},
  ): void {
    const size = style.size ?? 8.5;
    const indent = style.indent ?? 0;
    const lineHeight = size * LINE_FACTOR;
    const gap = 6;
    const usable = CONTENT_WIDTH - indent;
    const wrapped = cells.map((cell) => this.wrap(cell.text, size, cell.width * usable - gap));
    const height = Math.max(...wrapped.map((lines) => lines.length)) * lineHeight;
    this.ensure(height + 2);
    let x = MARGIN.left + indent;
    cells.forEach((cell, index) => {
      wrapped[index]!.forEach((line, number) =>
        this.put(
          line,
          x,
          this.y - (number + 1) * lineHeight + size * 0.25,
          size,
          cell.color ?? COLORS.text,
          cell.bold ?? false,
        ),
      );
      x += cell.width * usable;
    });
    this.y -= height + (style.after ?? 2);
  }

  /** A label and its value on one row: the label in the first third. */
  field(label: string, value: string, style: { size?: number; indent?: number } = {}): void {
    this.row(
      [
        { text: label, width: 0.3, color: COLORS.muted },
        { text: value, width: 0.7 },
      ],
      style,
    );
  }

  /** A QR code of `content`, `size` points wide, at the left with `caption` lines beside it. */
  qr(content: string, size: number, caption: readonly string[]): void {
    const code = QRCode.create(content, { errorCorrectionLevel: 'M' });
    const count = code.modules.size;
    const modules = Array.from({ length: count }, (_, row) =>
      Array.from({ length: count }, (_, column) => Boolean(code.modules.get(row, column))),
    );
    this.ensure(size + 8);
    const top = this.y;
    this.page.push({ kind: 'qr', x: MARGIN.left, y: top - size, size, modules });
    const textSize = 8.5;
    const captionWidth = CONTENT_WIDTH - size - 14;
    let y = top;
    for (const line of caption.flatMap((text) => this.wrap(text, textSize, captionWidth))) {
      y -= textSize * LINE_FACTOR;
      this.put(line, MARGIN.left + size + 14, y + textSize * 0.25, textSize, COLORS.text, false);
    }
    this.y = Math.min(top - size, y) - 8;
  }

  /**
   * Writes the pages into a new PDF, with `footer(page, pages)` at the foot of each, the face
   * embedded once (subset to the characters written).
   */
  async render(footer: (page: number, pages: number) => string): Promise<PDFDocument> {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const footers = this.pages.map((_, index) => this.clean(footer(index + 1, this.pages.length)));
    for (const text of footers) for (const char of text) this.codePoints.add(char.codePointAt(0)!);
    const subset = subsetTrueType(this.font, this.codePoints);
    const font: PDFFont = await doc.embedFont(subset, {
      subset: false,
      customName: `EVRPT+${this.font.postscriptName}`,
    });
    this.pages.forEach((operations, index) => {
      const page = doc.addPage([A4.width, A4.height]);
      for (const operation of operations) {
        if (operation.kind === 'rule') {
          page.drawLine({
            start: { x: operation.x, y: operation.y },
            end: { x: operation.x + operation.width, y: operation.y },
            thickness: 0.6,
            color: COLORS.rule,
          });
        } else if (operation.kind === 'qr') {
          drawQr(page, operation);
        } else {
          // Bold by stroking the glyphs' outlines too: the one face has no bold weight.
          if (operation.bold) {
            page.pushOperators(
              pushGraphicsState(),
              setTextRenderingMode(TextRenderingMode.FillAndOutline),
              setLineWidth(operation.size / 40),
              setStrokingColor(operation.color),
            );
          }
          page.drawText(operation.text, {
            x: operation.x,
            y: operation.y,
            size: operation.size,
            font,
            color: operation.color,
          });
          if (operation.bold) page.pushOperators(popGraphicsState());
        }
      }
      const text = footers[index]!;
      page.drawText(text, {
        x: A4.width - MARGIN.right - font.widthOfTextAtSize(text, 7.5),
        y: MARGIN.bottom / 2,
        size: 7.5,
        font,
        color: COLORS.muted,
      });
    });
    return doc;
  }
}

/** A QR code's dark modules as filled rectangles, each row's runs joined. */
function drawQr(
  page: ReturnType<PDFDocument['addPage']>,
  { x, y, size, modules }: { x: number; y: number; size: number; modules: boolean[][] },
): void {
  const count = modules.length;
  // A quiet zone of two modules on every side, inside `size`.
  const cell = size / (count + 4);
  for (let row = 0; row < count; row += 1) {
    let column = 0;
    while (column < count) {
      if (!modules[row]![column]) {
        column += 1;
        continue;
      }
      let end = column;
      while (end < count && modules[row]![end]) end += 1;
      page.drawRectangle({
        x: x + (column + 2) * cell,
        y: y + size - (row + 3) * cell,
        width: (end - column) * cell,
        height: cell,
        color: rgb(0, 0, 0),
      });
      column = end;
    }
  }
}
