import type { MessageFilter } from '../../api/messages';

/**
 * The message centre's filters in the order of `?menu=` (spec 001: "all messages" opens
 * /msg-center/all?menu=0): 0 every message, 1 the unread, 2 the read ones.
 */
export const FILTERS: readonly MessageFilter[] = ['all', 'unread', 'read'];

/** The filter an address names; every message when it names none or one that does not exist. */
export function filterFromSearch(search: URLSearchParams): MessageFilter {
  return FILTERS[Number(search.get('menu') ?? 0)] ?? 'all';
}

/** The page an address names (?page=, from 1); the first for anything else. */
export function pageFromSearch(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}
