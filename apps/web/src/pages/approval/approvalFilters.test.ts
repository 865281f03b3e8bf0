import { describe, expect, it } from 'vitest';
import {
  approvalFiltersFromSearch,
  approvalPageParams,
  changeApprovalFilters,
  searchFromApprovalFilters,
} from './approvalFilters';

describe('the approval list’s address', () => {
  it('opens on my initiations, page 1, with nothing searched', () => {
    expect(approvalFiltersFromSearch(new URLSearchParams())).toEqual({
      tab: 'initiated',
      name: '',
      current: 1,
      size: 10,
    });
  });

  it('reads the tab, search, state and page, and ignores what it does not know', () => {
    expect(
      approvalFiltersFromSearch(
        new URLSearchParams('tab=pending&name=%20Lease%20&state=approved&current=3&size=20'),
      ),
    ).toEqual({ tab: 'pending', name: 'Lease', state: 'approved', current: 3, size: 20 });
    expect(
      approvalFiltersFromSearch(new URLSearchParams('tab=everything&state=maybe&current=-2')),
    ).toEqual({ tab: 'initiated', name: '', current: 1, size: 10 });
  });

  it('writes back only what differs from the defaults', () => {
    const filters = approvalFiltersFromSearch(new URLSearchParams('tab=copied&name=Supply'));
    expect(searchFromApprovalFilters(filters).toString()).toBe('tab=copied&name=Supply');
    expect(
      searchFromApprovalFilters(approvalFiltersFromSearch(new URLSearchParams())).toString(),
    ).toBe('');
  });

  it('starts another tab from its first page without the state filter, keeping the search', () => {
    const filters = approvalFiltersFromSearch(
      new URLSearchParams('tab=received&name=Lease&state=approved&current=4'),
    );
    expect(changeApprovalFilters(filters, { tab: 'pending' })).toEqual({
      tab: 'pending',
      name: 'Lease',
      current: 1,
      size: 10,
    });
    expect(changeApprovalFilters(filters, { current: 5 })).toMatchObject({
      state: 'approved',
      current: 5,
    });
  });

  it('asks the server for the tab with only the criteria that are set', () => {
    expect(
      approvalPageParams(approvalFiltersFromSearch(new URLSearchParams('tab=pending'))),
    ).toEqual({ tab: 'pending', current: 1, size: 10 });
  });
});
