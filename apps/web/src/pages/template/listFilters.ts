/**
 * The template list's filters as the address keeps them (?name=&classifyId=&status=&current=&size=),
 * so that a reload, a shared address or the way back from the editor shows the same page, and the
 * query of template/page they make.
 */
import { TEMPLATE_NAME_MAX, type TemplateStatus } from '@esign/platform';
import type { TemplatePageParams } from '../../api/templates';
import { changeFilters, pagingFromSearch, writePaging } from '../../lists/paging';

export interface TemplateListFilters {
  /** Part of the name, as typed (trimmed when sent). */
  name: string;
  /** A category's id; null for every category. */
  classifyId: string | null;
  /** Enabled (1) or disabled (0); null for both. */
  status: TemplateStatus | null;
  current: number;
  size: number;
}

const ID_PATTERN = /^[1-9]\d{0,15}$/;

/** The filters an address says; anything it says wrongly is left at its default. */
export function filtersFromSearch(search: URLSearchParams): TemplateListFilters {
  const classifyId = search.get('classifyId');
  const status = search.get('status');
  return {
    name: (search.get('name') ?? '').slice(0, TEMPLATE_NAME_MAX),
    classifyId: classifyId !== null && ID_PATTERN.test(classifyId) ? classifyId : null,
    status: status === '1' ? 1 : status === '0' ? 0 : null,
    ...pagingFromSearch(search),
  };
}

/** The query of template/page for the filters. */
export function templatePageParams(filters: TemplateListFilters): TemplatePageParams {
  const name = filters.name.trim();
  return {
    current: filters.current,
    size: filters.size,
    ...(name ? { name } : {}),
    ...(filters.classifyId ? { classifyId: filters.classifyId } : {}),
    ...(filters.status === null ? {} : { status: filters.status === 1 ? '1' : '0' }),
  };
}

/** The address's query for the filters: defaults are left out, so /template/index stays bare. */
export function searchFromFilters(filters: TemplateListFilters): URLSearchParams {
  const { current, size, ...rest } = templatePageParams(filters);
  const search = new URLSearchParams(rest);
  writePaging(search, { current, size });
  return search;
}

export { changeFilters };

/** Whether the list is narrowed by a search, a category or a status. */
export function isFiltered(filters: TemplateListFilters): boolean {
  return filters.name.trim() !== '' || filters.classifyId !== null || filters.status !== null;
}

/**
 * The page to show after `removed` of `total` templates were deleted: the same one, or the last
 * that still has templates when that one emptied (deleting the only row of the last page).
 */
export function pageAfterRemoval(
  filters: Pick<TemplateListFilters, 'current' | 'size'>,
  total: number,
  removed: number,
): number {
  const pages = Math.max(1, Math.ceil(Math.max(0, total - removed) / filters.size));
  return Math.min(filters.current, pages);
}
