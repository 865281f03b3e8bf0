/**
 * The archive's filters as the address keeps them
 * (?category=&name=&participant=&number=&signFrom=&signTo=&current=&size=), so that a reload or a
 * shared address shows the same page, and the query of contractclassifyrefarchive/page they make.
 * `category` is a category's id, or `unfiled`; absent, every completed contract the member sees.
 */
import type { ArchivePageParams } from '../../../api/contractArchive';
import { changeFilters, pagingFromSearch, writePaging } from '../../../lists/paging';

export const ARCHIVE_SEARCH_MAX = { name: 100, participant: 100, number: 64 } as const;

export type ArchiveCategoryChoice = 'all' | 'unfiled' | { id: string };

export interface ArchiveFilters {
  category: ArchiveCategoryChoice;
  name: string;
  participant: string;
  number: string;
  /** Local days, YYYY-MM-DD: signing started on or after `signFrom` and by the end of `signTo`. */
  signFrom: string | null;
  signTo: string | null;
  current: number;
  size: number;
}

export type ArchiveSearch = Pick<
  ArchiveFilters,
  'name' | 'participant' | 'number' | 'signFrom' | 'signTo'
>;

export const NO_ARCHIVE_SEARCH: ArchiveSearch = {
  name: '',
  participant: '',
  number: '',
  signFrom: null,
  signTo: null,
};

const ID_PATTERN = /^[1-9]\d{0,15}$/;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A local day's midnight, or null for anything but YYYY-MM-DD of a real day. */
function localDay(text: string | null): Date | null {
  if (!text || !DAY_PATTERN.test(text)) return null;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  return date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** The filters an address says; anything it says wrongly is left at its default. */
export function archiveFiltersFromSearch(search: URLSearchParams): ArchiveFilters {
  const category = search.get('category');
  let signFrom = localDay(search.get('signFrom')) ? search.get('signFrom') : null;
  let signTo = localDay(search.get('signTo')) ? search.get('signTo') : null;
  if (signFrom && signTo && signFrom > signTo) [signFrom, signTo] = [signTo, signFrom];
  return {
    category:
      category === 'unfiled'
        ? 'unfiled'
        : category !== null && ID_PATTERN.test(category)
          ? { id: category }
          : 'all',
    name: (search.get('name') ?? '').slice(0, ARCHIVE_SEARCH_MAX.name),
    participant: (search.get('participant') ?? '').slice(0, ARCHIVE_SEARCH_MAX.participant),
    number: (search.get('number') ?? '').slice(0, ARCHIVE_SEARCH_MAX.number),
    signFrom,
    signTo,
    ...pagingFromSearch(search),
  };
}

/** The query of contractclassifyrefarchive/page for the filters. */
export function archivePageParams(filters: ArchiveFilters): ArchivePageParams {
  const texts = {
    name: filters.name.trim(),
    participant: filters.participant.trim(),
    number: filters.number.trim(),
  };
  const from = localDay(filters.signFrom);
  const to = localDay(filters.signTo);
  const dayAfter = (day: Date) => new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
  return {
    current: filters.current,
    size: filters.size,
    scope: filters.category === 'unfiled' ? 'unfiled' : 'all',
    ...(typeof filters.category === 'object' ? { classifyId: filters.category.id } : {}),
    ...Object.fromEntries(Object.entries(texts).filter(([, value]) => value !== '')),
    ...(from ? { signFrom: from.toISOString() } : {}),
    ...(to ? { signTo: new Date(dayAfter(to).getTime() - 1).toISOString() } : {}),
  };
}

/** The address's query for the filters: defaults are left out, so /management/index stays bare. */
export function searchFromArchiveFilters(filters: ArchiveFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.category !== 'all') {
    search.set('category', filters.category === 'unfiled' ? 'unfiled' : filters.category.id);
  }
  for (const key of ['name', 'participant', 'number'] as const) {
    if (filters[key].trim()) search.set(key, filters[key].trim());
  }
  if (filters.signFrom) search.set('signFrom', filters.signFrom);
  if (filters.signTo) search.set('signTo', filters.signTo);
  writePaging(search, filters);
  return search;
}

/** How many criteria of the phone's Filters sheet (all but the name) are in force. */
export function sheetFilterCount(filters: ArchiveFilters): number {
  return (
    [filters.participant, filters.number].filter((text) => text.trim()).length +
    (filters.signFrom ? 1 : 0)
  );
}

/** Whether a search narrows the list (the category aside). */
export function isSearched(filters: ArchiveFilters): boolean {
  return sheetFilterCount(filters) > 0 || filters.name.trim() !== '';
}

export { changeFilters };
