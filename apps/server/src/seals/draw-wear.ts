/**
 * The worn look of an aged seal: a mask that leaves specks of paper in the ink, gaps in the border,
 * bites out of its edge and patches where the ink took thinly, as an old stamp pad and a worn seal
 * print. Drawn from a generator seeded by the seal's own inputs, so that the same seal wears the
 * same way every time (no Math.random, no clock).
 */
import { createHash } from 'node:crypto';
import { round } from './svg-text';

/** The outline a seal wears along: its border and the area inside it. */
export interface WearShape {
  width: number;
  height: number;
  /** The border's width in units. */
  border: number;
  /** A point on the middle of the border, `u` from 0 to 1 round it, and its outward normal (radians). */
  borderPoint(u: number): { x: number; y: number; normal: number };
  /** Whether a point is inside the seal's outer edge. */
  inside(x: number, y: number): boolean;
}

/** A generator of numbers in [0, 1) from a seed: mulberry32, on the seed's SHA-256. */
export function seededRandom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32BE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The mask (id `wear`) of a worn seal of `shape`, seeded by `seed`. */
export function wearMask(shape: WearShape, seed: string): string {
  const random = seededRandom(seed);
  const between = (low: number, high: number) => low + (high - low) * random();
  const spots: string[] = [];
  const dot = (x: number, y: number, rx: number, ry: number, turn: number, shade: string) =>
    spots.push(
      `<ellipse cx="${round(x)}" cy="${round(y)}" rx="${round(rx)}" ry="${round(ry)}" transform="rotate(${round(turn)} ${round(x)} ${round(y)})" fill="${shade}"/>`,
    );
  const scale = Math.sqrt(shape.width * shape.height) / 420;

  // Patches where the ink took thinly: wide, soft, partly see-through.
  for (let index = 0; index < 24; index++) {
    const [x, y] = pointInside(shape, random);
    const radius = between(8, 22) * scale;
    dot(x, y, radius, radius * between(0.5, 1), between(0, 180), `#${grey(between(0xb8, 0xe0))}`);
  }
  // Specks of paper through the ink, most of them tiny.
  for (let index = 0; index < Math.round(420 * scale * scale); index++) {
    const [x, y] = pointInside(shape, random);
    const radius = (random() < 0.85 ? between(0.6, 1.8) : between(1.8, 3.6)) * scale;
    dot(x, y, radius, radius * between(0.6, 1), between(0, 180), '#000');
  }
  // Gaps worn into the border, and bites out of its outer edge.
  for (let index = 0; index < 12; index++) {
    const { x, y, normal } = shape.borderPoint(random());
    const offset = between(-0.3, 0.3) * shape.border;
    const radius = between(0.35, 0.75) * Math.min(shape.border, 12);
    dot(
      x + offset * Math.sin(normal),
      y - offset * Math.cos(normal),
      radius * between(1, 1.8),
      radius,
      (normal * 180) / Math.PI + 90,
      '#000',
    );
  }
  for (let index = 0; index < 40; index++) {
    const { x, y, normal } = shape.borderPoint(random());
    const reach = shape.border / 2 + between(0.2, 1.4);
    const radius = between(0.8, 2.6) * scale;
    dot(
      x + reach * Math.sin(normal),
      y - reach * Math.cos(normal),
      radius * 1.6,
      radius,
      (normal * 180) / Math.PI + 90,
      '#000',
    );
  }
  return `<mask id="wear" maskUnits="userSpaceOnUse" x="0" y="0" width="${shape.width}" height="${shape.height}"><rect width="${shape.width}" height="${shape.height}" fill="#fff"/>${spots.join('')}</mask>`;
}

/** A point inside the shape (drawn again until one is). */
function pointInside(shape: WearShape, random: () => number): [number, number] {
  for (;;) {
    const [x, y] = [random() * shape.width, random() * shape.height];
    if (shape.inside(x, y)) return [x, y];
  }
}

function grey(value: number): string {
  return Math.round(value).toString(16).padStart(2, '0').repeat(3);
}
