/**
 * What /approval/index shows, as its address keeps it: the tab (`?tab=`, the first by default),
 * the contract-name search (`?name=`), the state filter (`?state=`) and the paging.
 */
import {
  APPROVAL_SEARCH_MAX,
  APPROVAL_STATES,
  APPROVAL_TABS,
  type ApprovalState,
  type ApprovalTab,
} from '@esign/platform';
import type { ApprovalPageParams } from '../../api/signingApproval';
import { changeFilters, pagingFromSearch, writePaging, type ListPaging } from '../../lists/paging';

export interface ApprovalFilters extends ListPaging {
  tab: ApprovalTab;
  name: string;
  state?: ApprovalState;
}

const oneOf = <T extends string>(values: readonly T[], text: string | null): T | undefined =>
  (values as readonly string[]).includes(text ?? '') ? (text as T) : undefined;

/** The filters an address says; anything it says wrongly is left at its default. */
export function approvalFiltersFromSearch(search: URLSearchParams): ApprovalFilters {
  const state = oneOf(APPROVAL_STATES, search.get('state'));
  return {
    ...pagingFromSearch(search),
    tab: oneOf(APPROVAL_TABS, search.get('tab')) ?? 'initiated',
    name: (search.get('name') ?? '').trim().slice(0, APPROVAL_SEARCH_MAX),
    ...(state ? { state } : {}),
  };
}

/** The address of the filters, leaving the defaults out. */
export function searchFromApprovalFilters(filters: ApprovalFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.tab !== 'initiated') search.set('tab', filters.tab);
  if (filters.name) search.set('name', filters.name);
  if (filters.state) search.set('state', filters.state);
  writePaging(search, filters);
  return search;
}

/**
 * The filters after a change: a new tab, search or state starts from the first page (another
 * tab drops the state filter, its approvals being in other states), a page change keeps the rest.
 */
export function changeApprovalFilters(
  filters: ApprovalFilters,
  change: Partial<ApprovalFilters>,
): ApprovalFilters {
  const next = changeFilters(filters, change);
  if (change.tab === undefined || change.tab === filters.tab || 'state' in change) return next;
  const { state: _dropped, ...rest } = next;
  return rest;
}

/** What signingApprove/page is asked for the filters. */
export function approvalPageParams(filters: ApprovalFilters): ApprovalPageParams {
  return {
    tab: filters.tab,
    current: filters.current,
    size: filters.size,
    ...(filters.name ? { name: filters.name } : {}),
    ...(filters.state ? { state: filters.state } : {}),
  };
}
