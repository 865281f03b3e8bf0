/**
 * The counterpart book (spec 000 §7 sicpay-opposite/busi-opposite; packages/platform/src/
 * counterparts.ts): search, detail, the contracts signed with one, add, edit, remove, blacklist and
 * restore, the import (preview, then commit) and the two spreadsheets the server answers (the
 * import template and the export), their TanStack Query keys and the mutations, which read the
 * console's book again after any change (whether it worked or not: a refusal may come from a
 * colleague's change).
 */
import {
  PATHS,
  isEnvelope,
  type Counterpart,
  type CounterpartContract,
  type CounterpartImportReport,
  type CounterpartInput,
  type CounterpartPage,
  type CounterpartKind,
  type CounterpartStatus,
  type Page,
} from '@esign/platform';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios';
import { call, send } from './client';
import { RequestError } from './request';

/** What busi-opposite/search is asked (the list's filters and page). */
export interface CounterpartPageParams {
  kind: CounterpartKind;
  current: number;
  size: number;
  keyword?: string;
  status?: CounterpartStatus;
}

export const fetchCounterpartPage = (params: CounterpartPageParams, quiet = false) =>
  call<CounterpartPage>({ method: 'POST', url: PATHS.counterpartSearch, data: params, quiet });

export const fetchCounterpart = (id: string) =>
  call<Counterpart>({ url: PATHS.counterpartDetail, params: { id }, quiet: true });

export const fetchCounterpartContracts = (id: string, current: number, size: number) =>
  call<Page<CounterpartContract>>({
    url: PATHS.counterpartContracts,
    params: { id, current, size },
  });

export const saveCounterpart = (input: CounterpartInput) =>
  call<Counterpart>({ method: 'POST', url: PATHS.counterpartSave, data: input, quiet: true });

export const updateCounterpart = (input: CounterpartInput & { id: string }) =>
  call<Counterpart>({ method: 'POST', url: PATHS.counterpartUpdate, data: input, quiet: true });

export const removeCounterparts = (ids: readonly string[]) =>
  call<{ removed: number }>({
    method: 'POST',
    url: PATHS.counterpartRemove,
    data: { ids: [...ids] },
  });

/** To the blacklist with a reason, or back to normal. */
export type CounterpartStatusChange =
  | { ids: readonly string[]; status: 'blacklist'; reason: string }
  | { ids: readonly string[]; status: 'normal' };

export const setCounterpartStatus = (change: CounterpartStatusChange) =>
  call<{ updated: number }>({
    method: 'POST',
    url: PATHS.counterpartSetStatus,
    data: { ...change, ids: [...change.ids] },
    quiet: change.status === 'blacklist',
  });

/**
 * The import: a preview (`commit` false) reports every row and why each refused one is refused;
 * a commit writes the accepted rows (all or none). The fields go before the file, as the server
 * reads them. Quiet: the dialog shows a refused file (too large, not a spreadsheet) in place.
 */
export function importCounterparts(kind: CounterpartKind, file: File, commit: boolean) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('commit', commit ? '1' : '0');
  form.append('file', file, file.name);
  return call<CounterpartImportReport>({
    method: 'POST',
    url: PATHS.counterpartImport,
    data: form,
    timeout: 0,
    quiet: true,
  });
}

/** A file the server answered: its bytes and the name it offers (Content-Disposition). */
export interface AnsweredFile {
  blob: Blob;
  name: string;
}

/** The file name of a Content-Disposition header: its UTF-8 form first, then the plain one. */
export function dispositionName(header: string, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed encoding: the plain name follows.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] || fallback;
}

/** The text of a refused file download: the envelope the server put in the blob, if any. */
async function refusedDownload(error: unknown): Promise<never> {
  if (error instanceof RequestError && error.body instanceof Blob) {
    const text = await error.body.text().catch(() => '');
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // Not an envelope: the request module's text stands.
    }
    if (isEnvelope(body) && body.msg) throw new RequestError(body.msg, error.status, body);
  }
  throw error;
}

/**
 * A spreadsheet the server answers to an authenticated call (the request module adds the session's
 * headers, which a plain link would not send), as a blob with the name the server gives it; a
 * refused one rejects with the envelope's text. The fee center's exports use it too (POST).
 */
export async function fetchFile(
  config: AxiosRequestConfig,
  fallbackName: string,
  onProgress?: (loaded: number) => void,
): Promise<AnsweredFile> {
  let disposition = '';
  const blob = await send<Blob>({
    ...config,
    responseType: 'blob',
    timeout: 0,
    quiet: true,
    onDownloadProgress: onProgress
      ? (event: AxiosProgressEvent) => onProgress(event.loaded)
      : undefined,
    transformResponse: [
      (data: unknown, headers) => {
        disposition = String(headers?.['content-disposition'] ?? '');
        return data;
      },
    ],
  }).catch(refusedDownload);
  return { blob, name: dispositionName(disposition, fallbackName) };
}

export const fetchImportTemplate = (kind: CounterpartKind) =>
  fetchFile(
    { url: PATHS.counterpartImportTemplate, params: { kind } },
    `counterparts-${kind}-template.xlsx`,
  );

/** The book as the list filters it (kind, keyword, status), streamed: `onProgress` gets bytes. */
export const fetchCounterpartExport = (
  filters: Omit<CounterpartPageParams, 'current' | 'size'>,
  onProgress?: (loaded: number) => void,
) =>
  fetchFile(
    { url: PATHS.counterpartExport, params: filters },
    `counterparts-${filters.kind}.xlsx`,
    onProgress,
  );

/** Saves a file the browser holds under its name (the browser's own download). */
export function saveFile({ blob, name }: AnsweredFile): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The browser has taken the file once the click's task ran.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The keys of this area's server state, each under the console it was read in. */
export const counterpartKeys = {
  all: (companyId: number) => ['counterparts', companyId] as const,
  page: (companyId: number, params: CounterpartPageParams) =>
    ['counterparts', companyId, 'page', params] as const,
  detail: (companyId: number, id: string) => ['counterparts', companyId, 'detail', id] as const,
  contracts: (companyId: number, id: string, current: number, size: number) =>
    ['counterparts', companyId, 'contracts', id, current, size] as const,
  pick: (companyId: number, kind: CounterpartKind, keyword: string) =>
    ['counterparts', companyId, 'pick', kind, keyword] as const,
};

/** How many counterparts the picker offers for what was typed. */
export const PICKER_SIZE = 8;

export const counterpartQueries = {
  page: (companyId: number, params: CounterpartPageParams) =>
    queryOptions({
      queryKey: counterpartKeys.page(companyId, params),
      queryFn: () => fetchCounterpartPage(params),
      placeholderData: keepPreviousData,
    }),
  detail: (companyId: number, id: string) =>
    queryOptions({
      queryKey: counterpartKeys.detail(companyId, id),
      queryFn: () => fetchCounterpart(id),
      enabled: id !== '',
      retry: false,
    }),
  contracts: (companyId: number, id: string, current: number, size: number) =>
    queryOptions({
      queryKey: counterpartKeys.contracts(companyId, id, current, size),
      queryFn: () => fetchCounterpartContracts(id, current, size),
      enabled: id !== '',
      placeholderData: keepPreviousData,
    }),
  /**
   * The picker's offer for what was typed (quiet: a failed search leaves the party's fields to be
   * typed as before); kept a minute, so that going back and forth does not ask again.
   */
  pick: (companyId: number, kind: CounterpartKind, keyword: string) =>
    queryOptions({
      queryKey: counterpartKeys.pick(companyId, kind, keyword),
      queryFn: () =>
        fetchCounterpartPage({ kind, keyword, current: 1, size: PICKER_SIZE }, true).then(
          (page) => page.records,
        ),
      staleTime: 60_000,
      retry: false,
    }),
};

/** A change to the book: the console's counterparts are read again afterwards. */
export function useCounterpartMutation<Variables, Result>(
  companyId: number,
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: counterpartKeys.all(companyId) }),
  });
}
