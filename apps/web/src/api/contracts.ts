/**
 * The contract list calls (spec 000 §7: contract/quickPage for the tabs of work, contract/myPage
 * for the console's own lists) and their TanStack Query keys.
 */
import { MY_TABS, PATHS, type ContractListPage, type ContractTab } from '@esign/platform';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from './client';

/** What a contract list is asked: its tab, paging, and the search criteria that are set. */
export interface ContractPageParams {
  tab: ContractTab;
  current: number;
  size: number;
  number?: string;
  name?: string;
  /** Signing started within [signFrom, signTo] (ISO 8601). */
  signFrom?: string;
  signTo?: string;
  initiator?: string;
  participant?: string;
  status?: string;
}

const isMyTab = (tab: ContractTab) => (MY_TABS as readonly string[]).includes(tab);

/** A page of one tab: my contracts and the rest of myPage's tabs, or one of quickPage's. */
export const fetchContractPage = (params: ContractPageParams) =>
  call<ContractListPage>({
    url: isMyTab(params.tab) ? PATHS.contractMyPage : PATHS.contractQuickPage,
    params,
  });

/**
 * The keys of this area's server state. Each starts with the console: switching company never
 * shows the previous console's contracts.
 */
export const contractKeys = {
  all: (companyId: number) => ['contracts', companyId] as const,
  list: (companyId: number, params: ContractPageParams) =>
    ['contracts', companyId, 'list', params] as const,
};

export const contractQueries = {
  list: (companyId: number, params: ContractPageParams) =>
    queryOptions({
      queryKey: contractKeys.list(companyId, params),
      queryFn: () => fetchContractPage(params),
      // Paging, tabs and searches keep the rows on screen until the next page is there.
      placeholderData: keepPreviousData,
    }),
};
