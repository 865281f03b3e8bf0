/**
 * Paging of the app's lists (templates, contracts) as the address keeps it (?current=&size=), the
 * page sizes offered, and the table's pagination made from it: one rule for every list.
 */
import type { TablePaginationConfig } from 'antd';

/** The page sizes a list offers; the first is the default. */
export const LIST_PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = LIST_PAGE_SIZES[0];

/** The page a list shows. */
export interface ListPaging {
  current: number;
  size: number;
}

function wholeNumber(text: string | null, fallback: number): number {
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= 1 ? value : fallback;
}

/** The paging an address says; a wrong page is the first, a size not offered the default. */
export function pagingFromSearch(search: URLSearchParams): ListPaging {
  const size = wholeNumber(search.get('size'), DEFAULT_PAGE_SIZE);
  return {
    current: wholeNumber(search.get('current'), 1),
    size: (LIST_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** Writes the paging into an address's query, leaving the defaults out. */
export function writePaging(search: URLSearchParams, { current, size }: ListPaging): void {
  if (current !== 1) search.set('current', String(current));
  if (size !== DEFAULT_PAGE_SIZE) search.set('size', String(size));
}

/**
 * Filters after a change: a new search, tab or category starts again from the first page; a change
 * of page or size keeps the rest.
 */
export function changeFilters<F extends ListPaging>(filters: F, change: Partial<F>): F {
  const paging = 'current' in change || 'size' in change;
  return { ...filters, ...(paging ? {} : { current: 1 }), ...change };
}

/** The table's pagination for the paging: sizes offered, the total said, a new size from page 1. */
export function tablePagination(
  paging: ListPaging,
  total: number,
  showTotal: (total: number) => string,
  onChange: (change: Partial<ListPaging>) => void,
): TablePaginationConfig {
  return {
    current: paging.current,
    pageSize: paging.size,
    total,
    showSizeChanger: true,
    pageSizeOptions: [...LIST_PAGE_SIZES],
    showTotal,
    onChange: (current, size) =>
      onChange(size === paging.size ? { current } : { current: 1, size }),
  };
}
