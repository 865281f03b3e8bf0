import { describe, expect, it } from 'vitest';
import { changeFilters, pagingFromSearch, tablePagination, writePaging } from './paging';

describe('the paging of a list in the address', () => {
  it('reads a page and an offered size, and falls back on anything else', () => {
    expect(pagingFromSearch(new URLSearchParams('current=3&size=20'))).toEqual({
      current: 3,
      size: 20,
    });
    expect(pagingFromSearch(new URLSearchParams('current=-1&size=7'))).toEqual({
      current: 1,
      size: 10,
    });
    expect(pagingFromSearch(new URLSearchParams('current=1.5&size=abc'))).toEqual({
      current: 1,
      size: 10,
    });
  });

  it('leaves the defaults out of the address', () => {
    const bare = new URLSearchParams();
    writePaging(bare, { current: 1, size: 10 });
    expect(bare.toString()).toBe('');
    const paged = new URLSearchParams('tab=all');
    writePaging(paged, { current: 2, size: 50 });
    expect(paged.toString()).toBe('tab=all&current=2&size=50');
  });

  it('starts again from the first page when the search changes, not when the page does', () => {
    const filters = { name: 'lease', current: 4, size: 20 };
    expect(changeFilters(filters, { name: 'sale' })).toEqual({
      name: 'sale',
      current: 1,
      size: 20,
    });
    expect(changeFilters(filters, { current: 5 })).toEqual({ ...filters, current: 5 });
  });

  it('asks for page 1 when the table’s page size changes', () => {
    const changes: unknown[] = [];
    const pagination = tablePagination({ current: 3, size: 10 }, 95, String, (change) =>
      changes.push(change),
    );
    pagination.onChange!(4, 10);
    pagination.onChange!(3, 50);
    expect(changes).toEqual([{ current: 4 }, { current: 1, size: 50 }]);
    expect(pagination.pageSizeOptions).toEqual([10, 20, 50]);
  });
});
