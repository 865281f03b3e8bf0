/**
 * Where a key moves the focus in a row of items (WAI-ARIA's roving focus: tabs, menus): the next or
 * the previous, wrapping round, or the first or the last; null for any other key.
 */
export function movedIndex(
  key: string,
  index: number,
  count: number,
  axis: 'horizontal' | 'vertical',
): number | null {
  const last = count - 1;
  const [next, previous] =
    axis === 'horizontal' ? ['ArrowRight', 'ArrowLeft'] : ['ArrowDown', 'ArrowUp'];
  if (key === next) return index === last ? 0 : index + 1;
  if (key === previous) return index === 0 ? last : index - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return null;
}
