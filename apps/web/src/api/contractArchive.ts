/**
 * The contract archive's calls (issue 30: contractclassify, contractclassifyrefarchive,
 * contractClassifyAuth) and their TanStack Query keys.
 */
import {
  PATHS,
  type ArchiveCategory,
  type ArchiveCategorySaved,
  type ArchivePage,
  type CategoryGrant,
  type CategoryRight,
  type Page,
  type StaffMember,
} from '@esign/platform';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, send } from './client';

/** What the archive list is asked: paging, where, and the search criteria that are set. */
export interface ArchivePageParams {
  current: number;
  size: number;
  scope: 'all' | 'unfiled';
  classifyId?: string;
  name?: string;
  participant?: string;
  number?: string;
  signFrom?: string;
  signTo?: string;
}

/** Every category the member sees (the server's pages of 100, read to the end). */
export async function fetchArchiveCategories(): Promise<ArchiveCategory[]> {
  const categories: ArchiveCategory[] = [];
  for (let current = 1; ; current += 1) {
    const page = await call<Page<ArchiveCategory>>({
      url: PATHS.archiveCategoryPage,
      params: { current, size: 100 },
    });
    categories.push(...page.records);
    if (categories.length >= page.total || page.records.length === 0) return categories;
  }
}

export const fetchArchivePage = (params: ArchivePageParams) =>
  call<ArchivePage & { totalCapped?: boolean }>({ url: PATHS.archivePage, params });

export const saveArchiveCategory = (name: string) =>
  call<ArchiveCategorySaved>({ method: 'POST', url: PATHS.archiveCategorySave, data: { name } });
export const renameArchiveCategory = (id: string, name: string) =>
  call<ArchiveCategorySaved>({
    method: 'POST',
    url: PATHS.archiveCategoryRename,
    data: { id, name },
  });
export const removeArchiveCategory = (id: string) =>
  call<null>({ method: 'POST', url: PATHS.archiveCategoryRemove, data: { id } });

/** Files contracts in a category, moving them from theirs. */
export const fileContracts = ({
  classifyId,
  contractIds,
}: {
  classifyId: string;
  contractIds: readonly string[];
}) => call<null>({ method: 'POST', url: PATHS.archiveFile, data: { classifyId, contractIds } });
/** Takes contracts out of their category. */
export const unfileContracts = (contractIds: readonly string[]) =>
  call<null>({ method: 'POST', url: PATHS.archiveUnfile, data: { contractIds } });

export const fetchArchiveGrants = (classifyId: string, current: number, size: number) =>
  call<Page<CategoryGrant>>({ url: PATHS.archiveGrants, params: { classifyId, current, size } });
export const fetchArchiveGrantable = (classifyId: string, keyword: string) =>
  call<StaffMember[]>({
    url: PATHS.archiveGrantableMembers,
    params: { classifyId, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) },
  });
export const setArchiveGrants = (
  grants: readonly { classifyId: string; userId: string; right: CategoryRight | 'none' }[],
) => call<null>({ method: 'POST', url: PATHS.archiveGrant, data: { grants } });

/**
 * Saves a completed contract's evidence (its signed PDF and audit trail, one ZIP the server
 * streams) under the name the server gives it.
 */
export async function downloadEvidence(id: string, fallbackName: string): Promise<void> {
  const blob = await send<Blob>({
    url: PATHS.archiveEvidence,
    params: { id },
    responseType: 'blob',
  });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fallbackName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The keys of the archive's server state, each under the console. */
export const archiveKeys = {
  all: (companyId: number) => ['contractArchive', companyId] as const,
  categories: (companyId: number) => ['contractArchive', companyId, 'categories'] as const,
  list: (companyId: number, params: ArchivePageParams) =>
    ['contractArchive', companyId, 'list', params] as const,
  grants: (companyId: number, classifyId: string) =>
    ['contractArchive', companyId, 'grants', classifyId] as const,
  grantable: (companyId: number, classifyId: string, keyword: string) =>
    ['contractArchive', companyId, 'grantable', classifyId, keyword] as const,
};

export const archiveQueries = {
  categories: (companyId: number) =>
    queryOptions({
      queryKey: archiveKeys.categories(companyId),
      queryFn: fetchArchiveCategories,
    }),
  list: (companyId: number, params: ArchivePageParams) =>
    queryOptions({
      queryKey: archiveKeys.list(companyId, params),
      queryFn: () => fetchArchivePage(params),
      placeholderData: keepPreviousData,
    }),
  grants: (companyId: number, classifyId: string, current: number, size: number) =>
    queryOptions({
      queryKey: [...archiveKeys.grants(companyId, classifyId), current, size] as const,
      queryFn: () => fetchArchiveGrants(classifyId, current, size),
      placeholderData: keepPreviousData,
    }),
  grantable: (companyId: number, classifyId: string, keyword: string) =>
    queryOptions({
      queryKey: archiveKeys.grantable(companyId, classifyId, keyword),
      queryFn: () => fetchArchiveGrantable(classifyId, keyword),
      placeholderData: keepPreviousData,
    }),
};

/** A change to the archive: its lists, categories and grants are read again either way. */
export function useArchiveMutation<Variables, Result>(
  companyId: number,
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: archiveKeys.all(companyId) }),
  });
}
