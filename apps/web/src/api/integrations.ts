/**
 * Application access (spec 001 §7 systemAccess, systemAccessCallback; packages/platform/src/
 * integrations.ts): the company's API access parties, their callbacks and deliveries. Every
 * answer is the session's company's, so every key carries it; a change reads the area again.
 */
import {
  PATHS,
  type AccessCallback,
  type AccessCallbackSaved,
  type AccessCompany,
  type AccessParty,
  type AccessPartyOption,
  type AccessPartySaveBody,
  type AccessPartySaved,
  type CallbackDelivery,
  type CallbackDeliveryStatus,
  type CallbackSaveBody,
  type OpenApiCall,
  type Page,
} from '@esign/platform';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

export interface AccessPageParams {
  current: number;
  size: number;
  name?: string;
}

export interface DeliveryPageParams {
  callbackId: string;
  current: number;
  size: number;
  status?: CallbackDeliveryStatus;
}

export const fetchAccessPage = (params: AccessPageParams) =>
  call<Page<AccessParty>>({ url: PATHS.accessPage, params });

export const fetchAccessCompanies = () => call<AccessCompany[]>({ url: PATHS.accessCompanyList });

export const fetchAccessOptions = () => call<AccessPartyOption[]>({ url: PATHS.accessList });

/** Quiet: the form shows a refusal beside itself (at the field it names). */
export const saveAccessParty = (body: AccessPartySaveBody) =>
  call<AccessPartySaved>({
    method: 'POST',
    url: PATHS.accessSaveOrUpdate,
    data: body,
    quiet: true,
  });

export const setAccessPartyEnabled = (id: string, enabled: boolean) =>
  call<AccessParty>({ method: 'POST', url: PATHS.accessUpdateStatus, data: { id, enabled } });

export const rotateAccessSecret = (id: string) =>
  call<AccessPartySaved>({ method: 'POST', url: PATHS.accessRotateSecret, data: { id } });

export const fetchCallback = (id: string) =>
  call<AccessCallback>({ url: PATHS.callbackDetail, params: { id } });

/** Quiet: the form shows a refusal beside itself (at the field it names). */
export const saveCallback = (body: CallbackSaveBody) =>
  call<AccessCallbackSaved>({
    method: 'POST',
    url: PATHS.callbackSaveOrUpdate,
    data: body,
    quiet: true,
  });

export const rotateCallbackSecret = (id: string) =>
  call<AccessCallbackSaved>({ method: 'POST', url: PATHS.callbackRotateSecret, data: { id } });

export const setCallbackEnabled = (id: string, enabled: boolean) =>
  call<AccessCallback>({ method: 'POST', url: PATHS.callbackUpdateStatus, data: { id, enabled } });

export const fetchDeliveries = ({ callbackId, ...params }: DeliveryPageParams) =>
  call<Page<CallbackDelivery>>({
    url: PATHS.callbackDeliveries,
    params: { callbackId, ...params },
  });

export const resendDelivery = (id: string) =>
  call<CallbackDelivery>({ method: 'POST', url: PATHS.callbackResend, data: { id } });

export const sendTestEvent = (callbackId: string) =>
  call<CallbackDelivery>({ method: 'POST', url: PATHS.callbackTest, data: { id: callbackId } });

export interface CallPageParams {
  id: string;
  failed: boolean;
  current: number;
  size: number;
}

/** The open API calls an access party made, newest first (systemAccess/calls). */
export const fetchApiCalls = ({ failed, ...params }: CallPageParams) =>
  call<Page<OpenApiCall>>({
    url: PATHS.openApiCalls,
    params: { ...params, ...(failed ? { failed: 'true' } : {}) },
  });

/** The keys of this area's server state, each under the company it was read in. */
export const integrationKeys = {
  all: (companyId: number) => ['integrations', companyId] as const,
  parties: (companyId: number, params: AccessPageParams) =>
    ['integrations', companyId, 'parties', params] as const,
  companies: (companyId: number) => ['integrations', companyId, 'companies'] as const,
  options: (companyId: number) => ['integrations', companyId, 'options'] as const,
  callback: (companyId: number, id: string) => ['integrations', companyId, 'callback', id] as const,
  deliveries: (companyId: number, params: DeliveryPageParams) =>
    ['integrations', companyId, 'deliveries', params] as const,
  calls: (companyId: number, params: CallPageParams) =>
    ['integrations', companyId, 'calls', params] as const,
};

/** While a delivery is pending its log is read again this often. */
const PENDING_REFRESH_MS = 2000;

export const integrationQueries = {
  parties: (companyId: number, params: AccessPageParams) =>
    queryOptions({
      queryKey: integrationKeys.parties(companyId, params),
      queryFn: () => fetchAccessPage(params),
      placeholderData: keepPreviousData,
    }),
  companies: (companyId: number) =>
    queryOptions({
      queryKey: integrationKeys.companies(companyId),
      queryFn: fetchAccessCompanies,
    }),
  options: (companyId: number) =>
    queryOptions({ queryKey: integrationKeys.options(companyId), queryFn: fetchAccessOptions }),
  callback: (companyId: number, id: string) =>
    queryOptions({
      queryKey: integrationKeys.callback(companyId, id),
      queryFn: () => fetchCallback(id),
    }),
  deliveries: (companyId: number, params: DeliveryPageParams) =>
    queryOptions({
      queryKey: integrationKeys.deliveries(companyId, params),
      queryFn: () => fetchDeliveries(params),
      placeholderData: keepPreviousData,
      // Attempts happen on the server meanwhile: a pending delivery's log follows them.
      refetchInterval: (query) =>
        query.state.data?.records.some((delivery) => delivery.status === 'pending')
          ? PENDING_REFRESH_MS
          : false,
    }),
  calls: (companyId: number, params: CallPageParams) =>
    queryOptions({
      queryKey: integrationKeys.calls(companyId, params),
      queryFn: () => fetchApiCalls(params),
      placeholderData: keepPreviousData,
    }),
};

/** A change to the company's application access: its lists are read again. */
export function useIntegrationMutation<Variables, Result>(
  companyId: number,
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: integrationKeys.all(companyId) }),
  });
}
