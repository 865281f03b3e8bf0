import type { Bounds, Size } from '../../core';
import type { SnapGuide } from '../view';

/** What a drag snaps to: the page's and the other fields' edges and centres, sorted once. */
export interface SnapTargets {
  xs: Float64Array;
  ys: Float64Array;
}

/**
 * The snapping targets of a drag, made once when it starts: the page's edges and centre and the
 * other fields' edges and centres, sorted, so that each pointer move finds the nearest by binary
 * search (a page of 2,000 fields has 6,003 targets per axis).
 */
export function snapTargets(others: readonly Bounds[], page: Size): SnapTargets {
  const xs = new Float64Array(3 + others.length * 3);
  const ys = new Float64Array(3 + others.length * 3);
  xs.set([0, page.width / 2, page.width]);
  ys.set([0, page.height / 2, page.height]);
  others.forEach((other, index) => {
    const at = 3 + index * 3;
    xs[at] = other.left;
    xs[at + 1] = (other.left + other.right) / 2;
    xs[at + 2] = other.right;
    ys[at] = other.top;
    ys[at + 1] = (other.top + other.bottom) / 2;
    ys[at + 2] = other.bottom;
  });
  return { xs: xs.sort(), ys: ys.sort() };
}

/**
 * Snapping while dragging: the moving box's edges and centre snap to the nearest target within
 * `threshold` points, on each axis on its own; the guides show where it snapped.
 */
export function snapTo(
  moving: Bounds,
  targets: SnapTargets,
  threshold: number,
): { dx: number; dy: number; guides: SnapGuide[] } {
  const x = best(
    [moving.left, (moving.left + moving.right) / 2, moving.right],
    targets.xs,
    threshold,
  );
  const y = best(
    [moving.top, (moving.top + moving.bottom) / 2, moving.bottom],
    targets.ys,
    threshold,
  );
  const guides: SnapGuide[] = [];
  if (x) guides.push({ orientation: 'vertical', position: x.target });
  if (y) guides.push({ orientation: 'horizontal', position: y.target });
  return { dx: x?.delta ?? 0, dy: y?.delta ?? 0, guides };
}

/** The index of the first target ≥ value. */
function lowerBound(targets: Float64Array, value: number): number {
  let low = 0;
  let high = targets.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (targets[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function best(
  edges: readonly number[],
  targets: Float64Array,
  threshold: number,
): { delta: number; target: number } | null {
  let found: { delta: number; target: number } | null = null;
  for (const edge of edges) {
    const at = lowerBound(targets, edge);
    // The nearest target is just below or at/above the edge.
    for (const index of [at - 1, at]) {
      if (index < 0 || index >= targets.length) continue;
      const target = targets[index]!;
      const delta = target - edge;
      if (Math.abs(delta) <= threshold && (!found || Math.abs(delta) < Math.abs(found.delta))) {
        found = { delta, target };
      }
    }
  }
  return found;
}
