/**
 * Name seals in a rectangular border: the square seal of a person or of a company's legal
 * representative, and a person's oblong seal. Pure: the SVG is a function of the inputs.
 */
import type { InkOptions } from './draw-ring';
import { wearMask, type WearShape } from './draw-wear';
import {
  PIXELS_PER_MM,
  SEAL_FONT_FAMILIES,
  UNITS_PER_MM,
  emWidth,
  glyphElement,
  horizontalLine,
  isCjk,
  round,
  sealDocument,
  tidy,
} from './svg-text';

/** A square name seal's size, printed as large as the company's seal beside it. */
export const SQUARE_SEAL_MM = 42;
/** An oblong name seal's size: twice as wide as high. */
export const OBLONG_SEAL_MM = [42, 21] as const;

const SQUARE = { margin: 6, border: 26, padding: 14 };
const OBLONG = { margin: 6, border: 18, padding: 14 };

/** How a square name seal fills its square. */
export interface SquareOptions extends InkOptions {
  /**
   * What completes a short name: 'personal' adds 印 to a three-character name (two stand as tall
   * columns); 'legal' adds 之印 to two characters and 印 to three, as a representative's seal reads.
   */
  style: 'personal' | 'legal';
  family?: string;
}

/**
 * A square name seal: a border and the name inside. Chinese names are set in a grid read in
 * columns from the right, as name seals are; other names on lines, shrunk to the square.
 */
export function squareSeal(name: string, options: SquareOptions): string {
  const text = tidy(name);
  const size = SQUARE_SEAL_MM * UNITS_PER_MM;
  const inset = SQUARE.margin + SQUARE.border + SQUARE.padding;
  const box = size - 2 * inset;
  const family = options.family ?? SEAL_FONT_FAMILIES.personal;
  const content = isCjk(text)
    ? cjkNameGrid(nameCells([...text], options.style), inset, box, family)
    : latinLines(text, { x: inset, y: inset, width: box, height: box }, 3, family);
  const shape = rectangle(size, size, SQUARE);
  return sealDocument(
    size,
    size,
    options.pixelsPerUnit ?? PIXELS_PER_MM / UNITS_PER_MM,
    options.ink,
    border(shape, SQUARE, options.ink) + content,
    options.aged ? wearMask(shape, options.seed ?? JSON.stringify(['square', text])) : undefined,
  );
}

/**
 * An oblong name seal: the name in a horizontal rectangle, on one line while it fits large,
 * else on two or three, read left to right and top to bottom.
 */
export function oblongSeal(name: string, options: InkOptions & { family?: string }): string {
  const text = tidy(name);
  const [width, height] = OBLONG_SEAL_MM.map((mm) => mm * UNITS_PER_MM) as [number, number];
  const inset = OBLONG.margin + OBLONG.border + OBLONG.padding;
  const area = { x: inset, y: inset, width: width - 2 * inset, height: height - 2 * inset };
  const family = options.family ?? SEAL_FONT_FAMILIES.personal;
  const content = isCjk(text)
    ? cjkLines([...text], area, family)
    : latinLines(text, area, 3, family);
  const shape = rectangle(width, height, OBLONG);
  return sealDocument(
    width,
    height,
    options.pixelsPerUnit ?? PIXELS_PER_MM / UNITS_PER_MM,
    options.ink,
    border(shape, OBLONG, options.ink) + content,
    options.aged ? wearMask(shape, options.seed ?? JSON.stringify(['oblong', text])) : undefined,
  );
}

/** The cells of a square seal: the name, completed as its style says. */
function nameCells(chars: string[], style: SquareOptions['style']): string[] {
  if (chars.length === 3) return [...chars, '印'];
  if (chars.length === 2 && style === 'legal') return [...chars, '之', '印'];
  return chars;
}

/**
 * The cells in columns from the right: two as tall columns, four as 2 × 2, more in a smaller
 * grid. Cells taller than wide stretch their glyph, as seal carvers do, but not so far that
 * strokes turn into hairlines.
 */
function cjkNameGrid(cells: string[], inset: number, box: number, family: string): string {
  const columns = cells.length <= 2 ? cells.length : Math.ceil(Math.sqrt(cells.length));
  const rows = Math.ceil(cells.length / columns);
  const cellWidth = box / columns;
  const cellHeight = box / rows;
  const size = Math.min(cellWidth, cellHeight) * 0.96;
  const scaleY = Math.min(1.6, (cellHeight * 0.96) / size);
  return cells
    .map((char, index) => {
      const column = Math.floor(index / rows);
      const row = index % rows;
      const x = inset + box - (column + 0.5) * cellWidth;
      const y = inset + (row + 0.5) * cellHeight;
      return glyphElement('name', { char, x, y, rotate: 0, size, scaleX: 1, scaleY }, family);
    })
    .join('');
}

interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Chinese characters on one to three lines, whichever sets them largest; each line's characters
 * in equal cells across the area (the last line's centred), stretched a little to fill them.
 */
function cjkLines(chars: string[], area: Area, family: string): string {
  let best = { lines: 1, size: 0 };
  for (let lines = 1; lines <= 3; lines++) {
    const size = Math.min(area.height / lines, area.width / Math.ceil(chars.length / lines)) * 0.94;
    if (size > best.size * 1.05) best = { lines, size };
  }
  const perLine = Math.ceil(chars.length / best.lines);
  const lineHeight = area.height / best.lines;
  const cellWidth = area.width / perLine;
  const scaleX = Math.min(1.25, (cellWidth * 0.94) / best.size);
  const scaleY = Math.min(1.35, (lineHeight * 0.94) / best.size);
  const glyphs: string[] = [];
  for (let line = 0; line < best.lines; line++) {
    const row = chars.slice(line * perLine, (line + 1) * perLine);
    const left = area.x + (area.width - row.length * cellWidth) / 2;
    const y = area.y + (line + 0.5) * lineHeight;
    row.forEach((char, index) => {
      const x = left + (index + 0.5) * cellWidth;
      glyphs.push(
        glyphElement('name', { char, x, y, rotate: 0, size: best.size, scaleX, scaleY }, family),
      );
    });
  }
  return glyphs.join('');
}

/** Other names on up to `most` lines (a word a line while they fit), each shrunk to the area. */
function latinLines(text: string, area: Area, most: number, family: string): string {
  const words = text.split(' ');
  let best = { lines: [text], size: 0 };
  for (let count = 1; count <= Math.min(most, words.length); count++) {
    const lines = balancedLines(words, count);
    const lineHeight = area.height / lines.length;
    const size = Math.min(
      lineHeight * 0.8,
      ...lines.map((line) => (area.width * 0.96) / emWidth(line)),
      area.height / 2.2,
    );
    if (size > best.size * 1.05) best = { lines, size };
  }
  const lineHeight = area.height / best.lines.length;
  return best.lines
    .map(
      (line, index) =>
        horizontalLine('name', line, {
          x: area.x + area.width / 2,
          y: area.y + (index + 0.5) * lineHeight,
          size: best.size,
          maxWidth: area.width,
          family,
        }).svg,
    )
    .join('');
}

/** Words joined into `count` lines of about equal length. */
function balancedLines(words: string[], count: number): string[] {
  const target = words.join(' ').length / count;
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && line.length + 1 + word.length > target && lines.length < count - 1) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

interface Frame {
  margin: number;
  border: number;
}

/** A rectangular seal's outline, for its border and its wear. */
function rectangle(width: number, height: number, frame: Frame): WearShape {
  const [x0, y0] = [frame.margin + frame.border / 2, frame.margin + frame.border / 2];
  const [w, h] = [width - 2 * x0, height - 2 * y0];
  return {
    width,
    height,
    border: frame.border,
    borderPoint: (u) => {
      let along = u * 2 * (w + h);
      if (along < w) return { x: x0 + along, y: y0, normal: 0 };
      along -= w;
      if (along < h) return { x: x0 + w, y: y0 + along, normal: Math.PI / 2 };
      along -= h;
      if (along < w) return { x: x0 + w - along, y: y0 + h, normal: Math.PI };
      along -= w;
      return { x: x0, y: y0 + h - along, normal: -Math.PI / 2 };
    },
    inside: (x, y) =>
      x > frame.margin && y > frame.margin && x < width - frame.margin && y < height - frame.margin,
  };
}

function border(shape: WearShape, frame: Frame, ink: string): string {
  const offset = frame.margin + frame.border / 2;
  return `<rect class="border" x="${offset}" y="${offset}" width="${round(shape.width - 2 * offset)}" height="${round(shape.height - 2 * offset)}" rx="${round(frame.border / 3)}" fill="none" stroke="${ink}" stroke-width="${frame.border}"/>`;
}
