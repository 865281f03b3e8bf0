import { describe, expect, it } from 'vitest';
import {
  billFiltersFromSearch,
  consumeFiltersFromSearch,
  orderFiltersFromSearch,
  searchAfter,
  withoutPaging,
} from './listFilters';

const search = (query: string) => new URLSearchParams(query);

describe('the fee lists’ filters in the address', () => {
  it('read the unit, state and days the server takes, and nothing else', () => {
    expect(
      consumeFiltersFromSearch(
        search('unit=signing&state=held&from=2026-12-01&to=2026-12-31&current=2'),
      ),
    ).toEqual({
      current: 2,
      size: 10,
      unit: 'signing',
      state: 'held',
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(consumeFiltersFromSearch(search('unit=coins&state=lost&from=yesterday'))).toEqual({
      current: 1,
      size: 10,
    });
  });

  it('keep a range only whole and in order', () => {
    expect(billFiltersFromSearch(search('from=2026-12-01'))).toEqual({ current: 1, size: 10 });
    expect(billFiltersFromSearch(search('from=2026-12-31&to=2026-12-01'))).toEqual({
      current: 1,
      size: 10,
    });
    expect(billFiltersFromSearch(search('from=2026-12-01&to=2026-12-01'))).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-01',
    });
  });

  it('read an order status of ORDER_STATUSES', () => {
    expect(orderFiltersFromSearch(search('status=pendingPayment'))).toEqual({
      current: 1,
      size: 10,
      status: 'pendingPayment',
    });
    expect(orderFiltersFromSearch(search('status=paid'))).toEqual({ current: 1, size: 10 });
  });

  it('start a new filter from the first page and leave empty ones out', () => {
    const filters = consumeFiltersFromSearch(search('unit=signing&current=3&size=20'));
    expect(
      searchAfter(search('unit=signing&current=3&size=20'), filters, { state: 'held' }).toString(),
    ).toBe('unit=signing&state=held&size=20');
    expect(
      searchAfter(search('unit=signing&current=3'), filters, { unit: undefined }).toString(),
    ).toBe('size=20');
    expect(searchAfter(search('unit=signing'), filters, { current: 2 }).toString()).toBe(
      'unit=signing&current=2&size=20',
    );
  });

  it('ask an export for the filter without its page', () => {
    expect(withoutPaging({ current: 2, size: 20, unit: 'signing' })).toEqual({ unit: 'signing' });
  });
});
