/**
 * The company's seals (spec 001 §3 Seal, §5 Seal; packages/platform/src/seals.ts): the list, one
 * seal with its authorisations, the template's preview, making, changing, approving and removing
 * seals and authorising staff; their TanStack Query keys and the mutations, which read the
 * console's seals again after any change (whether it worked or not: a refusal may come from
 * another member's change).
 */
import {
  PATHS,
  type CompanySeal,
  type CompanySealCreateBody,
  type CompanySealDetail,
  type CompanySealPreviewBody,
  type CompanySealStatusBody,
  type CompanySealUpdateBody,
  type Page,
  type SealAuthorization,
  type SealAuthorizeBody,
  type SealReauthorizeBody,
  type SealRemoved,
  type SealStatus,
  type CompanySealType,
} from '@esign/platform';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, send } from './client';

/** What seal/page is asked: paging, and the filters that are set. */
export interface CompanySealPageParams {
  current: number;
  size: number;
  name?: string;
  status?: SealStatus;
  type?: CompanySealType;
}

export const fetchCompanySealPage = (params: CompanySealPageParams) =>
  call<Page<CompanySeal>>({ url: PATHS.companySealPage, params });

export const fetchCompanySealDetail = (id: string) =>
  call<CompanySealDetail>({ url: PATHS.companySealDetail, params: { id } });

/**
 * The PNG the template would draw from these fields, for the form's preview. Quiet: a preview
 * that cannot be drawn yet (a text too long) leaves the last one in place rather than a toast.
 */
export const fetchCompanySealPreview = (body: CompanySealPreviewBody, signal?: AbortSignal) =>
  send<Blob>({
    method: 'POST',
    url: PATHS.companySealPreview,
    data: body,
    responseType: 'blob',
    signal,
    quiet: true,
  });

export const createCompanySeal = (body: CompanySealCreateBody) =>
  call<CompanySeal>({ method: 'POST', url: PATHS.companySealCreate, data: body });

export const updateCompanySeal = (body: CompanySealUpdateBody) =>
  call<CompanySeal>({ method: 'POST', url: PATHS.companySealUpdate, data: body });

export const changeCompanySealStatus = (body: CompanySealStatusBody) =>
  call<CompanySeal>({ method: 'POST', url: PATHS.companySealStatus, data: body });

export const removeCompanySeal = (id: string) =>
  call<SealRemoved>({ method: 'POST', url: PATHS.companySealRemove, data: { id } });

export const authorizeCompanySeal = (body: SealAuthorizeBody) =>
  call<SealAuthorization[]>({ method: 'POST', url: PATHS.companySealAuthorize, data: body });

export const reauthorizeCompanySeal = (body: SealReauthorizeBody) =>
  call<SealAuthorization>({ method: 'POST', url: PATHS.companySealReauthorize, data: body });

export const revokeSealAuthorization = (id: string) =>
  call<null>({ method: 'POST', url: PATHS.companySealRevoke, data: { id } });

/** The keys of this area's server state, each under the console it was read in. */
export const companySealKeys = {
  all: (companyId: number) => ['company-seals', companyId] as const,
  list: (companyId: number, params: CompanySealPageParams) =>
    ['company-seals', companyId, 'list', params] as const,
  detail: (companyId: number, id: string) => ['company-seals', companyId, 'detail', id] as const,
};

export const companySealQueries = {
  list: (companyId: number, params: CompanySealPageParams) =>
    queryOptions({
      queryKey: companySealKeys.list(companyId, params),
      queryFn: () => fetchCompanySealPage(params),
      placeholderData: keepPreviousData,
    }),
  detail: (companyId: number, id: string) =>
    queryOptions({
      queryKey: companySealKeys.detail(companyId, id),
      queryFn: () => fetchCompanySealDetail(id),
    }),
};

/** A change to the company's seals: the console's list and details are read again afterwards. */
export function useCompanySealMutation<Variables, Result>(
  companyId: number,
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: companySealKeys.all(companyId) }),
  });
}
