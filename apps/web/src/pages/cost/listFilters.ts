/**
 * The fee lists' filters as the address keeps them (?unit=&state=&from=&to=&status=&current=&size=):
 * a list can be bookmarked and Back restores it. Anything the server would not take is left out.
 */
import {
  CONSUME_STATES,
  FEE_UNITS,
  ORDER_STATUSES,
  type ConsumeState,
  type FeeUnit,
  type OrderStatus,
} from '@esign/platform';
import { changeFilters, pagingFromSearch, writePaging, type ListPaging } from '../../lists/paging';

/** Days a list is kept to, each yyyy-MM-dd (UTC, as the server reads them). */
export interface DayRange {
  from?: string;
  to?: string;
}

export type ConsumeFilters = ListPaging & DayRange & { unit?: FeeUnit; state?: ConsumeState };
export type BillFilters = ListPaging & DayRange;
export type OrderFilters = ListPaging & { status?: OrderStatus };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** A whole range or none: a list kept to one end only is not what the picker offers. */
export function dayRangeFromSearch(search: URLSearchParams): DayRange {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  return DAY.test(from) && DAY.test(to) && from <= to ? { from, to } : {};
}

export function consumeFiltersFromSearch(search: URLSearchParams): ConsumeFilters {
  const unit = oneOf(FEE_UNITS, search.get('unit'));
  const state = oneOf(CONSUME_STATES, search.get('state'));
  return {
    ...pagingFromSearch(search),
    ...dayRangeFromSearch(search),
    ...(unit ? { unit } : {}),
    ...(state ? { state } : {}),
  };
}

export const billFiltersFromSearch = (search: URLSearchParams): BillFilters => ({
  ...pagingFromSearch(search),
  ...dayRangeFromSearch(search),
});

export function orderFiltersFromSearch(search: URLSearchParams): OrderFilters {
  const status = oneOf(ORDER_STATUSES, search.get('status'));
  return { ...pagingFromSearch(search), ...(status ? { status } : {}) };
}

const FILTER_KEYS = ['unit', 'state', 'status', 'from', 'to', 'current', 'size'] as const;

/**
 * The address after a change of the filters: a new filter starts from the first page (a change
 * of page or size keeps the rest); empty filters and default paging are left out.
 */
export function searchAfter<F extends ListPaging>(
  search: URLSearchParams,
  filters: F,
  change: Partial<F>,
): URLSearchParams {
  const next = changeFilters(filters, change) as F & Record<string, unknown>;
  const params = new URLSearchParams(search);
  for (const key of FILTER_KEYS) params.delete(key);
  for (const key of FILTER_KEYS) {
    if (key === 'current' || key === 'size') continue;
    const value = next[key];
    if (typeof value === 'string' && value !== '') params.set(key, value);
  }
  writePaging(params, next);
  return params;
}

/** The filter of a list without its paging (what its export is asked for). */
export function withoutPaging<F extends ListPaging>(filters: F): Omit<F, 'current' | 'size'> {
  const { current: _current, size: _size, ...rest } = filters;
  return rest;
}
