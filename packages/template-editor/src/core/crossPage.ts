/**
 * The cross-page seal's geometry (骑缝章): where each page of a range shows its slice of the seal,
 * and which part of the seal image that slice is.
 *
 * Coordinates are displayed-page points from the page's top-left corner, y down, as everywhere in
 * the core. A page's displayed width and height (`PageConfig`) already include its PDF `/Rotate`
 * and CropBox: the model stores no page rotation, so the slices are computed on the page as the
 * reader sees it, and only `src/pdf/` turns them into user space. {@link unturnedSliceBox} answers
 * where a slice's box lies on the page's own, unturned frame, for code that needs it.
 *
 * Slice order. A range of N pages cuts the seal image into N vertical slices of equal width;
 * slice k shows the image columns [k·W/N, (k+1)·W/N) of an image W pixels wide.
 * - Right edge: the first page of the range shows the leftmost slice (k = 0), the last page the
 *   rightmost (k = N − 1). Stacked with the first page on top and each following page shifted a
 *   little to the right of the one above (the usual fanned stack, each page shifted left under the
 *   next when seen from the last), the strips at the right edges read left to right as slices
 *   0…N − 1 and compose the whole seal.
 * - Left edge: the mirror image. The first page shows the rightmost slice (k = N − 1), the last page
 *   the leftmost (k = 0): fanned to the left, the strips read right to left as the pages go on.
 * Each slice's box is sealWidth / N wide and the seal's height high, flush with the chosen edge.
 */
import { issue, ProjectValidationError, type ValidationIssue } from './errors';
import { EPSILON, type Size } from './geometry';
import type { ElementStyle, PageConfig, TemplateElement } from './model';

/** The edge of the page a group of slices sits on. */
export type CrossPageEdge = 'left' | 'right';

/** What the cross-page seal needs to know to cut and place its slices. */
export interface CrossPageInput {
  /** Every page of the contract in order: displayed width and height in points. */
  pages: readonly Size[];
  /** The first page of the range, 1-based. */
  firstPage: number;
  /** The last page of the range, 1-based, inclusive; the range has at least two pages. */
  lastPage: number;
  /** Which edge; `'both'` answers one group on the right edge, then one on the left. */
  edge: CrossPageEdge | 'both';
  /** The whole seal's displayed size on paper in points (e.g. 120 × 120). */
  width: number;
  /** The whole seal's displayed height on paper in points. */
  height: number;
  /**
   * The seal's centre as a distance from the page's top in points, the same on every page; clamped
   * so that the seal stays on the shortest page of the range.
   */
  centreY: number;
  /** The seal image's own size in pixels. */
  image: Size;
}

/** A box in displayed-page points from the page's top-left corner (unrotated). */
export interface SliceBox {
  /** Left edge. */
  x: number;
  /** Top edge. */
  y: number;
  /** Width. */
  width: number;
  /** Height. */
  height: number;
}

/** One page's part of the cross-page seal. */
export interface CrossPageSlice {
  /** 1-based page number. */
  page: number;
  /** The edge of the page the slice is flush with. */
  edge: CrossPageEdge;
  /** Which slice of the image, 0 being the leftmost. */
  index: number;
  /** Where the slice is drawn on its page, inside the page and flush with `edge`. */
  box: SliceBox;
  /** The columns of the image it shows, in the image's own pixels: [offset, offset + width). */
  image: { offset: number; width: number };
}

/** The seal's centre from the page top, clamped so that a seal `height` high stays on every page. */
export function clampCrossPageCentre(
  centreY: number,
  height: number,
  pages: readonly Size[],
): number {
  const shortest = Math.min(...pages.map((p) => p.height));
  const half = height / 2;
  return Math.min(Math.max(centreY, half), shortest - half);
}

/**
 * One slice per page of the range (and per edge for `'both'`), in page order: the first group is
 * the right edge's when `edge` is `'both'`. See the module's comment for which slice goes where.
 *
 * @throws ProjectValidationError when the range has fewer than two pages or leaves the document,
 *   when a size is not a positive finite number, or when the seal cannot fit on the range's pages.
 */
export function crossPageSlices(input: CrossPageInput): CrossPageSlice[] {
  validate(input);
  const { firstPage, lastPage, width, height, image } = input;
  const range = input.pages.slice(firstPage - 1, lastPage);
  const count = range.length;
  const top = clampCrossPageCentre(input.centreY, height, range) - height / 2;
  const sliceWidth = width / count;
  const edges: CrossPageEdge[] = input.edge === 'both' ? ['right', 'left'] : [input.edge];
  const boundary = (k: number): number => (k >= count ? image.width : (k * image.width) / count);

  const out: CrossPageSlice[] = [];
  for (const edge of edges) {
    range.forEach((page, i) => {
      const index = edge === 'right' ? i : count - 1 - i;
      const offset = boundary(index);
      out.push({
        page: firstPage + i,
        edge,
        index,
        box: {
          x: edge === 'right' ? page.width - sliceWidth : 0,
          y: top,
          width: sliceWidth,
          height,
        },
        image: { offset, width: boundary(index + 1) - offset },
      });
    });
  }
  return out;
}

/** A page's clockwise rotation in quarter turns, as PDF's `/Rotate`. */
export type QuarterTurn = 0 | 90 | 180 | 270;

/**
 * Where a displayed box lies on the page's own, unturned frame (top-left origin, y down), for a
 * page displayed `rotate` degrees clockwise from its unturned self; `page` is the displayed size.
 * The core never needs it (displayed sizes already include the rotation, and `src/pdf/` converts
 * to user space); it answers, for instance, that a right-edge slice on a page turned 90° sits at
 * the top edge of the unturned page. The image drawn in it is turned `rotate` degrees
 * counter-clockwise on the unturned page, so that the reader sees it upright.
 */
export function unturnedSliceBox(box: SliceBox, page: Size, rotate: QuarterTurn): SliceBox {
  const { x, y, width, height } = box;
  switch (rotate) {
    case 0:
      return { x, y, width, height };
    case 90:
      return { x: y, y: page.width - x - width, width: height, height: width };
    case 180:
      return { x: page.width - x - width, y: page.height - y - height, width, height };
    case 270:
      return { x: page.height - y - height, y: x, width: height, height: width };
  }
}

function validate(input: CrossPageInput): void {
  const problems: ValidationIssue[] = [];
  const positive = (value: unknown): boolean =>
    typeof value === 'number' && Number.isFinite(value) && value > 0;

  const pages: readonly Size[] = Array.isArray(input.pages) ? input.pages : [];
  const pageCount = pages.length;
  pages.forEach((page, i) => {
    if (!positive(page.width) || !positive(page.height)) {
      problems.push(
        issue(['pages', i], 'invalid_size', {
          en: 'A page must have a positive width and height',
          zh: '页面的宽度和高度必须为正数',
        }),
      );
    }
  });
  const { firstPage, lastPage } = input;
  if (!Number.isInteger(firstPage) || !Number.isInteger(lastPage)) {
    problems.push(
      issue(['firstPage'], 'invalid_range', {
        en: 'The page range must be whole page numbers',
        zh: '页码范围必须是整数页码',
      }),
    );
  } else if (firstPage < 1 || lastPage > pageCount) {
    problems.push(
      issue(['firstPage'], 'out_of_range', {
        en: `The page range ${firstPage}–${lastPage} is outside the document's ${pageCount} pages`,
        zh: `页码范围 ${firstPage}–${lastPage} 超出文档的 ${pageCount} 页`,
      }),
    );
  } else if (lastPage - firstPage + 1 < 2) {
    problems.push(
      issue(['lastPage'], 'too_few_pages', {
        en: 'A cross-page seal needs at least two pages',
        zh: '骑缝章至少需要两页',
      }),
    );
  }
  if (input.edge !== 'left' && input.edge !== 'right' && input.edge !== 'both') {
    problems.push(
      issue(['edge'], 'invalid_value', {
        en: 'The edge must be left, right or both',
        zh: '边缘必须是左侧、右侧或两侧',
      }),
    );
  }
  if (!positive(input.width) || !positive(input.height)) {
    problems.push(
      issue(['width'], 'invalid_size', {
        en: 'The seal must have a positive width and height',
        zh: '印章的宽度和高度必须为正数',
      }),
    );
  }
  const image = input.image as Partial<Size> | undefined;
  if (!positive(image?.width) || !positive(image?.height)) {
    problems.push(
      issue(['image'], 'invalid_size', {
        en: 'The seal image must have a positive width and height',
        zh: '印章图片的宽度和高度必须为正数',
      }),
    );
  }
  if (typeof input.centreY !== 'number' || !Number.isFinite(input.centreY)) {
    problems.push(
      issue(['centreY'], 'invalid_value', {
        en: 'The vertical position must be a number',
        zh: '垂直位置必须是数字',
      }),
    );
  }
  if (problems.length === 0) {
    const range = input.pages.slice(firstPage - 1, lastPage);
    const count = range.length;
    if (range.some((page) => input.height > page.height + EPSILON)) {
      problems.push(
        issue(['height'], 'too_big', {
          en: 'The seal is taller than a page of the range',
          zh: '印章高于范围内的某一页',
        }),
      );
    }
    const slices = input.edge === 'both' ? 2 : 1;
    if (range.some((page) => (slices * input.width) / count > page.width + EPSILON)) {
      problems.push(
        issue(['width'], 'too_big', {
          en: "The seal's slices are wider than a page of the range",
          zh: '印章的切片宽于范围内的某一页',
        }),
      );
    }
  }
  if (problems.length > 0) throw new ProjectValidationError(problems);
}

/** The pages a cross-page seal's range covers, 1-based and inclusive, clamped to the document. */
export function crossPageRange(
  element: Pick<TemplateElement, 'config'>,
  pageCount: number,
): { first: number; last: number } {
  const { crossPageFrom, crossPageTo } = element.config;
  const last = crossPageTo > 0 ? Math.min(crossPageTo, pageCount) : pageCount;
  return { first: Math.max(1, Math.min(crossPageFrom, last)), last };
}

/**
 * The slices of a cross-page seal element on the document's pages, in page order (for the edge
 * 'both', the right edge's first): the element's width and height are the whole seal's, its top
 * the seal's top. `image.offset` and `image.width` are fractions of the image's width (0 its left
 * edge, 1 its right), so that they hold for whatever seal is stamped. An empty list when the range
 * has fewer than two pages or the seal cannot fit on them: the template checks say why
 * (`cross-page-too-few-pages`), and nothing is stamped.
 */
export function crossPageSlicesOf(
  element: Pick<TemplateElement, 'config' | 'commonStyle'>,
  pages: readonly { config: PageConfig }[],
): CrossPageSlice[] {
  const { first, last } = crossPageRange(element, pages.length);
  if (last - first + 1 < 2) return [];
  const { width, height, top } = element.commonStyle;
  try {
    return crossPageSlices({
      pages: pages.map((page) => page.config),
      firstPage: first,
      lastPage: last,
      edge: element.config.crossPageEdge,
      width,
      height,
      centreY: top + height / 2,
      image: { width: 1, height: 1 },
    });
  } catch (error) {
    if (error instanceof ProjectValidationError) return [];
    throw error;
  }
}

/**
 * Keeps a cross-page seal element where its slices can be: unturned, flush with its edge on the
 * page that stores it (`page`), and high enough and low enough to stay on every page of its
 * range. Mutates `style`; the store calls it after every change that could move the seal.
 */
export function pinCrossPage(
  element: Pick<TemplateElement, 'config'> & { commonStyle: ElementStyle },
  page: PageConfig,
  pages: readonly { config: PageConfig }[],
): void {
  const style = element.commonStyle;
  const { first, last } = crossPageRange(element, pages.length);
  const range = pages.slice(first - 1, last).map((p) => p.config);
  const shortest = range.length > 0 ? range : [page];
  const round = (value: number): number => Math.round(value * 100) / 100;
  if (style.rotate !== 0) style.rotate = 0;
  const left = element.config.crossPageEdge === 'left' ? 0 : round(page.width - style.width);
  if (style.left !== left) style.left = left;
  const top = round(
    clampCrossPageCentre(style.top + style.height / 2, style.height, shortest) - style.height / 2,
  );
  if (Number.isFinite(top) && style.top !== top) style.top = Math.max(0, top);
}

/**
 * Keeps a cross-page seal's range on the same pages when a page is inserted (`delta` 1) or
 * removed (`delta` −1) at the 1-based position `page`: pages before the range shift it, pages
 * inside it widen or narrow it, and a range through the last page (`crossPageTo` 0) stays so.
 * Mutates `config`.
 */
export function shiftCrossPageRange(
  config: Pick<TemplateElement['config'], 'crossPageFrom' | 'crossPageTo'>,
  page: number,
  delta: 1 | -1,
): void {
  const { crossPageFrom: from, crossPageTo: to } = config;
  if (delta === 1) {
    // A page inserted before the range's first page moves the range; one inserted as its first
    // page or inside it joins it.
    if (page < from) config.crossPageFrom = from + 1;
    if (to > 0 && page <= to) config.crossPageTo = to + 1;
    return;
  }
  if (page < from) config.crossPageFrom = Math.max(1, from - 1);
  if (to > 0 && page <= to) config.crossPageTo = Math.max(1, to - 1);
}
