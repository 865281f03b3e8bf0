import { describe, expect, it } from 'vitest';
import {
  changeFilters,
  filtersFromSearch,
  isFiltered,
  pageAfterRemoval,
  searchFromFilters,
  templatePageParams,
  type TemplateListFilters,
} from './listFilters';

const ALL: TemplateListFilters = { name: '', classifyId: null, status: null, current: 1, size: 10 };

describe('the template list filters', () => {
  it('ask template/page for the first ten of every template when the address says nothing', () => {
    const filters = filtersFromSearch(new URLSearchParams());
    expect(filters).toEqual(ALL);
    expect(templatePageParams(filters)).toEqual({ current: 1, size: 10 });
    expect(isFiltered(filters)).toBe(false);
  });

  it('send the trimmed name, the category and the status as the server takes them', () => {
    const filters = filtersFromSearch(
      new URLSearchParams('name=%20lease%20&classifyId=12&status=0&current=3&size=20'),
    );
    expect(templatePageParams(filters)).toEqual({
      current: 3,
      size: 20,
      name: 'lease',
      classifyId: '12',
      status: '0',
    });
    expect(isFiltered(filters)).toBe(true);
    expect(templatePageParams({ ...ALL, status: 1 })).toEqual({
      current: 1,
      size: 10,
      status: '1',
    });
  });

  it('leave a blank search out of the query', () => {
    expect(templatePageParams({ ...ALL, name: '   ' })).toEqual({ current: 1, size: 10 });
    expect(isFiltered({ ...ALL, name: '   ' })).toBe(false);
  });

  it('ignore what an address says wrongly', () => {
    const filters = filtersFromSearch(
      new URLSearchParams('classifyId=abc&status=2&current=-1&size=1000'),
    );
    expect(filters).toEqual(ALL);
    expect(filtersFromSearch(new URLSearchParams('current=1.5&classifyId=0')).current).toBe(1);
    expect(filtersFromSearch(new URLSearchParams(`name=${'x'.repeat(80)}`)).name).toHaveLength(50);
  });

  it('keep the address bare for the defaults, and round-trip the rest', () => {
    expect(searchFromFilters(ALL).toString()).toBe('');
    const filters: TemplateListFilters = {
      name: 'supply',
      classifyId: '11',
      status: 1,
      current: 2,
      size: 50,
    };
    const search = searchFromFilters(filters);
    expect(search.toString()).toBe('name=supply&classifyId=11&status=1&current=2&size=50');
    expect(filtersFromSearch(search)).toEqual(filters);
  });

  it('start again from the first page when the search, category or status changes', () => {
    const onPage3 = { ...ALL, current: 3 };
    expect(changeFilters(onPage3, { name: 'lease' })).toEqual({ ...ALL, name: 'lease' });
    expect(changeFilters(onPage3, { classifyId: '11' }).current).toBe(1);
    expect(changeFilters(onPage3, { status: 0 }).current).toBe(1);
    expect(changeFilters(onPage3, { current: 4 })).toEqual({ ...ALL, current: 4 });
    expect(changeFilters(onPage3, { current: 1, size: 20 })).toEqual({ ...ALL, size: 20 });
  });

  it('step back a page when deleting emptied the last one', () => {
    // 21 templates, 10 a page: page 3 holds one.
    expect(pageAfterRemoval({ current: 3, size: 10 }, 21, 1)).toBe(2);
    expect(pageAfterRemoval({ current: 3, size: 10 }, 23, 2)).toBe(3);
    expect(pageAfterRemoval({ current: 2, size: 10 }, 20, 10)).toBe(1);
    expect(pageAfterRemoval({ current: 1, size: 10 }, 1, 1)).toBe(1);
    expect(pageAfterRemoval({ current: 2, size: 10 }, 15, 0)).toBe(2);
  });
});
