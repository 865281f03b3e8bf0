/**
 * What every seal drawing shares: its units, the faces it is set in, glyphs placed one by one, the
 * boxes they take (to keep them apart) and the SVG document round them. Pure functions, so that
 * the same inputs give the same text and so the same image.
 *
 * Seals are drawn in units of 0.1 mm (a 42 mm seal is 420 units across). Glyphs come from the
 * Noto CJK faces of `SEAL_FONT_FAMILIES`, which the renderer loads explicitly. Their CJK glyphs are
 * exactly 1 em wide and centred on `dominant-baseline="central"`, so text is laid out here
 * character by character, each glyph taking a box of its estimated advance by 1 em.
 */

/**
 * The faces the seals are set in (the renderer loads their files): a Hei face, whose even strokes
 * stand a name seal's stretching like carved ones, and for company seals the Song face that
 * official seals are cut in.
 */
export const SEAL_FONT_FAMILIES = { personal: 'Noto Sans SC', company: 'Noto Serif SC' } as const;

/** Drawing units per millimetre of the printed seal. */
export const UNITS_PER_MM = 10;
/**
 * Pixels of a seal's PNG per millimetre printed: 304.8 dpi, so that a seal printed at its real
 * size (a 42 mm round seal, a 45 × 30 mm oval) is sharp at 300 dpi.
 */
export const PIXELS_PER_MM = 12;

/** Estimated advance of a non-CJK character, in em: generous, so that estimates fit. */
export const LATIN_ADVANCE = 0.6;

/** Whether every character is a CJK ideograph or full-width sign (set one per em). */
export function isCjk(text: string): boolean {
  return text.length > 0 && /^[\p{Script=Han}\u3000-\u303f\uff00-\uffef·]+$/u.test(text);
}

/**
 * The estimated advance of a character in em: CJK characters are 1 em; digits, capitals (M and W
 * wider) and others are estimates of the Noto faces' Latin glyphs, on the generous side.
 */
export function advance(char: string): number {
  if (isCjk(char)) return 1;
  if (/[0-9]/.test(char)) return 0.56;
  if (/[MW]/.test(char)) return 0.9;
  if (/[A-Z]/.test(char)) return 0.72;
  return LATIN_ADVANCE;
}

/** The estimated width of text in em (`advance` of each character). */
export function emWidth(text: string): number {
  return [...text].reduce((sum, char) => sum + advance(char), 0);
}

/** Text with its runs of white space made single spaces and its ends trimmed. */
export function tidy(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/**
 * One character placed on its own: centred on (x, y), turned by `rotate` degrees clockwise, its
 * em `size` scaled by `scaleX` across and `scaleY` up and down.
 */
export interface Glyph {
  char: string;
  x: number;
  y: number;
  rotate: number;
  size: number;
  scaleX: number;
  scaleY: number;
}

/** A rectangle turned about its centre: what a glyph or a line of text covers. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Degrees clockwise. */
  rotate: number;
}

/** The box a glyph covers: its estimated advance by its em. */
export function glyphBox(glyph: Glyph): Box {
  return {
    x: glyph.x,
    y: glyph.y,
    width: emWidth(glyph.char) * glyph.size * glyph.scaleX,
    height: glyph.size * glyph.scaleY,
    rotate: glyph.rotate,
  };
}

/** The corners of a box, clockwise from its top left. */
export function corners(box: Box): [number, number][] {
  const angle = (box.rotate * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([sx, sy]) => {
    const dx = (sx! * box.width) / 2;
    const dy = (sy! * box.height) / 2;
    return [box.x + dx * cos - dy * sin, box.y + dx * sin + dy * cos];
  });
}

/**
 * Whether two boxes come closer than `margin` (separating axes: two rectangles are apart when
 * their projections on one of their four edge directions are).
 */
export function boxesClash(a: Box, b: Box, margin = 0): boolean {
  const [ca, cb] = [corners(a), corners(b)];
  for (const box of [a, b]) {
    const angle = (box.rotate * Math.PI) / 180;
    for (const [ax, ay] of [
      [Math.cos(angle), Math.sin(angle)],
      [-Math.sin(angle), Math.cos(angle)],
    ] as const) {
      const project = (points: [number, number][]) => points.map(([x, y]) => x * ax + y * ay);
      const [pa, pb] = [project(ca), project(cb)];
      if (
        Math.min(...pb) - Math.max(...pa) >= margin ||
        Math.min(...pa) - Math.max(...pb) >= margin
      )
        return false;
    }
  }
  return true;
}

/** A glyph as SVG text of `className`, in `family`, coloured by its group. */
export function glyphElement(className: string, glyph: Glyph, family: string): string {
  const turn = Math.abs(glyph.rotate) > 0.005 ? ` rotate(${round(glyph.rotate)})` : '';
  const scale =
    Math.abs(glyph.scaleX - 1) > 0.005 || Math.abs(glyph.scaleY - 1) > 0.005
      ? ` scale(${round(glyph.scaleX)} ${round(glyph.scaleY)})`
      : '';
  return `<text class="${className}" transform="translate(${round(glyph.x)} ${round(glyph.y)})${turn}${scale}" font-size="${round(glyph.size)}" ${centred(family)}>${escapeXml(glyph.char)}</text>`;
}

/** Attributes of text of `family` centred on its position. */
export function centred(family: string): string {
  return `text-anchor="middle" dominant-baseline="central" font-family="${family}"`;
}

/** A horizontal line of text: its glyphs, or (for Latin words) one element of a set width. */
export interface TextLine {
  svg: string;
  boxes: Box[];
}

/**
 * A line of text centred on (x, y) within `maxWidth`: CJK text, digits and capitals a glyph each
 * (narrowed, then made smaller, when they would not fit; spread a little when `spread` allows),
 * other text (Latin words, whose glyphs differ too much in width to set one by one) as one element
 * given the width it is estimated to take.
 */
export function horizontalLine(
  className: string,
  text: string,
  line: { x: number; y: number; size: number; maxWidth: number; family: string; spread?: number },
): TextLine {
  const chars = [...tidy(text)];
  if (chars.length === 0) return { svg: '', boxes: [] };
  const natural = emWidth(chars.join('')) * line.size;
  if (!/^[\p{Script=Han}\u3000-\u303f\uff00-\uffef·0-9A-Z-]+$/u.test(chars.join(''))) {
    const width = Math.min(natural, line.maxWidth);
    const size =
      natural > line.maxWidth
        ? Math.max(line.size * 0.7, line.size * (width / natural))
        : line.size;
    const fit = ` textLength="${round(width)}" lengthAdjust="spacingAndGlyphs"`;
    return {
      svg: `<text class="${className}" x="${round(line.x)}" y="${round(line.y)}" font-size="${round(size)}"${fit} ${centred(line.family)}>${escapeXml(chars.join(''))}</text>`,
      boxes: [{ x: line.x, y: line.y, width, height: size, rotate: 0 }],
    };
  }
  // Narrower glyphs first (seal cutters condense), then a smaller size once they would be too thin.
  let size = line.size;
  let scaleX = Math.min(1, line.maxWidth / natural);
  if (scaleX < 0.6) {
    size = Math.max(line.size * 0.6, (line.size * scaleX) / 0.6);
    scaleX = Math.min(1, line.maxWidth / (natural * (size / line.size)));
  }
  // Rounded down as the SVG writes it, so that the glyphs drawn are no wider than those placed.
  scaleX = Math.floor(scaleX * 100) / 100;
  const advances = chars.map((char) => emWidth(char) * size * scaleX);
  const inked = advances.reduce((sum, advance) => sum + advance, 0);
  const gap =
    chars.length > 1
      ? Math.min((line.maxWidth - inked) / (chars.length - 1), size * (line.spread ?? 0))
      : 0;
  let left = line.x - (inked + gap * (chars.length - 1)) / 2;
  const glyphs = chars.map((char, index) => {
    const x = left + advances[index]! / 2;
    left += advances[index]! + gap;
    return { char, x, y: line.y, rotate: 0, size, scaleX, scaleY: 1 };
  });
  return {
    svg: glyphs.map((glyph) => glyphElement(className, glyph, line.family)).join(''),
    boxes: glyphs.map(glyphBox),
  };
}

/**
 * An SVG document `width` × `height` units, drawn at `pixelsPerUnit`: `body` in one group of the
 * ink's colour (worn through `mask` when one is given).
 */
export function sealDocument(
  width: number,
  height: number,
  pixelsPerUnit: number,
  ink: string,
  body: string,
  mask?: string,
): string {
  const defs = mask ? `<defs>${mask}</defs>` : '';
  const masked = mask ? ' mask="url(#wear)"' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(width * pixelsPerUnit)}" height="${Math.round(height * pixelsPerUnit)}" viewBox="0 0 ${width} ${height}">${defs}<g class="ink" fill="${ink}"${masked}>${body}</g></svg>`;
}

/** Text made safe inside an XML element or attribute. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  );
}

/** Numbers in the SVG to two decimals: the same text for the same inputs everywhere. */
export function round(value: number): number {
  return Math.round(value * 100) / 100;
}
