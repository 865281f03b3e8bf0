/**
 * The affiliated company calls (spec 001 §7 Sub-companies: page, send-msg, sub-company,
 * set-status, and tabs for the top bar), their TanStack Query keys and the mutations.
 */
import {
  PATHS,
  type Page,
  type SubCompany,
  type SubCompanyCodeSent,
  type SubCompanyTab,
} from '@esign/platform';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

export const fetchSubCompanyPage = (current: number, size: number) =>
  call<Page<SubCompany>>({ url: PATHS.subCompanyPage, params: { current, size } });

export const fetchSubCompanyTabs = () => call<SubCompanyTab[]>({ url: PATHS.subCompanyTabs });

/** Sends the code to the named company's system administrator. */
export const sendSubCompanyCode = (companyName: string) =>
  call<SubCompanyCodeSent>({
    method: 'POST',
    url: PATHS.subCompanySendMsg,
    data: { companyName },
  });

export const linkSubCompany = (companyName: string, code: string) =>
  call<SubCompany>({ method: 'POST', url: PATHS.subCompanyLink, data: { companyName, code } });

export const setLaunchAuth = (id: string, launchAuth: boolean) =>
  call<SubCompany>({ method: 'POST', url: PATHS.subCompanySetStatus, data: { id, launchAuth } });

export const subCompanyKeys = {
  all: (companyId: number) => ['sub-companies', companyId] as const,
  page: (companyId: number, current: number, size: number) =>
    ['sub-companies', companyId, 'page', current, size] as const,
  tabs: (companyId: number) => ['sub-companies', companyId, 'tabs'] as const,
};

export const subCompanyQueries = {
  page: (companyId: number, current: number, size: number) =>
    queryOptions({
      queryKey: subCompanyKeys.page(companyId, current, size),
      queryFn: () => fetchSubCompanyPage(current, size),
      placeholderData: keepPreviousData,
    }),
  tabs: (companyId: number) =>
    queryOptions({ queryKey: subCompanyKeys.tabs(companyId), queryFn: fetchSubCompanyTabs }),
};

export function useLinkSubCompany(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ companyName, code }: { companyName: string; code: string }) =>
      linkSubCompany(companyName, code),
    onSettled: () => client.invalidateQueries({ queryKey: subCompanyKeys.all(companyId) }),
  });
}

export function useSetLaunchAuth(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, launchAuth }: { id: string; launchAuth: boolean }) =>
      setLaunchAuth(id, launchAuth),
    onSettled: () => client.invalidateQueries({ queryKey: subCompanyKeys.all(companyId) }),
  });
}
