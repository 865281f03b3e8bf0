/**
 * Setting a field's value in its box the way the editor shows it (Konva `Text` with
 * `wrap="char"`, `verticalAlign="middle"` and a padding of at least 2 pt), and the rule for values
 * that do not fit: wrap, then shrink down to {@link MIN_FONT_SIZE}, then refuse.
 */
import type { TextFace } from './fonts';

/** The smallest size (points) a value is shrunk to before it is refused as too long. */
export const MIN_FONT_SIZE = 6;

/** The box and type style a value is set in (the element's commonStyle). */
export interface TextBoxStyle {
  width: number;
  height: number;
  padding: number;
  fontSize: number;
  /** A multiple of the font size. */
  lineHeight: number;
  textAlign: 'left' | 'center' | 'right';
}

/** One line of set text: where its baseline starts, in points from the box's top-left corner. */
export interface SetLine {
  text: string;
  x: number;
  baseline: number;
  width: number;
}

export interface TextLayout {
  /** The size the value is set at: the field's own, or smaller when it had to shrink. */
  size: number;
  lines: SetLine[];
}

/** The text as it is written: line breaks normalised, tabs as spaces, other controls dropped. */
export function normaliseText(text: string): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ')) {
    const code = char.charCodeAt(0);
    if (char === '\n' || (code >= 0x20 && code !== 0x7f)) out += char;
  }
  return out;
}

/**
 * Sets `text` in the box: at the field's size if it fits, otherwise at the largest size down to
 * {@link MIN_FONT_SIZE} (or the field's size, if smaller) at which it does. `undefined` when it
 * does not fit even then.
 */
export function layoutText(
  text: string,
  face: TextFace,
  style: TextBoxStyle,
): TextLayout | undefined {
  const padding = Math.max(2, style.padding);
  const innerWidth = style.width - 2 * padding;
  const innerHeight = style.height - 2 * padding;
  if (innerWidth <= 0 || innerHeight <= 0) return undefined;
  const fits = (size: number) => {
    const lines = wrap(text, face, size, innerWidth);
    return lines && lines.length * size * style.lineHeight <= innerHeight + 1e-6
      ? lines
      : undefined;
  };
  let size = style.fontSize;
  let lines = fits(size);
  if (!lines) {
    const smallest = Math.min(style.fontSize, MIN_FONT_SIZE);
    if (!fits(smallest)) return undefined;
    // Wrapped line count only grows with the size, so the largest fitting size is bracketed.
    let lo = smallest;
    let hi = style.fontSize;
    while (hi - lo > 0.05) {
      const mid = (lo + hi) / 2;
      if (fits(mid)) lo = mid;
      else hi = mid;
    }
    // A tenth of a point is the finest step a reader (or a PDF editor's size box) shows.
    const rounded = Math.max(smallest, Math.floor(lo * 10) / 10);
    lines = fits(rounded);
    size = lines ? rounded : lo;
    lines ??= fits(lo)!;
  }
  const lineHeight = size * style.lineHeight;
  const top = padding + (innerHeight - lines.length * lineHeight) / 2;
  // Konva draws each line with textBaseline "middle": the middle of the font's ascent–descent
  // span sits on the middle of the line box.
  const middleToBaseline = ((face.ascent + face.descent) / 2) * size;
  return {
    size,
    lines: lines.map((line, i) => {
      const width = face.widthOf(line, size);
      const free = innerWidth - width;
      const x =
        padding +
        (style.textAlign === 'right' ? free : style.textAlign === 'center' ? free / 2 : 0);
      return { text: line, x, width, baseline: top + (i + 0.5) * lineHeight + middleToBaseline };
    }),
  };
}

/**
 * Breaks each paragraph at any character (as Konva's `wrap="char"` does) so that every line fits
 * `width`; `undefined` when a single character is wider than the box.
 */
function wrap(text: string, face: TextFace, size: number, width: number): string[] | undefined {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const char of paragraph) {
      const charWidth = face.widthOf(char, size);
      if (charWidth > width + 1e-6) return undefined;
      if (line && lineWidth + charWidth > width + 1e-6) {
        lines.push(line.trimEnd());
        line = char === ' ' ? '' : char;
        lineWidth = char === ' ' ? 0 : charWidth;
      } else {
        line += char;
        lineWidth += charWidth;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}
