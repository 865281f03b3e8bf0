import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  backgroundBox,
  fitScale,
  layoutPages,
  openingScale,
  pageAt,
  pagePointAt,
  PAGE_GAP,
  scrollToShow,
  visibleRange,
} from './layout';
import { snapTargets, snapTo } from './snapping';
import type { Bounds, Size } from '../../core';

const snapBox = (moving: Bounds, others: Bounds[], page: Size, threshold: number) =>
  snapTo(moving, snapTargets(others, page), threshold);

const A4 = { width: 596, height: 842 };

describe('page layout', () => {
  it('stacks pages with a gap and mounts only those near the viewport', () => {
    const { slots, height } = layoutPages(
      Array.from({ length: 200 }, () => A4),
      1,
    );
    expect(slots[1]!.top).toBe(PAGE_GAP * 2 + 842);
    expect(height).toBe(PAGE_GAP + 200 * (842 + PAGE_GAP));
    const [first, last] = visibleRange(slots, 0, 900);
    expect([first, last]).toEqual([0, 2]);
    const [deepFirst, deepLast] = visibleRange(slots, slots[100]!.top, 900);
    expect(deepFirst).toBe(98); // one screen of overscan above
    expect(deepLast).toBe(102);
    expect(pageAt(slots, slots[100]!.top, 900)).toBe(100);
  });

  it('keeps the page point under the fingers while zooming, whatever the scale and scroll', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.25, max: 4, noNaN: true }),
        fc.double({ min: 0.25, max: 4, noNaN: true }),
        fc.integer({ min: 0, max: 2 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        fc.integer({ min: 320, max: 1600 }),
        (from, to, page, fx, fy, viewport) => {
          const pages = [A4, { width: 842, height: 596 }, A4];
          const before = layoutPages(pages, from);
          // A point on the page (a landscape one among portrait ones).
          const px = fx * pages[page]!.width;
          const py = fy * pages[page]!.height;
          const point = { page, x: px, y: py };
          // Where the point is on screen at the first scale, with the viewport at (200, 300).
          const scroll = scrollToShow(before, from, point, viewport, 200, 300)!;
          const found = pagePointAt(before, from, scroll, viewport, 200, 300)!;
          expect(found.page).toBe(page);
          expect(found.x).toBeCloseTo(px, 6);
          expect(found.y).toBeCloseTo(py, 6);
          // After zooming, the scroll that keeps it at (200, 300) shows the same point there.
          const after = layoutPages(pages, to);
          const next = scrollToShow(after, to, found, viewport, 200, 300)!;
          const again = pagePointAt(after, to, next, viewport, 200, 300)!;
          expect(again.x).toBeCloseTo(px, 6);
          expect(again.y).toBeCloseTo(py, 6);
        },
      ),
    );
  });

  it('fits the page to the width or wholly into the viewport', () => {
    expect(fitScale(A4, 596 + PAGE_GAP * 2, 400, false)).toBe(1);
    expect(fitScale(A4, 2000, 842 / 2 + PAGE_GAP * 2, true)).toBe(0.5);
  });

  it('opens at 150 % when the pages fit, else at the widest page’s width on whole percents', () => {
    const landscape = { width: 842, height: 596 };
    expect(openingScale([A4], 2000, 900)).toBe(1.5);
    expect(openingScale([A4], 700, 900)).toBe(Math.floor(((700 - PAGE_GAP * 2) / 596) * 100) / 100);
    expect(openingScale([landscape], 700, 900)).toBeLessThan(openingScale([A4], 700, 900));
    // A portrait first page followed by a landscape one: the landscape page is not cut off.
    expect(openingScale([A4, landscape, A4], 1200, 900)).toBe(
      Math.floor(((1200 - PAGE_GAP * 2) / 842) * 100) / 100,
    );
  });

  it('draws the background image stretched, contained or covering', () => {
    const image = { width: 100, height: 50 };
    expect(backgroundBox('100% 100%', image, 200, 200)).toEqual({
      x: 0,
      y: 0,
      width: 200,
      height: 200,
    });
    expect(backgroundBox('contain', image, 200, 200)).toEqual({
      x: 0,
      y: 50,
      width: 200,
      height: 100,
    });
    expect(backgroundBox('cover', image, 200, 200)).toEqual({
      x: 0,
      y: 0,
      width: 200,
      height: 200,
      crop: { x: 25, y: 0, width: 50, height: 50 },
    });
  });
});

describe('snapping', () => {
  it('snaps the nearest edge or centre within the threshold and reports the guide', () => {
    const others = [{ left: 100, top: 100, right: 200, bottom: 130 }];
    const snapped = snapBox({ left: 103, top: 300, right: 223, bottom: 330 }, others, A4, 5);
    expect(snapped.dx).toBe(-3);
    expect(snapped.dy).toBe(0);
    expect(snapped.guides).toEqual([{ orientation: 'vertical', position: 100 }]);
    const centred = snapBox({ left: 236, top: 409, right: 356, bottom: 439 }, [], A4, 5);
    expect(centred).toEqual({
      dx: 2,
      dy: -3,
      guides: [
        { orientation: 'vertical', position: 298 },
        { orientation: 'horizontal', position: 421 },
      ],
    });
    expect(snapBox({ left: 50, top: 50, right: 60, bottom: 60 }, others, A4, 5).guides).toEqual([]);
  });

  it('finds the nearest target as a search through every target would, among thousands', () => {
    const box = fc
      .record({ left: fc.integer({ min: 0, max: 560 }), top: fc.integer({ min: 0, max: 800 }) })
      .chain(({ left, top }) =>
        fc.record({
          left: fc.constant(left),
          top: fc.constant(top),
          right: fc.integer({ min: left, max: left + 40 }),
          bottom: fc.integer({ min: top, max: top + 40 }),
        }),
      );
    fc.assert(
      fc.property(
        fc.array(box, { maxLength: 300 }),
        box,
        fc.integer({ min: 1, max: 8 }),
        (others, moving, threshold) => {
          const near = (edges: number[], targets: number[]) =>
            Math.min(
              ...edges.flatMap((edge) =>
                targets.map((target) => Math.abs(target - edge)).filter((d) => d <= threshold),
              ),
            );
          const xs = [
            0,
            A4.width / 2,
            A4.width,
            ...others.flatMap((o) => [o.left, (o.left + o.right) / 2, o.right]),
          ];
          const ys = [
            0,
            A4.height / 2,
            A4.height,
            ...others.flatMap((o) => [o.top, (o.top + o.bottom) / 2, o.bottom]),
          ];
          const snapped = snapTo(moving, snapTargets(others, A4), threshold);
          const bestX = near([moving.left, (moving.left + moving.right) / 2, moving.right], xs);
          const bestY = near([moving.top, (moving.top + moving.bottom) / 2, moving.bottom], ys);
          expect(Math.abs(snapped.dx)).toBe(Number.isFinite(bestX) ? bestX : 0);
          expect(Math.abs(snapped.dy)).toBe(Number.isFinite(bestY) ? bestY : 0);
          expect(snapped.guides).toHaveLength(
            Number(Number.isFinite(bestX)) + Number(Number.isFinite(bestY)),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
