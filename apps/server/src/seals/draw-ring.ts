/**
 * Company seals with a border round them: the round seal (corporate, contract, other; a star in the
 * centre) and the oval one (finance, invoice), each with the company's name along the upper part of
 * the border, read left to right. Pure: the SVG is a function of the inputs.
 *
 * The name's glyphs are placed at equal distances along an ellipse inside the border (a circle for
 * round seals), each turned to face outwards. Short names keep a comfortable spacing; long ones
 * spread up to the shape's span, then get narrower glyphs (as seal cutters condense them), then
 * smaller ones, until no glyph comes near its neighbour.
 */
import { wearMask, type WearShape } from './draw-wear';
import {
  PIXELS_PER_MM,
  SEAL_FONT_FAMILIES,
  UNITS_PER_MM,
  boxesClash,
  emWidth,
  escapeXml,
  glyphBox,
  glyphElement,
  horizontalLine,
  round,
  sealDocument,
  tidy,
  type Box,
  type Glyph,
} from './svg-text';

const SONG = SEAL_FONT_FAMILIES.company;

/** How a seal is inked: its colour, whether it looks worn, and its pixel density. */
export interface InkOptions {
  /** The ink's colour (`SEAL_INKS`). */
  ink: string;
  /** A worn look, seeded by `seed` (the same seed wears the same way). */
  aged?: boolean;
  seed?: string;
  /** Pixels per drawing unit (0.1 mm); 300 dpi and a little more by default. */
  pixelsPerUnit?: number;
}

/** The texts of a company seal. */
export interface RingSealText {
  /** The company's name, along the upper part of the border. */
  name: string;
  /** Across the middle: the seal's purpose, e.g. '合同专用章'. */
  horizontalText?: string;
  /** The registration or tax number: along the bottom of a round seal, under the middle of an oval one. */
  belowText?: string;
}

const DEFAULT_DENSITY = PIXELS_PER_MM / UNITS_PER_MM;

/** A round seal's size: 42 mm across, as a company's official seals are cut. */
export const ROUND_SEAL_MM = 42;
const ROUND = {
  size: ROUND_SEAL_MM * UNITS_PER_MM,
  /** Transparent margin outside the border (room for an aged seal's uneven edge). */
  margin: 4,
  border: 12,
  star: 70,
  name: { size: 64, minSize: 14, gap: 8, halfSpan: 112 },
  horizontal: { offset: 102, size: 40, maxWidth: 184 },
  below: { size: 23, minSize: 16, gap: 7, maxSpan: 100 },
};

/**
 * A round company seal: the border, a five-pointed star in the centre, the name along the upper
 * arc, the horizontal text under the star and the below text along the bottom, left to right.
 */
export function roundSeal(text: RingSealText, options: InkOptions): string {
  const size = ROUND.size;
  const centre = size / 2;
  const middle = centre - ROUND.margin - ROUND.border / 2;
  const inner = middle - ROUND.border / 2;
  const parts = [
    `<circle class="border" cx="${centre}" cy="${centre}" r="${middle}" fill="none" stroke="${options.ink}" stroke-width="${ROUND.border}"/>`,
    `<path class="star" d="${starPath(centre, centre, ROUND.star)}"/>`,
  ];
  const name = tidy(text.name);
  let nameEnd = 0; // how far round from the top the name reaches, in degrees
  if (hasHan(name)) {
    const arc = upperArc([...name], new Ellipse(centre, centre, inner, inner), ROUND.name, 1.5);
    parts.push(arc.svg);
    nameEnd = arc.reach;
  } else if (name) {
    parts.push(latinArc(name, centre, inner));
    nameEnd = 150;
  }
  const horizontal = text.horizontalText?.trim();
  if (horizontal)
    parts.push(
      horizontalLine('horizontal', horizontal, {
        x: centre,
        y: centre + ROUND.horizontal.offset,
        size: ROUND.horizontal.size,
        maxWidth: ROUND.horizontal.maxWidth,
        family: SONG,
      }).svg,
    );
  const below = tidy(text.belowText ?? '');
  if (below) {
    const room = Math.min(ROUND.below.maxSpan, 360 - 2 * (nameEnd + 8));
    parts.push(lowerArc([...below], centre, inner, room));
  }
  const shape: WearShape = {
    width: size,
    height: size,
    border: ROUND.border,
    borderPoint: (u) => {
      const angle = u * 2 * Math.PI;
      return {
        x: centre + middle * Math.sin(angle),
        y: centre - middle * Math.cos(angle),
        normal: angle,
      };
    },
    inside: (x, y) => Math.hypot(x - centre, y - centre) < middle + ROUND.border / 2,
  };
  return document(shape, parts.join(''), text, options);
}

/** An oval seal's size in mm: the invoice seal's is set by the tax rules, the finance seal's is the usual. */
export const OVAL_SEAL_MM = { finance: [45, 30], invoice: [40, 30] } as const;
const OVAL = {
  margin: 4,
  border: 10,
  name: { size: 46, minSize: 12, gap: 6, halfSpan: 96 },
  /** How far below the centre the two middle lines sit. */
  lines: [22, 84],
  /** The name's ends come down beside the first line: it stays this far inside the sides. */
  nameClearance: 75,
};

/**
 * An oval company seal (a horizontal ellipse): the name along the upper part and two lines across
 * the middle. A finance seal's lines are its horizontal text ('财务专用章') over the below text; an
 * invoice seal's are the tax number (the below text) over '发票专用章', as the tax rules lay it out.
 */
export function ovalSeal(
  text: RingSealText,
  options: InkOptions & { type: 'finance' | 'invoice' },
): string {
  const [widthMm, heightMm] = OVAL_SEAL_MM[options.type];
  const [width, height] = [widthMm * UNITS_PER_MM, heightMm * UNITS_PER_MM];
  const [cx, cy] = [width / 2, height / 2];
  const middle = { a: cx - OVAL.margin - OVAL.border / 2, b: cy - OVAL.margin - OVAL.border / 2 };
  const inner = new Ellipse(cx, cy, middle.a - OVAL.border / 2, middle.b - OVAL.border / 2);
  const parts = [
    `<ellipse class="border" cx="${cx}" cy="${cy}" rx="${middle.a}" ry="${middle.b}" fill="none" stroke="${options.ink}" stroke-width="${OVAL.border}"/>`,
  ];
  const name = tidy(text.name);
  if (hasHan(name)) parts.push(upperArc([...name], inner, OVAL.name, 1.5).svg);
  else if (name) parts.push(latinOvalName(name, inner));

  const purpose = { className: 'horizontal', text: text.horizontalText ?? '', size: 44 };
  const number = { className: 'below', text: text.belowText ?? '', size: 32 };
  const lines = (options.type === 'invoice' ? [number, purpose] : [purpose, number]).filter(
    (line) => line.text.trim(),
  );
  lines.forEach((line, index) => {
    const y = cy + OVAL.lines[index]!;
    // As wide as the ellipse allows at the line's lower edge (the first also clear of the name).
    const edge = y + line.size / 2 + 6;
    const halfWidth = inner.a * Math.sqrt(Math.max(0, 1 - ((edge - cy) / inner.b) ** 2));
    const room = 2 * (halfWidth - 12);
    const maxWidth = index === 0 ? Math.min(room, 2 * (inner.a - OVAL.nameClearance)) : room;
    parts.push(
      horizontalLine(line.className, line.text, {
        x: cx,
        y,
        size: line.size,
        maxWidth,
        family: SONG,
        spread: line.className === 'horizontal' ? 0.12 : 0,
      }).svg,
    );
  });
  const shape: WearShape = {
    width,
    height,
    border: OVAL.border,
    borderPoint: (u) => {
      const t = u * 2 * Math.PI;
      return {
        x: cx + middle.a * Math.sin(t),
        y: cy - middle.b * Math.cos(t),
        normal: Math.atan2(Math.sin(t) / middle.a, Math.cos(t) / middle.b),
      };
    },
    inside: (x, y) =>
      ((x - cx) / (middle.a + OVAL.border / 2)) ** 2 +
        ((y - cy) / (middle.b + OVAL.border / 2)) ** 2 <
      1,
  };
  return document(shape, parts.join(''), text, options);
}

function document(shape: WearShape, body: string, text: RingSealText, options: InkOptions): string {
  const seed = options.seed ?? JSON.stringify([text.name, text.horizontalText, text.belowText]);
  const mask = options.aged ? wearMask(shape, seed) : undefined;
  return sealDocument(
    shape.width,
    shape.height,
    options.pixelsPerUnit ?? DEFAULT_DENSITY,
    options.ink,
    body,
    mask,
  );
}

/**
 * An ellipse round (cx, cy) with semi-axes a (across) and b (up and down), walked by its parameter
 * t clockwise from the top: (cx + a sin t, cy − b cos t). Arc lengths from the top are tabled, so
 * that glyphs can be set at equal distances along it.
 */
export class Ellipse {
  private readonly lengths: number[] = [0];
  private static readonly STEPS = 1440;

  constructor(
    readonly cx: number,
    readonly cy: number,
    readonly a: number,
    readonly b: number,
  ) {
    let previous = this.point(0);
    for (let step = 1; step <= Ellipse.STEPS; step++) {
      const next = this.point((step / Ellipse.STEPS) * 2 * Math.PI);
      this.lengths.push(
        this.lengths.at(-1)! + Math.hypot(next.x - previous.x, next.y - previous.y),
      );
      previous = next;
    }
  }

  /** The ellipse grown (or shrunk, for a negative `by`) by `by` on both axes. */
  grown(by: number): Ellipse {
    return new Ellipse(this.cx, this.cy, this.a + by, this.b + by);
  }

  get perimeter(): number {
    return this.lengths.at(-1)!;
  }

  point(t: number): { x: number; y: number } {
    return { x: this.cx + this.a * Math.sin(t), y: this.cy - this.b * Math.cos(t) };
  }

  /** The outward normal at t, in radians clockwise from straight up. */
  normal(t: number): number {
    return Math.atan2(Math.sin(t) / this.a, Math.cos(t) / this.b);
  }

  /** The arc length from the top to t (0 ≤ t ≤ 2π). */
  lengthAt(t: number): number {
    const at = (t / (2 * Math.PI)) * Ellipse.STEPS;
    const step = Math.min(Math.floor(at), Ellipse.STEPS - 1);
    return this.lengths[step]! + (this.lengths[step + 1]! - this.lengths[step]!) * (at - step);
  }

  /** The parameter at `length` along the ellipse clockwise from the top (negative: anticlockwise). */
  at(length: number): number {
    const total = this.perimeter;
    const wanted = ((length % total) + total) % total;
    let [low, high] = [0, Ellipse.STEPS];
    while (high - low > 1) {
      const mid = (low + high) >> 1;
      if (this.lengths[mid]! <= wanted) low = mid;
      else high = mid;
    }
    const part = (wanted - this.lengths[low]!) / (this.lengths[low + 1]! - this.lengths[low]! || 1);
    return ((low + part) / Ellipse.STEPS) * 2 * Math.PI;
  }
}

interface ArcLayout {
  /** The glyphs' size to start from, and the least they may shrink to. */
  size: number;
  minSize: number;
  /** Space between the glyphs' outer edges and the border. */
  gap: number;
  /** How far round from the top (degrees of the parameter) the glyphs' centres may reach. */
  halfSpan: number;
}

/**
 * Chinese text along the upper part of `inner` (the border's inner edge), centred on the top:
 * equal spacing of at most `maxStep` glyphs, within the layout's span; glyphs narrowed (to 0.6)
 * and then made smaller until neighbours keep a twentieth of a glyph apart.
 */
function upperArc(
  chars: string[],
  inner: Ellipse,
  layout: ArcLayout,
  maxStep: number,
): { svg: string; glyphs: Glyph[]; reach: number } {
  const place = (size: number): Glyph[] => {
    const path = inner.grown(-(layout.gap + size / 2));
    const span = 2 * path.lengthAt((layout.halfSpan * Math.PI) / 180);
    const spacing = chars.length > 1 ? Math.min(maxStep * size, span / (chars.length - 1)) : 0;
    return chars.map((char, index) => {
      const t = path.at((index - (chars.length - 1) / 2) * spacing);
      const { x, y } = path.point(t);
      return { char, x, y, rotate: (path.normal(t) * 180) / Math.PI, size, scaleX: 1, scaleY: 1 };
    });
  };
  let size = layout.size;
  let glyphs = narrowest(place(size), size * 0.05, 0.6);
  while (glyphs.length === 0 && size - 2 >= layout.minSize) {
    size -= 2;
    glyphs = narrowest(place(size), size * 0.05, 0.6);
  }
  // A name too long even at the least size is condensed to the least scale all the same.
  if (glyphs.length === 0) glyphs = place(size).map((glyph) => ({ ...glyph, scaleX: 0.6 }));
  const last = glyphs.at(-1)!;
  const reach =
    Math.abs(normalDegrees(last.rotate)) +
    ((glyphBox(last).width / 2 / Math.hypot(last.x - inner.cx, last.y - inner.cy)) * 180) / Math.PI;
  return {
    svg: glyphs.map((glyph) => glyphElement('arc', glyph, SONG)).join(''),
    glyphs,
    reach,
  };
}

/** The glyphs at the widest scale (1 down to `least`) at which neighbours keep `margin` apart; none if even `least` clashes. */
function narrowest(glyphs: Glyph[], margin: number, least: number): Glyph[] {
  for (let scale = 1; scale >= least - 1e-9; scale -= 0.02) {
    const scaled = glyphs.map((glyph) => ({ ...glyph, scaleX: round(scale) }));
    const boxes: Box[] = scaled.map(glyphBox);
    if (boxes.every((box, index) => index === 0 || !boxesClash(boxes[index - 1]!, box, margin)))
      return scaled;
  }
  return [];
}

/**
 * Whether a name is Chinese (set glyph by glyph along the border, as seal cutters do, Latin
 * letters and brackets among the characters included) rather than a Latin name set on a path.
 */
function hasHan(name: string): boolean {
  return /\p{Script=Han}/u.test(name);
}

/** Degrees in (−180, 180]. */
function normalDegrees(degrees: number): number {
  const turned = ((degrees % 360) + 360) % 360;
  return turned > 180 ? turned - 360 : turned;
}

/**
 * The below text of a round seal along the bottom of the ring, read left to right with the
 * glyphs' tops towards the centre, spread evenly over at most `room` degrees.
 */
function lowerArc(chars: string[], centre: number, inner: number, room: number): string {
  const { gap, minSize } = ROUND.below;
  let size = ROUND.below.size;
  let scaleX = 1;
  let radius = inner - gap - size / 2;
  const natural = (each: number) => emWidth(chars.join('')) * each * 1.08;
  const available = () => (radius * room * Math.PI) / 180;
  while (natural(size) > available() && size > minSize) {
    size -= 1;
    radius = inner - gap - size / 2;
  }
  if (natural(size) > available())
    scaleX = Math.floor(Math.max(0.55, available() / natural(size)) * 100) / 100;
  const advances = chars.map((char) => emWidth(char) * size * scaleX * 1.08);
  const total = advances.reduce((sum, advance) => sum + advance, 0);
  let along = total / 2; // from the bottom, positive to the left
  return chars
    .map((char, index) => {
      const middle = along - advances[index]! / 2;
      along -= advances[index]!;
      const angle = Math.PI + middle / radius; // clockwise from the top
      return glyphElement(
        'below',
        {
          char,
          x: centre + radius * Math.sin(angle),
          y: centre - radius * Math.cos(angle),
          rotate: (angle * 180) / Math.PI - 180,
          size,
          scaleX,
          scaleY: 1,
        },
        SONG,
      );
    })
    .join('');
}

/** A non-Chinese name along the upper arc of a round seal, on a path over the top, sized to fit 300°. */
function latinArc(name: string, centre: number, inner: number): string {
  let size = 46;
  let baseline = inner - 10 - size * 0.75;
  const room = ((300 * Math.PI) / 180) * baseline;
  const estimate = emWidth(name) * size;
  if (estimate > room) {
    size = Math.max(18, (size * room) / estimate);
    baseline = inner - 10 - size * 0.75;
  }
  const point = (degrees: number) => {
    const angle = (degrees * Math.PI) / 180;
    return `${round(centre + baseline * Math.sin(angle))} ${round(centre - baseline * Math.cos(angle))}`;
  };
  const path = `M ${point(-150)} A ${round(baseline)} ${round(baseline)} 0 1 1 ${point(150)}`;
  return textOnPath('arc', name, path, size);
}

/** A non-Chinese name over the top of an oval seal, on a path along its upper part. */
function latinOvalName(name: string, inner: Ellipse): string {
  let size = 36;
  let path = inner.grown(-(8 + size * 0.75));
  const room = 2 * path.lengthAt((100 * Math.PI) / 180);
  const estimate = emWidth(name) * size;
  if (estimate > room) {
    size = Math.max(16, (size * room) / estimate);
    path = inner.grown(-(8 + size * 0.75));
  }
  const start = path.point((-100 * Math.PI) / 180);
  const end = path.point((100 * Math.PI) / 180);
  return textOnPath(
    'arc',
    name,
    `M ${round(start.x)} ${round(start.y)} A ${round(path.a)} ${round(path.b)} 0 1 1 ${round(end.x)} ${round(end.y)}`,
    size,
  );
}

/** Text centred along a path (its own `<defs>`, named after the class). */
function textOnPath(name: string, text: string, path: string, size: number): string {
  return (
    `<defs><path id="${name}-path" d="${path}"/></defs>` +
    `<text class="${name}" font-size="${round(size)}" font-family="${SONG}"><textPath href="#${name}-path" startOffset="50%" text-anchor="middle">${escapeXml(text)}</textPath></text>`
  );
}

/** A five-pointed star, one point up, of outer radius `radius`. */
export function starPath(cx: number, cy: number, radius: number): string {
  const innerRadius = radius * 0.382;
  const points = Array.from({ length: 10 }, (_, index) => {
    const r = index % 2 === 0 ? radius : innerRadius;
    const angle = (index * Math.PI) / 5;
    return `${round(cx + r * Math.sin(angle))} ${round(cy - r * Math.cos(angle))}`;
  });
  return `M ${points.join(' L ')} Z`;
}
