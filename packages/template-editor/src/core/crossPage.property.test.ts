import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  crossPageSlices,
  unturnedSliceBox,
  type CrossPageInput,
  type QuarterTurn,
} from './crossPage';
import { EPSILON } from './geometry';

const length = (min: number, max: number) =>
  fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

/** A document with a range of 2..200 pages, and a seal that fits on every page of the range. */
const scenario: fc.Arbitrary<CrossPageInput> = fc
  .record({
    before: fc.nat({ max: 3 }),
    after: fc.nat({ max: 3 }),
    count: fc.integer({ min: 2, max: 200 }),
    edge: fc.constantFrom('left' as const, 'right' as const, 'both' as const),
    widthShare: length(0.01, 1),
    heightShare: length(0.01, 1),
    centreY: length(-2000, 4000),
    image: fc.record({ width: length(1e-3, 10_000), height: length(1e-3, 10_000) }),
    seed: fc.array(fc.record({ width: length(50, 3000), height: length(50, 3000) }), {
      minLength: 1,
      maxLength: 20,
    }),
  })
  .map(({ before, after, count, edge, widthShare, heightShare, centreY, image, seed }) => {
    const total = before + count + after;
    const pages = Array.from({ length: total }, (_, i) => seed[i % seed.length]!);
    const range = pages.slice(before, before + count);
    const narrowest = Math.min(...range.map((p) => p.width));
    const shortest = Math.min(...range.map((p) => p.height));
    const groups = edge === 'both' ? 2 : 1;
    return {
      pages,
      firstPage: before + 1,
      lastPage: before + count,
      edge,
      width: (widthShare * narrowest * count) / groups,
      height: heightShare * shortest,
      centreY,
      image,
    };
  });

describe('crossPageSlices, for any range and sizes', () => {
  it('tiles the image, keeps every box on its page, on one vertical span, widths summing to the seal', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const slices = crossPageSlices(input);
        const count = input.lastPage - input.firstPage + 1;
        const edges = input.edge === 'both' ? (['right', 'left'] as const) : [input.edge];
        expect(slices).toHaveLength(count * edges.length);
        const top = slices[0]!.box.y;

        for (const edge of edges) {
          const group = slices.filter((s) => s.edge === edge);
          expect(group.map((s) => s.page)).toEqual(
            Array.from({ length: count }, (_, i) => input.firstPage + i),
          );
          // The image's slices, left to right, tile [0, image width) exactly.
          const byIndex = [...group].sort((a, b) => a.index - b.index);
          expect(byIndex.map((s) => s.index)).toEqual(Array.from({ length: count }, (_, i) => i));
          expect(byIndex[0]!.image.offset).toBe(0);
          for (let k = 1; k < count; k++) {
            const previous = byIndex[k - 1]!.image;
            expect(
              Math.abs(previous.offset + previous.width - byIndex[k]!.image.offset),
            ).toBeLessThanOrEqual(EPSILON * input.image.width);
          }
          const last = byIndex[count - 1]!.image;
          expect(Math.abs(last.offset + last.width - input.image.width)).toBeLessThanOrEqual(
            EPSILON * input.image.width,
          );
          for (const s of group) expect(s.image.width).toBeGreaterThan(0);
          // Right edge: the first page shows the leftmost slice; left edge: the rightmost.
          expect(group[0]!.index).toBe(edge === 'right' ? 0 : count - 1);

          const sum = group.reduce((total, s) => total + s.box.width, 0);
          expect(Math.abs(sum - input.width)).toBeLessThanOrEqual(EPSILON * input.width);
        }

        for (const s of slices) {
          const page = input.pages[s.page - 1]!;
          const { x, y, width, height } = s.box;
          expect(width).toBeGreaterThan(0);
          expect(height).toBe(input.height);
          expect(y).toBe(top);
          expect(x).toBeGreaterThanOrEqual(-EPSILON);
          expect(y).toBeGreaterThanOrEqual(-EPSILON);
          expect(x + width).toBeLessThanOrEqual(page.width + EPSILON * page.width);
          expect(y + height).toBeLessThanOrEqual(page.height + EPSILON * page.height);
          // Flush with its edge.
          if (s.edge === 'left') expect(x).toBe(0);
          else expect(Math.abs(x + width - page.width)).toBeLessThanOrEqual(EPSILON * page.width);
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('keeps every slice inside the unturned page, and turning back gives the displayed box', () => {
    fc.assert(
      fc.property(scenario, fc.constantFrom<QuarterTurn>(0, 90, 180, 270), (input, rotate) => {
        for (const s of crossPageSlices(input)) {
          const page = input.pages[s.page - 1]!;
          const sideways = rotate === 90 || rotate === 270;
          const unturned = sideways ? { width: page.height, height: page.width } : page;
          const box = unturnedSliceBox(s.box, page, rotate);
          const slack = EPSILON * Math.max(page.width, page.height);
          expect(box.x).toBeGreaterThanOrEqual(-slack);
          expect(box.y).toBeGreaterThanOrEqual(-slack);
          expect(box.x + box.width).toBeLessThanOrEqual(unturned.width + slack);
          expect(box.y + box.height).toBeLessThanOrEqual(unturned.height + slack);
          const back = unturnedSliceBox(box, unturned, ((360 - rotate) % 360) as QuarterTurn);
          expect(back.x).toBeCloseTo(s.box.x, 6);
          expect(back.y).toBeCloseTo(s.box.y, 6);
          expect([back.width, back.height]).toEqual([s.box.width, s.box.height]);
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
