/**
 * The calls of initiating a contract (spec 000 §7, sicpay-contract): the participants' and copy
 * recipients' checks (base/validateParticipants, base/validateReceivers), the contract document's
 * PDF to place fields on (document/pdf, with the session), contract/create, and contract/detail for
 * the confirmation. Every call here is quiet: the screens say in place what failed.
 */
import {
  PATHS,
  type ContractCreateBody,
  type ContractCreated,
  type ContractDetail,
  type ContractPartyInput,
  type ContractReceiverInput,
  type ValidatedParty,
  type ValidatedReceiver,
} from '@esign/platform';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, send } from './client';
import { contractKeys } from './contracts';

export const validateParticipants = (participants: ContractPartyInput[]) =>
  call<ValidatedParty[]>({
    method: 'POST',
    url: PATHS.contractValidateParticipants,
    data: { participants },
    quiet: true,
  });

export const validateReceivers = (receivers: ContractReceiverInput[]) =>
  call<ValidatedReceiver[]>({
    method: 'POST',
    url: PATHS.contractValidateReceivers,
    data: { receivers },
    quiet: true,
  });

export const createContract = (body: ContractCreateBody) =>
  call<ContractCreated>({
    method: 'POST',
    url: PATHS.contractCreate,
    data: body,
    // The project of a long document is large; the server takes its time to check it.
    timeout: 0,
    quiet: true,
  });

export const fetchContractDetail = (id: string) =>
  call<ContractDetail>({ url: PATHS.contractDetail, params: { id }, quiet: true });

/**
 * The bytes of a ready document's PDF. Its link needs the session's headers, which pdf.js's own
 * download would not send: the request module fetches it and the editor gets the bytes.
 */
export async function fetchDocumentPdf(id: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  return send<ArrayBuffer>({
    url: PATHS.documentPdf,
    params: { id },
    responseType: 'arraybuffer',
    timeout: 0,
    signal,
    quiet: true,
  });
}

export const contractLaunchKeys = {
  detail: (companyId: number, id: string) => ['contracts', companyId, 'detail', id] as const,
  documentPdf: (companyId: number, id: string) => ['documents', companyId, id, 'pdf'] as const,
};

export const contractLaunchQueries = {
  detail: (companyId: number, id: string) =>
    queryOptions({
      queryKey: contractLaunchKeys.detail(companyId, id),
      queryFn: () => fetchContractDetail(id),
      enabled: id !== '',
      retry: false,
    }),
  /** Read once per document: its PDF never changes. */
  documentPdf: (companyId: number, id: string) =>
    queryOptions({
      queryKey: contractLaunchKeys.documentPdf(companyId, id),
      queryFn: ({ signal }) => fetchDocumentPdf(id, signal),
      staleTime: Infinity,
      gcTime: 60_000,
      retry: 1,
    }),
};

/** contract/create; the console's contract lists and counts are read again when next shown. */
export function useCreateContract(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createContract,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: contractKeys.all(companyId), refetchType: 'none' }),
        client.invalidateQueries({ queryKey: ['contract-statistics', companyId] }),
      ]),
  });
}
