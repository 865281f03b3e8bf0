import { describe, expect, it } from 'vitest';
import {
  clampCrossPageCentre,
  crossPageSlices,
  unturnedSliceBox,
  type CrossPageInput,
} from './crossPage';
import { ProjectValidationError } from './errors';

const A4 = { width: 596, height: 842 };

function input(overrides: Partial<CrossPageInput> = {}): CrossPageInput {
  return {
    pages: [A4, A4],
    firstPage: 1,
    lastPage: 2,
    edge: 'right',
    width: 120,
    height: 120,
    centreY: 400,
    image: { width: 600, height: 600 },
    ...overrides,
  };
}

function errorOf(fn: () => unknown): ProjectValidationError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ProjectValidationError) return error;
    throw error;
  }
  throw new Error('no error was thrown');
}

describe('crossPageSlices', () => {
  it('cuts a seal in two on the right edge of a 2-page range, the first page showing the left half', () => {
    expect(crossPageSlices(input())).toEqual([
      {
        page: 1,
        edge: 'right',
        index: 0,
        box: { x: 536, y: 340, width: 60, height: 120 },
        image: { offset: 0, width: 300 },
      },
      {
        page: 2,
        edge: 'right',
        index: 1,
        box: { x: 536, y: 340, width: 60, height: 120 },
        image: { offset: 300, width: 300 },
      },
    ]);
  });

  it('mirrors on the left edge: the first page shows the right half, flush with x = 0', () => {
    const slices = crossPageSlices(input({ edge: 'left' }));
    expect(slices.map((s) => [s.page, s.index, s.box.x, s.image.offset])).toEqual([
      [1, 1, 0, 300],
      [2, 0, 0, 0],
    ]);
  });

  it('cuts five slices over a 5-page range, in page order on the right', () => {
    const pages = Array.from({ length: 7 }, () => A4);
    const slices = crossPageSlices(
      input({ pages, firstPage: 2, lastPage: 6, image: { width: 500, height: 480 } }),
    );
    expect(slices.map((s) => s.page)).toEqual([2, 3, 4, 5, 6]);
    expect(slices.map((s) => s.index)).toEqual([0, 1, 2, 3, 4]);
    expect(slices.map((s) => s.image)).toEqual(
      [0, 100, 200, 300, 400].map((offset) => ({ offset, width: 100 })),
    );
    for (const s of slices) expect(s.box).toEqual({ x: 572, y: 340, width: 24, height: 120 });
  });

  it('cuts five slices on the left edge in reverse order', () => {
    const pages = Array.from({ length: 5 }, () => A4);
    const slices = crossPageSlices(
      input({ pages, lastPage: 5, edge: 'left', image: { width: 500, height: 480 } }),
    );
    expect(slices.map((s) => s.index)).toEqual([4, 3, 2, 1, 0]);
    expect(slices.map((s) => s.image.offset)).toEqual([400, 300, 200, 100, 0]);
    for (const s of slices) expect(s.box).toEqual({ x: 0, y: 340, width: 24, height: 120 });
  });

  it("answers both edges as two groups, the right edge's first", () => {
    const slices = crossPageSlices(input({ edge: 'both' }));
    expect(slices.map((s) => [s.edge, s.page, s.index])).toEqual([
      ['right', 1, 0],
      ['right', 2, 1],
      ['left', 1, 1],
      ['left', 2, 0],
    ]);
  });

  it('clamps the vertical position so the seal stays on the shortest page', () => {
    const pages = [A4, { width: 596, height: 500 }, A4];
    const low = crossPageSlices(input({ pages, lastPage: 3, centreY: 800 }));
    for (const s of low) expect(s.box.y).toBe(380); // 500 − 120
    const high = crossPageSlices(input({ centreY: -50 }));
    for (const s of high) expect(s.box.y).toBe(0);
    expect(clampCrossPageCentre(10, 120, [A4])).toBe(60);
    // The short page outside the range does not clamp it.
    const outside = crossPageSlices(
      input({ pages: [A4, A4, { width: 596, height: 200 }], centreY: 800 }),
    );
    for (const s of outside) expect(s.box.y).toBe(722);
  });

  it('places each slice at the edge of its own page when pages differ in size', () => {
    const pages = [A4, { width: 842, height: 596 }, { width: 400, height: 600 }];
    const slices = crossPageSlices(
      input({ pages, lastPage: 3, width: 90, height: 60, centreY: 700 }),
    );
    expect(slices.map((s) => s.box.x)).toEqual([566, 812, 370]);
    for (const s of slices) {
      expect(s.box.y).toBe(536); // clamped to the 596 pt page: 596 − 60
      expect(s.box.width).toBe(30);
    }
    const left = crossPageSlices(
      input({ pages, lastPage: 3, edge: 'left', width: 90, height: 60 }),
    );
    expect(left.map((s) => s.box.x)).toEqual([0, 0, 0]);
  });

  it('ends the last slice exactly at the image width', () => {
    const slices = crossPageSlices(
      input({ pages: [A4, A4, A4], lastPage: 3, image: { width: 100, height: 100 } }),
    );
    const last = slices[2]!;
    expect(last.image.offset).toBeCloseTo(200 / 3, 12);
    expect(last.image.offset + last.image.width).toBeCloseTo(100, 12);
  });

  it('refuses a range of one page', () => {
    const error = errorOf(() => crossPageSlices(input({ lastPage: 1 })));
    expect(error.issues.map((i) => i.code)).toEqual(['too_few_pages']);
    expect(error.localizedMessage('zh')).toContain('骑缝章至少需要两页');
    expect(
      errorOf(() => crossPageSlices(input({ firstPage: 2, lastPage: 1 }))).issues[0]!.code,
    ).toBe('too_few_pages');
  });

  it('refuses a range outside the document', () => {
    expect(errorOf(() => crossPageSlices(input({ lastPage: 3 }))).issues[0]!.code).toBe(
      'out_of_range',
    );
    expect(errorOf(() => crossPageSlices(input({ firstPage: 0 }))).issues[0]!.code).toBe(
      'out_of_range',
    );
    expect(errorOf(() => crossPageSlices(input({ firstPage: 1.5 }))).issues[0]!.code).toBe(
      'invalid_range',
    );
  });

  it('refuses zero, negative and non-finite sizes', () => {
    const codes = (overrides: Partial<CrossPageInput>) =>
      errorOf(() => crossPageSlices(input(overrides))).issues.map((i) => `${i.path}:${i.code}`);
    expect(codes({ width: 0 })).toEqual(['width:invalid_size']);
    expect(codes({ height: -5 })).toEqual(['width:invalid_size']);
    expect(codes({ image: { width: 0, height: 10 } })).toEqual(['image:invalid_size']);
    expect(codes({ image: { width: 10, height: Number.NaN } })).toEqual(['image:invalid_size']);
    expect(codes({ pages: [A4, { width: 0, height: 842 }] })).toEqual(['pages[1]:invalid_size']);
    expect(codes({ centreY: Number.POSITIVE_INFINITY })).toEqual(['centreY:invalid_value']);
  });

  it('refuses a seal that cannot fit on the pages of the range', () => {
    const small = { width: 100, height: 100 };
    expect(
      errorOf(() => crossPageSlices(input({ pages: [A4, small], height: 120 }))).issues[0]!.code,
    ).toBe('too_big');
    expect(
      errorOf(() => crossPageSlices(input({ pages: [A4, { width: 50, height: 842 }] }))).issues[0]!
        .code,
    ).toBe('too_big');
  });
});

describe('unturnedSliceBox', () => {
  const box = { x: 536, y: 340, width: 60, height: 120 };

  it('leaves an unturned page alone', () => {
    expect(unturnedSliceBox(box, A4, 0)).toEqual(box);
  });

  it('puts a right-edge slice on the top, left or bottom edge of the unturned page', () => {
    // Displayed 596 × 842 at 90° is an unturned 842 × 596 page: the displayed right edge is its top.
    expect(unturnedSliceBox(box, A4, 90)).toEqual({ x: 340, y: 0, width: 120, height: 60 });
    expect(unturnedSliceBox(box, A4, 180)).toEqual({ x: 0, y: 382, width: 60, height: 120 });
    // At 270° the displayed right edge is the unturned page's bottom (its height is 596).
    expect(unturnedSliceBox(box, A4, 270)).toEqual({ x: 382, y: 536, width: 120, height: 60 });
  });
});
