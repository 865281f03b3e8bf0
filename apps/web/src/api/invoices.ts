/**
 * Invoices (spec 001 §7 sicpay-account busi-invoice; packages/platform/src/invoices.ts): asking for
 * one, the console's requests, its orders with something left to invoice, and — where the server
 * serves it (development) — a tester's issue / reject / mail. Every answer is the session's
 * console's, so every key carries the console; a change reads the console's invoices again.
 */
import {
  PATHS,
  type InvoiceApplyBody,
  type InvoiceEvent,
  type InvoiceRequest,
  type InvoiceRequestPage,
  type InvoiceStatus,
  type InvoiceableOrder,
  type Page,
} from '@esign/platform';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

/** What busi-invoice/qry-list is asked (the list's filter and page). */
export interface InvoicePageParams {
  current: number;
  size: number;
  status?: InvoiceStatus;
}

/** The invoiceable orders the form offers at once (the server's largest page). */
export const INVOICEABLE_PAGE_SIZE = 100;

export const fetchInvoicePage = (params: InvoicePageParams) =>
  call<InvoiceRequestPage>({ method: 'POST', url: PATHS.invoiceList, data: params });

export const fetchInvoiceable = () =>
  call<Page<InvoiceableOrder>>({
    method: 'POST',
    url: PATHS.invoiceable,
    data: { current: 1, size: INVOICEABLE_PAGE_SIZE },
  });

/** Quiet: the form shows a refusal beside itself (at the field it names). */
export const applyForInvoice = (body: InvoiceApplyBody) =>
  call<InvoiceRequest>({ method: 'POST', url: PATHS.invoiceApply, data: body, quiet: true });

/** Development only: a tester moves a request as an operator would. */
export const advanceInvoice = (id: string, event: InvoiceEvent) =>
  call<InvoiceRequest>({ method: 'POST', url: PATHS.devInvoiceAdvance, data: { id, event } });

/** The keys of this area's server state, each under the console it was read in. */
export const invoiceKeys = {
  all: (companyId: number) => ['invoices', companyId] as const,
  page: (companyId: number, params: InvoicePageParams) =>
    ['invoices', companyId, 'page', params] as const,
  invoiceable: (companyId: number) => ['invoices', companyId, 'invoiceable'] as const,
};

export const invoiceQueries = {
  page: (companyId: number, params: InvoicePageParams) =>
    queryOptions({
      queryKey: invoiceKeys.page(companyId, params),
      queryFn: () => fetchInvoicePage(params),
      placeholderData: keepPreviousData,
    }),
  invoiceable: (companyId: number) =>
    queryOptions({
      queryKey: invoiceKeys.invoiceable(companyId),
      queryFn: fetchInvoiceable,
    }),
};

/** A change to the console's invoices: its requests and invoiceable orders are read again. */
export function useInvoiceMutation<Variables, Result>(
  companyId: number,
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: invoiceKeys.all(companyId) }),
  });
}
