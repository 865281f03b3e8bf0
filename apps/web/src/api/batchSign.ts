/**
 * Batch signing (issue 30; spec 000 §2 "list batch signing", §7 contract/createBatchSign and
 * getBatchSignInfo): a batch is started once and then read again every BATCH_SIGN_POLL_MS until
 * it has finished. Both calls are quiet: the dialog and the progress say in place what failed.
 */
import {
  BATCH_SIGN_POLL_MS,
  PATHS,
  type BatchSignCreateBody,
  type BatchSignInfo,
} from '@esign/platform';
import { queryOptions } from '@tanstack/react-query';
import { call } from './client';

/** Starts a batch; the server answers it at once (running) and signs in a job of its own. */
export const createBatchSign = (body: BatchSignCreateBody) =>
  call<BatchSignInfo>({
    method: 'POST',
    url: PATHS.contractCreateBatchSign,
    data: { ...body, ids: body.ids.map(Number) },
    quiet: true,
  });

export const fetchBatchSignInfo = (id: string) =>
  call<BatchSignInfo>({ url: PATHS.contractBatchSignInfo, params: { id }, quiet: true });

/** Asked again while the batch runs; never once it has finished (nothing changes any more). */
export function batchPollInterval(info: BatchSignInfo | undefined): number | false {
  return info?.status === 'finished' ? false : BATCH_SIGN_POLL_MS;
}

export const batchSignKeys = {
  info: (companyId: number, id: string) => ['batch-sign', companyId, id] as const,
};

export const batchSignQueries = {
  /** How the batch stands, polled until it has finished. */
  info: (companyId: number, id: string) =>
    queryOptions({
      queryKey: batchSignKeys.info(companyId, id),
      queryFn: () => fetchBatchSignInfo(id),
      enabled: id !== '',
      refetchInterval: (query) => batchPollInterval(query.state.data),
      // Away from the page the batch goes on on the server; coming back shows where it is.
      refetchIntervalInBackground: false,
      refetchOnWindowFocus: true,
      retry: 1,
    }),
};
