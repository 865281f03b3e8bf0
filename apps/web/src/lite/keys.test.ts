import { describe, expect, it } from 'vitest';
import { movedIndex } from './keys';

describe('movedIndex (roving focus of tabs and menus)', () => {
  it('moves along the axis, wrapping round at both ends', () => {
    expect(movedIndex('ArrowRight', 0, 3, 'horizontal')).toBe(1);
    expect(movedIndex('ArrowRight', 2, 3, 'horizontal')).toBe(0);
    expect(movedIndex('ArrowLeft', 0, 3, 'horizontal')).toBe(2);
    expect(movedIndex('ArrowDown', 1, 3, 'vertical')).toBe(2);
    expect(movedIndex('ArrowUp', 0, 3, 'vertical')).toBe(2);
  });

  it('goes to the first or the last with Home and End, and ignores other keys', () => {
    expect(movedIndex('Home', 2, 3, 'vertical')).toBe(0);
    expect(movedIndex('End', 0, 3, 'horizontal')).toBe(2);
    expect(movedIndex('ArrowDown', 0, 3, 'horizontal')).toBeNull();
    expect(movedIndex('ArrowRight', 0, 3, 'vertical')).toBeNull();
    expect(movedIndex('a', 0, 3, 'vertical')).toBeNull();
  });
});
