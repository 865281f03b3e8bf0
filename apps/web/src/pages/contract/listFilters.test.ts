import { describe, expect, it } from 'vitest';
import {
  NO_SEARCH,
  changeFilters,
  contractPageParams,
  filtersFromSearch,
  isFiltered,
  localDay,
  searchFromFilters,
  sheetFilterCount,
  type ContractListFilters,
} from './listFilters';

const TODO: ContractListFilters = { tab: 'todo', ...NO_SEARCH, current: 1, size: 10 };

describe('the contract list filters', () => {
  it('ask for the first ten contracts handled by me when the address says nothing', () => {
    const filters = filtersFromSearch(new URLSearchParams());
    expect(filters).toEqual(TODO);
    expect(contractPageParams(filters)).toEqual({ tab: 'todo', current: 1, size: 10 });
    expect(isFiltered(filters)).toBe(false);
  });

  it('send trimmed texts, the status and the signing days as whole local days', () => {
    const filters = filtersFromSearch(
      new URLSearchParams(
        'tab=initiated&number=%20HT-2025&name=lease&initiator=Li&participant=Hengda' +
          '&signFrom=2025-03-01&signTo=2025-03-31&status=signing&current=2&size=20',
      ),
    );
    expect(contractPageParams(filters)).toEqual({
      tab: 'initiated',
      current: 2,
      size: 20,
      number: 'HT-2025',
      name: 'lease',
      initiator: 'Li',
      participant: 'Hengda',
      signFrom: new Date(2025, 2, 1).toISOString(),
      signTo: new Date(new Date(2025, 3, 1).getTime() - 1).toISOString(),
      status: 'signing',
    });
    expect(isFiltered(filters)).toBe(true);
  });

  it('leave blank texts out of the query, and the tab is no filter', () => {
    const filters = { ...TODO, tab: 'copied' as const, name: '   ', number: ' ' };
    expect(contractPageParams(filters)).toEqual({ tab: 'copied', current: 1, size: 10 });
    expect(isFiltered(filters)).toBe(false);
    expect(isFiltered({ ...TODO, signTo: '2025-01-01' })).toBe(true);
  });

  it('take the home screen’s status names, and ignore what an address says wrongly', () => {
    expect(filtersFromSearch(new URLSearchParams('status=approvalRejected')).status).toBe(
      'approval_rejected',
    );
    expect(filtersFromSearch(new URLSearchParams('status=approval_rejected')).status).toBe(
      'approval_rejected',
    );
    expect(
      filtersFromSearch(
        new URLSearchParams(
          'tab=archived&status=lost&signFrom=2025-02-30&signTo=yesterday&current=0&size=1000',
        ),
      ),
    ).toEqual(TODO);
    expect(filtersFromSearch(new URLSearchParams(`name=${'x'.repeat(150)}`)).name).toHaveLength(
      100,
    );
    expect(localDay('2024-02-29')).toEqual(new Date(2024, 1, 29));
    expect(localDay('2025-02-29')).toBeNull();
  });

  it('put the days of a reversed range in order', () => {
    const filters = filtersFromSearch(new URLSearchParams('signFrom=2025-04-02&signTo=2025-04-01'));
    expect([filters.signFrom, filters.signTo]).toEqual(['2025-04-01', '2025-04-02']);
  });

  it('keep the address bare for the defaults, and round-trip the rest', () => {
    expect(searchFromFilters(TODO).toString()).toBe('');
    const filters: ContractListFilters = {
      tab: 'received',
      number: 'HT-1',
      name: 'Office lease',
      initiator: 'Zhang',
      participant: '13800000001',
      signFrom: '2025-03-01',
      signTo: '2025-03-02',
      status: 'completed',
      current: 3,
      size: 50,
    };
    const search = searchFromFilters(filters);
    expect(search.toString()).toBe(
      'tab=received&number=HT-1&name=Office+lease&initiator=Zhang&participant=13800000001' +
        '&signFrom=2025-03-01&signTo=2025-03-02&status=completed&current=3&size=50',
    );
    expect(filtersFromSearch(search)).toEqual(filters);
  });

  it('start again from the first page on another tab or search, keep it when paging', () => {
    const onPage3 = { ...TODO, name: 'lease', current: 3 };
    expect(changeFilters(onPage3, { tab: 'completed' })).toEqual({
      ...onPage3,
      tab: 'completed',
      current: 1,
    });
    expect(changeFilters(onPage3, NO_SEARCH)).toEqual(TODO);
    expect(changeFilters(onPage3, { current: 4 }).current).toBe(4);
    expect(changeFilters(onPage3, { current: 1, size: 20 })).toEqual({
      ...onPage3,
      current: 1,
      size: 20,
    });
  });
});

describe('the phone’s Filters count', () => {
  it('counts the criteria in the sheet, the signing days as one, and not the name box', () => {
    const count = (query: string) =>
      sheetFilterCount(filtersFromSearch(new URLSearchParams(query)));
    expect(count('name=lease')).toBe(0);
    expect(count('name=lease&status=signing')).toBe(1);
    expect(
      count('number=HT&initiator=Li&participant=Hengda&signFrom=2025-03-01&signTo=2025-03-31'),
    ).toBe(4);
  });
});
