import { DEFAULT_SCALE } from '../../core';

/** A page's displayed size in points. */
export interface PageSize {
  width: number;
  height: number;
}

/** Space between pages and around them, in screen pixels. */
export const PAGE_GAP = 24;

export interface PageSlot {
  index: number;
  top: number;
  width: number;
  height: number;
}

/** Where each page sits in the scroll container at a scale, and the container's size. */
export function layoutPages(
  pages: readonly PageSize[],
  scale: number,
): { slots: PageSlot[]; width: number; height: number } {
  let top = PAGE_GAP;
  let width = 0;
  const slots = pages.map((page, index) => {
    const slot = { index, top, width: page.width * scale, height: page.height * scale };
    top += slot.height + PAGE_GAP;
    width = Math.max(width, slot.width);
    return slot;
  });
  return { slots, width: width + PAGE_GAP * 2, height: top };
}

/**
 * The pages to mount for a viewport: those that intersect it, plus `overscan` pages' worth of
 * screen above and below, so scrolling never shows an empty page.
 */
export function visibleRange(
  slots: readonly PageSlot[],
  scrollTop: number,
  viewportHeight: number,
  overscan = 1,
): [number, number] {
  if (slots.length === 0) return [0, -1];
  const margin = viewportHeight * overscan;
  const top = scrollTop - margin;
  const bottom = scrollTop + viewportHeight + margin;
  let lo = 0;
  let hi = slots.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const slot = slots[mid]!;
    if (slot.top + slot.height < top) lo = mid + 1;
    else hi = mid;
  }
  let last = lo;
  while (last + 1 < slots.length && slots[last + 1]!.top <= bottom) last++;
  return [lo, last];
}

/** The page most of the viewport shows: the current page for the pages panel and for adding fields. */
export function pageAt(
  slots: readonly PageSlot[],
  scrollTop: number,
  viewportHeight: number,
): number {
  const middle = scrollTop + viewportHeight / 3;
  let best = 0;
  for (const slot of slots) {
    if (slot.top <= middle) best = slot.index;
    else break;
  }
  return best;
}

/** A point of a page, in page points: what stays under the fingers while the zoom changes. */
export interface PagePoint {
  page: number;
  x: number;
  y: number;
}

/** The left edge of a page in the scroll content: pages are centred across the sheet. */
export function pageLeft(layout: { width: number }, slot: PageSlot, viewportWidth: number): number {
  return Math.max(layout.width, viewportWidth) / 2 - slot.width / 2;
}

/**
 * The page point shown at (`x`, `y`) of the viewport (pixels from its top-left corner), at
 * `scale`: on the page at that height, or on the nearest page (the gap above a page belongs to it).
 */
export function pagePointAt(
  layout: { slots: readonly PageSlot[]; width: number },
  scale: number,
  scroll: { left: number; top: number },
  viewportWidth: number,
  x: number,
  y: number,
): PagePoint | null {
  const contentY = scroll.top + y;
  const slot =
    layout.slots.find((candidate) => contentY < candidate.top + candidate.height) ??
    layout.slots.at(-1);
  if (!slot) return null;
  return {
    page: slot.index,
    x: (scroll.left + x - pageLeft(layout, slot, viewportWidth)) / scale,
    y: (contentY - slot.top) / scale,
  };
}

/**
 * The scroll position that shows `point` at (`x`, `y`) of the viewport at the layout's scale: the
 * other half of a zoom around a point (pinch, double-tap).
 */
export function scrollToShow(
  layout: { slots: readonly PageSlot[]; width: number },
  scale: number,
  point: PagePoint,
  viewportWidth: number,
  x: number,
  y: number,
): { left: number; top: number } | null {
  const slot = layout.slots[point.page];
  if (!slot) return null;
  return {
    left: pageLeft(layout, slot, viewportWidth) + point.x * scale - x,
    top: slot.top + point.y * scale - y,
  };
}

/** The scale at which the widest page fills the viewport's width (or the whole page fits). */
export function fitScale(
  page: PageSize,
  viewportWidth: number,
  viewportHeight: number,
  whole: boolean,
): number {
  const byWidth = (viewportWidth - PAGE_GAP * 2) / page.width;
  if (!whole) return byWidth;
  return Math.min(byWidth, (viewportHeight - PAGE_GAP * 2) / page.height);
}

/**
 * The zoom an editor opens at in a canvas region of this size: the default 150 % when the widest
 * page fits, otherwise that page's width fitted (on whole percents), so that no page is cut off —
 * a contract may mix portrait and landscape pages.
 */
export function openingScale(
  pages: readonly PageSize[],
  regionWidth: number,
  regionHeight: number,
): number {
  const widest = pages.reduce((a, b) => (b.width > a.width ? b : a));
  const fit = fitScale(widest, regionWidth, regionHeight, false);
  return fit < DEFAULT_SCALE ? Math.floor(fit * 100) / 100 : DEFAULT_SCALE;
}

/**
 * Where a page's background image is drawn for its CSS-like `backgroundSize`: 'contain' fits it
 * whole, 'cover' fills the page (cropped by the page's edge), anything else stretches it to the page
 * ('100% 100%', the stored default).
 */
export function backgroundBox(
  size: string,
  image: { width: number; height: number },
  width: number,
  height: number,
): {
  x: number;
  y: number;
  width: number;
  height: number;
  crop?: { x: number; y: number; width: number; height: number };
} {
  const mode = size.trim();
  if ((mode !== 'contain' && mode !== 'cover') || image.width <= 0 || image.height <= 0) {
    return { x: 0, y: 0, width, height };
  }
  if (mode === 'contain') {
    const scale = Math.min(width / image.width, height / image.height);
    const w = image.width * scale;
    const h = image.height * scale;
    return { x: (width - w) / 2, y: (height - h) / 2, width: w, height: h };
  }
  // cover: crop the image to the page's ratio.
  const scale = Math.max(width / image.width, height / image.height);
  const cropWidth = width / scale;
  const cropHeight = height / scale;
  return {
    x: 0,
    y: 0,
    width,
    height,
    crop: {
      x: (image.width - cropWidth) / 2,
      y: (image.height - cropHeight) / 2,
      width: cropWidth,
      height: cropHeight,
    },
  };
}
