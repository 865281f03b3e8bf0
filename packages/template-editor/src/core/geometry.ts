/** Plane geometry of element boxes: CSS semantics, rotation about the box's centre. */

/**
 * An element's box (`commonStyle`): unrotated edges and size in points from the page's top-left
 * corner, turned about its centre.
 */
export interface Box {
  /** Left edge of the unrotated box. */
  left: number;
  /** Top edge of the unrotated box. */
  top: number;
  /** Width of the box. */
  width: number;
  /** Height of the box. */
  height: number;
  /** Degrees clockwise about the centre. */
  rotate: number;
}

/** An axis-aligned rectangle by its edges, in points from the page's top-left corner. */
export interface Bounds {
  /** Left edge. */
  left: number;
  /** Top edge. */
  top: number;
  /** Right edge. */
  right: number;
  /** Bottom edge. */
  bottom: number;
}

/** A width and a height. */
export interface Size {
  /** The width. */
  width: number;
  /** The height. */
  height: number;
}

/** Tolerance for comparisons of lengths in points: far below what a reader can see. */
export const EPSILON = 1e-6;

/** The box's centre in points from the page's top-left corner; rotation does not move it. */
export function centreOf(box: Box): { x: number; y: number } {
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

/** The four corners of the rotated box, clockwise from the top-left. */
export function cornersOf(box: Box): { x: number; y: number }[] {
  const { x: cx, y: cy } = centreOf(box);
  const angle = (box.rotate * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const hw = box.width / 2;
  const hh = box.height / 2;
  return [
    [-hw, -hh],
    [hw, -hh],
    [hw, hh],
    [-hw, hh],
  ].map(([dx = 0, dy = 0]) => ({ x: cx + dx * cos - dy * sin, y: cy + dx * sin + dy * cos }));
}

/** The axis-aligned bounds of the rotated box. */
export function boundsOf(box: Box): Bounds {
  if (box.rotate % 360 === 0) {
    return {
      left: box.left,
      top: box.top,
      right: box.left + box.width,
      bottom: box.top + box.height,
    };
  }
  const corners = cornersOf(box);
  return {
    left: Math.min(...corners.map((c) => c.x)),
    top: Math.min(...corners.map((c) => c.y)),
    right: Math.max(...corners.map((c) => c.x)),
    bottom: Math.max(...corners.map((c) => c.y)),
  };
}

/** Whether the rotated box lies wholly on a page of the given size. */
export function isInside(box: Box, page: Size): boolean {
  const b = boundsOf(box);
  return (
    b.left >= -EPSILON &&
    b.top >= -EPSILON &&
    b.right <= page.width + EPSILON &&
    b.bottom <= page.height + EPSILON
  );
}

/**
 * The largest part of the move (dx, dy) that keeps every box on the page. A box that already lies
 * partly off the page may stay where it is but is not moved further out.
 */
export function clampMove(
  boxes: readonly Box[],
  page: Size,
  dx: number,
  dy: number,
): { dx: number; dy: number } {
  let minDx = -Infinity;
  let maxDx = Infinity;
  let minDy = -Infinity;
  let maxDy = Infinity;
  for (const box of boxes) {
    const b = boundsOf(box);
    minDx = Math.max(minDx, Math.min(0, -b.left));
    maxDx = Math.min(maxDx, Math.max(0, page.width - b.right));
    minDy = Math.max(minDy, Math.min(0, -b.top));
    maxDy = Math.min(maxDy, Math.max(0, page.height - b.bottom));
  }
  return { dx: clamp(dx, minDx, maxDx), dy: clamp(dy, minDy, maxDy) };
}

/** Moves a box so that it lies on the page where it can (a box larger than the page keeps its top-left on it). */
export function placeOnPage(box: Box, page: Size): { left: number; top: number } {
  const b = boundsOf(box);
  let left = box.left;
  let top = box.top;
  if (b.right > page.width) left -= b.right - page.width;
  if (b.bottom > page.height) top -= b.bottom - page.height;
  const moved = boundsOf({ ...box, left, top });
  if (moved.left < 0) left -= moved.left;
  if (moved.top < 0) top -= moved.top;
  return { left, top };
}

/** Whether two rotated boxes share some area (separating axis test); touching edges do not count. */
export function overlaps(a: Box, b: Box): boolean {
  const ca = cornersOf(a);
  const cb = cornersOf(b);
  for (const corners of [ca, cb]) {
    for (let i = 0; i < 2; i++) {
      const p = corners[i]!;
      const q = corners[i + 1]!;
      const axis = { x: q.y - p.y, y: p.x - q.x };
      const length = Math.hypot(axis.x, axis.y);
      if (length < EPSILON) continue;
      const [minA, maxA] = project(ca, axis, length);
      const [minB, maxB] = project(cb, axis, length);
      if (maxA <= minB + 1e-3 || maxB <= minA + 1e-3) return false;
    }
  }
  return true;
}

function project(
  corners: { x: number; y: number }[],
  axis: { x: number; y: number },
  length: number,
): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const c of corners) {
    const d = (c.x * axis.x + c.y * axis.y) / length;
    if (d < min) min = d;
    if (d > max) max = d;
  }
  return [min, max];
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
