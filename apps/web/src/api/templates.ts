/**
 * The template list and template category calls (spec 001 §7: template/page, remove,
 * getPreviewTicket; templateclassify, templateclassifyrefarchive, templateClassifyAuth), their
 * TanStack Query keys and the mutations, which refresh the list and the categories after a change.
 */
import {
  PATHS,
  type CategoryGrant,
  type CategoryRight,
  type CategorySaved,
  type Page,
  type StaffMember,
  type TemplateCategory,
  type TemplateListPage,
  type TemplatePreviewTicket,
} from '@esign/platform';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

/** What template/page is asked: paging, and the filters that are set. */
export interface TemplatePageParams {
  current: number;
  size: number;
  /** Part of the name. */
  name?: string;
  classifyId?: string;
  status?: '0' | '1';
}

/** The largest page the list calls give (pageQuery's size ≤ 100). */
const LARGEST_PAGE = 100;

export const fetchTemplatePage = (params: TemplatePageParams) =>
  call<TemplateListPage>({ url: PATHS.templatePage, params });

/** Deletes templates; the ids go in the query as a comma list (spec 001 §7). */
export const removeTemplates = (ids: readonly string[]) =>
  call<null>({ method: 'POST', url: PATHS.templateRemove, params: { ids: ids.join(',') } });

/** A ticket for the public preview: one visit within ten minutes. */
export const fetchPreviewTicket = (id: string) =>
  call<TemplatePreviewTicket>({ method: 'POST', url: PATHS.templatePreviewTicket, data: { id } });

/** Every category the member sees, with its template count (page after page of 100). */
export async function fetchCategories(): Promise<TemplateCategory[]> {
  const categories: TemplateCategory[] = [];
  for (let current = 1; ; current += 1) {
    const page = await call<Page<TemplateCategory>>({
      url: PATHS.categoryUserPage,
      params: { current, size: LARGEST_PAGE },
    });
    categories.push(...page.records);
    if (page.records.length < LARGEST_PAGE || categories.length >= page.total) return categories;
  }
}

export const saveCategory = (name: string) =>
  call<CategorySaved>({ method: 'POST', url: PATHS.categorySave, data: { name } });

export const renameCategory = (id: string, name: string) =>
  call<CategorySaved>({ method: 'POST', url: PATHS.categoryRename, data: { id, name } });

/** Removes an empty category; one that holds templates is refused with the server's message. */
export const removeCategory = (id: string) =>
  call<null>({ method: 'POST', url: PATHS.categoryRemove, data: { id } });

/** Files templates in a category, moving them out of theirs. */
export const fileTemplates = (classifyId: string, templateIds: readonly string[]) =>
  call<null>({ method: 'POST', url: PATHS.categoryFile, data: { classifyId, templateIds } });

/** Takes templates out of their category. */
export const unfileTemplates = (templateIds: readonly string[]) =>
  call<null>({ method: 'POST', url: PATHS.categoryUnfile, data: { templateIds } });

export const fetchCategoryGrants = (classifyId: string, current: number, size: number) =>
  call<Page<CategoryGrant>>({ url: PATHS.categoryGrants, params: { classifyId, current, size } });

/** The company's members without a right on the category yet, by name or phone. */
export const fetchGrantableMembers = (classifyId: string, keyword: string) =>
  call<StaffMember[]>({
    url: PATHS.categoryGrantableMembers,
    params: { classifyId, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) },
  });

/** A member's right on a category; 'none' takes it away. */
export interface GrantChange {
  classifyId: string;
  userId: string;
  right: CategoryRight | 'none';
}

export const setCategoryGrants = (grants: readonly GrantChange[]) =>
  call<null>({ method: 'POST', url: PATHS.categoryGrant, data: { grants } });

/**
 * The keys of this area's server state. Each starts with the console: switching company never
 * shows the previous console's templates.
 */
export const templateKeys = {
  all: (companyId: number) => ['templates', companyId] as const,
  list: (companyId: number, params: TemplatePageParams) =>
    ['templates', companyId, 'list', params] as const,
  categories: (companyId: number) => ['templates', companyId, 'categories'] as const,
  grants: (companyId: number, classifyId: string) =>
    ['templates', companyId, 'grants', classifyId] as const,
  grantable: (companyId: number, classifyId: string, keyword: string) =>
    ['templates', companyId, 'grantable', classifyId, keyword] as const,
};

export const templateQueries = {
  list: (companyId: number, params: TemplatePageParams) =>
    queryOptions({
      queryKey: templateKeys.list(companyId, params),
      queryFn: () => fetchTemplatePage(params),
      // Paging and filtering keep the rows on screen until the next page is there.
      placeholderData: keepPreviousData,
    }),
  categories: (companyId: number) =>
    queryOptions({ queryKey: templateKeys.categories(companyId), queryFn: fetchCategories }),
  grants: (companyId: number, classifyId: string, current: number, size: number) =>
    queryOptions({
      queryKey: [...templateKeys.grants(companyId, classifyId), current, size] as const,
      queryFn: () => fetchCategoryGrants(classifyId, current, size),
      placeholderData: keepPreviousData,
    }),
  grantable: (companyId: number, classifyId: string, keyword: string) =>
    queryOptions({
      queryKey: templateKeys.grantable(companyId, classifyId, keyword),
      queryFn: () => fetchGrantableMembers(classifyId, keyword),
      placeholderData: keepPreviousData,
    }),
};

/**
 * A change to templates, categories or rights. Whether it worked or not, the console's list,
 * categories and grants are read again: a refused enable stores the problems found, a refused
 * delete may have raced another member's change.
 */
export function useTemplateMutation<Variables, Result>(
  companyId: number,
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: templateKeys.all(companyId) }),
  });
}
