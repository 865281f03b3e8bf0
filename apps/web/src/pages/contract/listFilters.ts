/**
 * The contract list's tab, search and page as the address keeps them
 * (?tab=&number=&name=&signFrom=&signTo=&initiator=&participant=&status=&current=&size=), so that a
 * reload, a shared address or the way back from a contract shows the same page, and the query of
 * contract/quickPage or contract/myPage they make.
 */
import {
  CONTRACT_STATUSES,
  MY_TABS,
  QUICK_TABS,
  type ContractStatus,
  type ContractTab,
} from '@esign/platform';
import type { ContractPageParams } from '../../api/contracts';
import { changeFilters, pagingFromSearch, writePaging } from '../../lists/paging';

/** The tabs in the spec's order (§2): the tabs of work, then the console's own lists. */
export const CONTRACT_TABS: readonly ContractTab[] = [...QUICK_TABS, ...MY_TABS];
const DEFAULT_TAB: ContractTab = 'todo';

/** The longest text each search field takes (the server's limits). */
export const SEARCH_MAX = { number: 64, name: 100, initiator: 50, participant: 100 } as const;
type TextField = keyof typeof SEARCH_MAX;
const TEXT_FIELDS = Object.keys(SEARCH_MAX) as TextField[];

export interface ContractListFilters extends Record<TextField, string> {
  tab: ContractTab;
  /** The first and last day (yyyy-MM-dd) signing started on; null when open. */
  signFrom: string | null;
  signTo: string | null;
  status: ContractStatus | null;
  current: number;
  size: number;
}

/** The search criteria alone (the form's), without tab and paging. */
export type ContractSearch = Omit<ContractListFilters, 'tab' | 'current' | 'size'>;

/** No search criterion: what Reset and Clear filters go back to. */
export const NO_SEARCH: ContractSearch = {
  number: '',
  name: '',
  initiator: '',
  participant: '',
  signFrom: null,
  signTo: null,
  status: null,
};

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A yyyy-MM-dd day as the start of that day where the user is; null when it is no such day. */
export function localDay(text: string | null): Date | null {
  const match = text === null ? null : DAY_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  return date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/**
 * A status as the address says it: the server's name, or the home screen's camel-cased one
 * (`approvalRejected`), which its counts link with.
 */
function statusOf(text: string | null): ContractStatus | null {
  const name = text?.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  return CONTRACT_STATUSES.find((status) => status === name) ?? null;
}

/** The filters an address says; anything it says wrongly is left at its default. */
export function filtersFromSearch(search: URLSearchParams): ContractListFilters {
  const tab = search.get('tab');
  let signFrom = localDay(search.get('signFrom')) ? search.get('signFrom') : null;
  let signTo = localDay(search.get('signTo')) ? search.get('signTo') : null;
  if (signFrom && signTo && signFrom > signTo) [signFrom, signTo] = [signTo, signFrom];
  return {
    tab: CONTRACT_TABS.find((known) => known === tab) ?? DEFAULT_TAB,
    ...(Object.fromEntries(
      TEXT_FIELDS.map((field) => [field, (search.get(field) ?? '').slice(0, SEARCH_MAX[field])]),
    ) as Record<TextField, string>),
    signFrom,
    signTo,
    status: statusOf(search.get('status')),
    ...pagingFromSearch(search),
  };
}

/** The day after a yyyy-MM-dd day, at its start where the user is. */
function dayAfter(day: Date): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
}

/**
 * The query of the tab's call for the filters: texts trimmed, blank ones left out, and the days
 * as the instants they begin and end where the user is (the last day counts whole).
 */
export function contractPageParams(filters: ContractListFilters): ContractPageParams {
  const from = localDay(filters.signFrom);
  const to = localDay(filters.signTo);
  const texts = TEXT_FIELDS.flatMap((field) => {
    const value = filters[field].trim();
    return value ? [[field, value] as const] : [];
  });
  return {
    tab: filters.tab,
    current: filters.current,
    size: filters.size,
    ...Object.fromEntries(texts),
    ...(from ? { signFrom: from.toISOString() } : {}),
    ...(to ? { signTo: new Date(dayAfter(to).getTime() - 1).toISOString() } : {}),
    ...(filters.status ? { status: filters.status } : {}),
  };
}

/** The address's query for the filters: defaults are left out, so /agency-contract/index stays bare. */
export function searchFromFilters(filters: ContractListFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.tab !== DEFAULT_TAB) search.set('tab', filters.tab);
  for (const field of TEXT_FIELDS) {
    const value = filters[field].trim();
    if (value) search.set(field, value);
  }
  if (filters.signFrom) search.set('signFrom', filters.signFrom);
  if (filters.signTo) search.set('signTo', filters.signTo);
  if (filters.status) search.set('status', filters.status);
  writePaging(search, filters);
  return search;
}

export { changeFilters };

/** Whether the list is narrowed by any search criterion (the tab is not one). */
export function isFiltered(filters: ContractListFilters): boolean {
  return (
    TEXT_FIELDS.some((field) => filters[field].trim() !== '') ||
    filters.signFrom !== null ||
    filters.signTo !== null ||
    filters.status !== null
  );
}

/**
 * How many criteria the phone's Filters sheet holds (all but the name, which has its own box): the
 * count on its button, so that a narrowed list says so while the sheet is closed.
 */
export function sheetFilterCount(filters: ContractListFilters): number {
  const texts = (['number', 'initiator', 'participant'] as const).filter(
    (field) => filters[field].trim() !== '',
  ).length;
  const days = filters.signFrom !== null || filters.signTo !== null ? 1 : 0;
  return texts + days + (filters.status !== null ? 1 : 0);
}
