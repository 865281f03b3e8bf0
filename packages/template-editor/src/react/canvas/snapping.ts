import type { Bounds, Size } from '../../core';
import type { SnapGuide } from '../view';

/**
 * Snapping while dragging: the moving box's edges and centre snap to the page's edges and centre
 * and to the other fields' edges and centres, when within `threshold` points.
 */
export function snapBox(
  moving: Bounds,
  others: readonly Bounds[],
  page: Size,
  threshold: number,
): { dx: number; dy: number; guides: SnapGuide[] } {
  const xs = [0, page.width / 2, page.width];
  const ys = [0, page.height / 2, page.height];
  for (const other of others) {
    xs.push(other.left, (other.left + other.right) / 2, other.right);
    ys.push(other.top, (other.top + other.bottom) / 2, other.bottom);
  }
  const x = best([moving.left, (moving.left + moving.right) / 2, moving.right], xs, threshold);
  const y = best([moving.top, (moving.top + moving.bottom) / 2, moving.bottom], ys, threshold);
  const guides: SnapGuide[] = [];
  if (x) guides.push({ orientation: 'vertical', position: x.target });
  if (y) guides.push({ orientation: 'horizontal', position: y.target });
  return { dx: x?.delta ?? 0, dy: y?.delta ?? 0, guides };
}

function best(
  edges: number[],
  targets: number[],
  threshold: number,
): { delta: number; target: number } | null {
  let found: { delta: number; target: number } | null = null;
  for (const edge of edges) {
    for (const target of targets) {
      const delta = target - edge;
      if (Math.abs(delta) <= threshold && (!found || Math.abs(delta) < Math.abs(found.delta))) {
        found = { delta, target };
      }
    }
  }
  return found;
}
