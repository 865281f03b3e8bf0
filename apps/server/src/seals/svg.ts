/**
 * The generated seals as SVG: a person's square name seal and a company's round seal, drawn the way
 * Chinese seals look. Pure functions of their text, so that the same inputs give the same image.
 *
 * Geometry is in pixels of a 400 × 400 canvas (about 42 mm, the usual company seal). Glyphs come
 * from the Noto CJK faces of `SEAL_FONT_FAMILIES`, which the renderer loads explicitly. Their CJK
 * glyphs are exactly 1 em wide and centred on `dominant-baseline="central"`, so CJK text is laid
 * out here character by character; other text (Latin names) is sized by an estimate of its width
 * and left to the renderer's own advances.
 */

/** Width and height of a seal in pixels. */
export const SEAL_SIZE = 400;
/** The seal's ink: the red of a stamp pad. */
export const SEAL_RED = '#d4242b';
/**
 * The faces the seals are set in (the renderer loads their files): a Hei face, whose even strokes
 * stand a name seal's stretching like carved ones, and for company seals the Song face that
 * official seals are cut in.
 */
export const SEAL_FONT_FAMILIES = { personal: 'Noto Sans SC', company: 'Noto Serif SC' } as const;
const HEI = SEAL_FONT_FAMILIES.personal;
const SONG = SEAL_FONT_FAMILIES.company;

/** The company seal's options. */
export interface CompanySealOptions {
  /** The text across the lower half, the seal's purpose, e.g. '合同专用章' (none by default). */
  horizontalText?: string;
  /** The seal's registration number along the bottom of the ring, read left to right. */
  serialNumber?: string;
}

const CENTRE = SEAL_SIZE / 2;
/** Estimated advance of a non-CJK character, in em: generous, so that estimates fit. */
const LATIN_ADVANCE = 0.62;

/** The estimated width of text in em: CJK characters are 1 em, others `LATIN_ADVANCE`. */
function emWidth(text: string): number {
  return [...text].reduce((sum, char) => sum + (isCjk(char) ? 1 : LATIN_ADVANCE), 0);
}

/**
 * A square name seal: a red square border and the name in red. Chinese names are set in a grid
 * read in columns from the right, as name seals are: two characters as two tall columns, three
 * with 印 as the fourth ("张小明印"), four as 2 × 2, longer names in smaller cells. Other names are
 * set on lines, one word a line where they fit, shrunk to the square.
 */
export function personalSeal(name: string): string {
  const text = name.trim().replace(/\s+/g, ' ');
  const border = 20;
  const inset = 14 + border + 14; // margin, border, space inside the border
  const box = SEAL_SIZE - 2 * inset;
  const content = isCjk(text) ? cjkNameGrid([...text], inset, box) : latinNameLines(text, box);
  return svgDocument(
    `<rect x="${14 + border / 2}" y="${14 + border / 2}" width="${SEAL_SIZE - 28 - border}" height="${SEAL_SIZE - 28 - border}" rx="6" fill="none" stroke="${SEAL_RED}" stroke-width="${border}"/>` +
      content,
  );
}

/**
 * A round company seal: a red ring, a five-pointed star in the centre, the company's name along
 * the upper arc (characters spread evenly over up to 240°, each turned to the ring), the
 * horizontal text below the star and the serial number along the bottom of the ring.
 */
export function companySeal(companyName: string, options: CompanySealOptions = {}): string {
  const ringWidth = 12;
  const ringRadius = CENTRE - 4 - ringWidth / 2;
  const inner = ringRadius - ringWidth / 2; // the ring's inner edge
  const name = companyName.trim().replace(/\s+/g, ' ');
  const parts = [
    `<circle class="ring" cx="${CENTRE}" cy="${CENTRE}" r="${ringRadius}" fill="none" stroke="${SEAL_RED}" stroke-width="${ringWidth}"/>`,
    `<path class="star" d="${starPath(CENTRE, CENTRE, 62)}" fill="${SEAL_RED}"/>`,
    isCjk(name) ? cjkArc([...name], inner) : latinArc(name, inner),
  ];
  const horizontal = options.horizontalText?.trim();
  if (horizontal) parts.push(horizontalLine(horizontal, CENTRE + 100, 210, 40));
  const serial = options.serialNumber?.trim();
  if (serial) parts.push(serialArc(serial, inner));
  return svgDocument(parts.join(''));
}

/** Whether every character is a CJK ideograph or full-width sign (set one per em). */
function isCjk(text: string): boolean {
  return text.length > 0 && /^[\p{Script=Han}\u3000-\u303f\uff00-\uffef·]+$/u.test(text);
}

/** The name's characters in columns from the right; 印 completes a three-character name. */
function cjkNameGrid(chars: string[], inset: number, box: number): string {
  const cells = chars.length === 3 ? [...chars, '印'] : chars;
  const columns = cells.length <= 2 ? cells.length : Math.ceil(Math.sqrt(cells.length));
  const rows = Math.ceil(cells.length / columns);
  const cellWidth = box / columns;
  const cellHeight = box / rows;
  const size = Math.min(cellWidth, cellHeight) * 0.96;
  // Cells taller than wide (a two-character name) stretch their glyph, as seal carvers do, but
  // not so far that a Song face's thin strokes turn into hairlines.
  const stretch = Math.min(1.6, (cellHeight * 0.96) / size);
  return cells
    .map((char, index) => {
      const column = Math.floor(index / rows);
      const row = index % rows;
      const x = inset + box - (column + 0.5) * cellWidth;
      const y = inset + (row + 0.5) * cellHeight;
      const scale = stretch > 1.01 ? ` scale(1 ${round(stretch)})` : '';
      return `<text class="name" transform="translate(${round(x)} ${round(y)})${scale}" font-size="${round(size)}" ${centred(HEI)}>${escapeXml(char)}</text>`;
    })
    .join('');
}

/** A non-Chinese name on lines (a word a line while they fit), each shrunk to the box. */
function latinNameLines(text: string, box: number): string {
  const words = text.split(' ');
  const lines = words.length <= 3 ? words : balancedLines(words, 3);
  const lineHeight = box / lines.length;
  const size = Math.min(lineHeight * 0.8, ...lines.map((line) => box / emWidth(line)), box / 2.2);
  const top = CENTRE - (lines.length * lineHeight) / 2;
  return lines
    .map((line, index) => {
      const y = top + (index + 0.5) * lineHeight;
      return `<text class="name" x="${CENTRE}" y="${round(y)}" font-size="${round(size)}" ${centred(HEI)}>${escapeXml(line)}</text>`;
    })
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

/**
 * The company's Chinese name along the upper arc: centres evenly spaced, spread up to 240°; long
 * names get narrower (then smaller) characters rather than crowding into each other.
 */
function cjkArc(chars: string[], inner: number): string {
  const maxSpan = (240 * Math.PI) / 180;
  let size = 60;
  let radius = 0;
  let step = 0;
  let narrow = 1;
  for (let attempt = 0; attempt < 3; attempt++) {
    radius = inner - 10 - size / 2;
    const gaps = Math.max(chars.length - 1, 1);
    step = Math.min(maxSpan / gaps, (size * 1.2) / radius);
    const room = radius * step * 0.86;
    narrow = Math.min(1, room / size);
    if (narrow >= 0.55 || size <= 36) break;
    size = Math.max(36, room / 0.55);
  }
  const first = (-(chars.length - 1) * step) / 2;
  const squeeze = narrow < 0.99 ? ` scale(${round(narrow)} 1)` : '';
  return chars
    .map((char, index) => {
      const degrees = ((first + index * step) * 180) / Math.PI;
      return `<text class="arc" transform="rotate(${round(degrees)} ${CENTRE} ${CENTRE}) translate(${CENTRE} ${round(CENTRE - radius)})${squeeze}" font-size="${round(size)}" ${centred(SONG)}>${escapeXml(char)}</text>`;
    })
    .join('');
}

/** A non-Chinese company name along the upper arc, centred at the top, sized to fit 240°. */
function latinArc(name: string, inner: number): string {
  const length = (angle: number, radius: number) => radius * angle;
  let size = 46;
  let baseline = inner - 10 - size * 0.75;
  const room = length((240 * Math.PI) / 180, baseline);
  const estimate = emWidth(name) * size;
  if (estimate > room) {
    size = Math.max(18, (size * room) / estimate);
    baseline = inner - 10 - size * 0.75;
  }
  // The path runs clockwise over the top (glyphs upright, tops outwards), from 150° left of the
  // top to 150° right of it, so that a long estimate still fits on it.
  const path = arcPath(baseline, -150, 150, true);
  return textOnPath('arc', name, path, size);
}

/** The serial number along the bottom of the ring, read left to right, tops towards the centre. */
function serialArc(serial: string, inner: number): string {
  const size = 22;
  const baseline = inner - 8;
  const path = arcPath(baseline, 240, 120, false);
  return textOnPath('serial', serial, path, size);
}

/** Text centred along a path (its own `<defs>`, named after the class). */
function textOnPath(name: string, text: string, path: string, size: number): string {
  return (
    `<defs><path id="${name}-path" d="${path}"/></defs>` +
    `<text class="${name}" font-size="${round(size)}" fill="${SEAL_RED}" font-family="${SONG}"><textPath href="#${name}-path" startOffset="50%" text-anchor="middle">${escapeXml(text)}</textPath></text>`
  );
}

/** A line of text centred at (CENTRE, y), squeezed to `maxWidth` when it would be wider. */
function horizontalLine(text: string, y: number, maxWidth: number, size: number): string {
  const estimate = emWidth(text) * size;
  const fit =
    estimate > maxWidth ? ` textLength="${maxWidth}" lengthAdjust="spacingAndGlyphs"` : '';
  return `<text class="horizontal" x="${CENTRE}" y="${y}" font-size="${size}"${fit} ${centred(SONG)}>${escapeXml(text)}</text>`;
}

/** Attributes of a glyph of `family` centred on its position. */
function centred(family: string): string {
  return `text-anchor="middle" dominant-baseline="central" fill="${SEAL_RED}" font-family="${family}"`;
}

/**
 * An arc of a circle round the centre, from angle `from` to `to` in degrees clockwise from the top
 * (clockwise when `clockwise`, else counter-clockwise).
 */
function arcPath(radius: number, from: number, to: number, clockwise: boolean): string {
  const point = (degrees: number) => {
    const angle = (degrees * Math.PI) / 180;
    return `${round(CENTRE + radius * Math.sin(angle))} ${round(CENTRE - radius * Math.cos(angle))}`;
  };
  const sweep = Math.abs(to - from);
  return `M ${point(from)} A ${round(radius)} ${round(radius)} 0 ${sweep > 180 ? 1 : 0} ${clockwise ? 1 : 0} ${point(to)}`;
}

/** A five-pointed star, one point up, of outer radius `radius`. */
function starPath(cx: number, cy: number, radius: number): string {
  const innerRadius = radius * 0.382;
  const points = Array.from({ length: 10 }, (_, index) => {
    const r = index % 2 === 0 ? radius : innerRadius;
    const angle = (index * Math.PI) / 5;
    return `${round(cx + r * Math.sin(angle))} ${round(cy - r * Math.cos(angle))}`;
  });
  return `M ${points.join(' L ')} Z`;
}

function svgDocument(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SEAL_SIZE}" height="${SEAL_SIZE}" viewBox="0 0 ${SEAL_SIZE} ${SEAL_SIZE}">${body}</svg>`;
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  );
}

/** Numbers in the SVG to two decimals: the same text for the same inputs everywhere. */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}
