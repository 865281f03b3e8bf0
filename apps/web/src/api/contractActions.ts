/**
 * A contract's calls after it is sent (spec 000 §7, sicpay-contract; issue 11): its detail, filling
 * in (contract/write), the seals to sign with, the SMS code and the face check that confirm a
 * signature, signing, refusing, urging, withdrawing, removing, the lock a party holds while it
 * works, the PDF's links, its signatures and its audit trail. Every call here is quiet: the screens
 * say in place what failed.
 */
import {
  CODES,
  PATHS,
  contractInOtherConsoleSchema,
  message,
  type AuthCodeSent,
  type AuthPurpose,
  type ContractActed,
  type ContractAttestation,
  type ContractDetail,
  type ContractDraftSaved,
  type ContractInOtherConsole,
  type ContractLock,
  type ContractPdfLink,
  type ContractRescindBody,
  type ContractRescission,
  type ContractRejectBody,
  type ContractRevokeBody,
  type ContractSeal,
  type ContractSignBody,
  type ContractSignatures,
  type ContractUrged,
  type ContractWriteBody,
  type ContractSaveDraftBody,
  type FaceCheckResult,
  type FaceCheckStarted,
  type SignTicket,
  type TemplateParty,
} from '@esign/platform';
// Types only: the editor's code stays in the chunks of the screens that show it.
import type { TemplateProject } from '@esign/template-editor';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../session';
import { call } from './client';
import { contractKeys } from './contracts';
import { RequestError } from './request';

export type EditorContractDetail = ContractDetail<TemplateProject>;

// ---- Calls ----

export const fetchContractDetail = (id: string) =>
  call<EditorContractDetail>({ url: PATHS.contractDetail, params: { id }, quiet: true });

const post = <T>(url: string, data: unknown) => call<T>({ method: 'POST', url, data, quiet: true });

export const writeContract = (body: ContractWriteBody) =>
  post<ContractActed>(PATHS.contractWrite, body);

/** What the party filled in so far, kept as it goes (contract/saveDraft). */
export const saveFillDraft = (body: ContractSaveDraftBody) =>
  post<ContractDraftSaved>(PATHS.contractSaveDraft, body);

export const fetchContractSeals = (id: string, party?: TemplateParty) =>
  call<ContractSeal[]>({
    url: PATHS.contractSeals,
    params: party ? { id, party } : { id },
    quiet: true,
  });

/** An SMS code to the session's own phone, confirming a signature or an agreement to rescind. */
export const sendSignCode = (id: string, purpose: AuthPurpose = 'sign') =>
  call<AuthCodeSent>({ url: PATHS.contractSendAuthCode, params: { id, purpose }, quiet: true });

export const validateSignCode = (id: string, code: string, purpose: AuthPurpose = 'sign') =>
  post<SignTicket>(PATHS.contractValidateAuthCode, { id, purpose, code });

export const startFaceCheck = (id: string) =>
  call<FaceCheckStarted>({ url: PATHS.contractFaceUrl, params: { id }, quiet: true });

export const fetchFaceResult = (id: string, faceToken: string) =>
  call<FaceCheckResult>({
    url: PATHS.contractFaceResult,
    params: { id, faceToken },
    quiet: true,
  });

export const signContract = (body: ContractSignBody) =>
  post<ContractActed>(PATHS.contractSign, body);

export const rejectContract = (body: ContractRejectBody) =>
  post<ContractActed>(PATHS.contractReject, body);

export const urgeContract = (id: string) => post<ContractUrged>(PATHS.contractUrge, { id });

export const revokeContract = (body: ContractRevokeBody) =>
  post<ContractActed>(PATHS.contractRevoke, body);

export const removeContract = (id: string) => post<ContractActed>(PATHS.contractRemove, { id });

/** Where the rescission of a completed contract stands (contract/unsubscribe). */
export const fetchRescission = (id: string) =>
  call<ContractRescission>({ url: PATHS.contractRescission, params: { id }, quiet: true });

/** The session's party agrees to rescind (the first asks, with a reason): contract/signUnsubscribe. */
export const rescindContract = (body: ContractRescindBody) =>
  post<ContractActed>(PATHS.contractRescind, body);

/** Takes (or renews) the session's lock on its party of the contract, or releases it. */
export const lockContract = (id: string, lock: boolean, party?: TemplateParty) =>
  post<ContractLock>(PATHS.contractLock, party ? { id, party, lock } : { id, lock });

export const fetchDownloadTicket = (id: string) =>
  call<ContractPdfLink>({ url: PATHS.contractDownloadTicket, params: { id }, quiet: true });

export const fetchContractSignatures = (id: string) =>
  call<ContractSignatures>({
    url: PATHS.contractSignatures,
    params: { id },
    quiet: true,
    // pdfsig checks every signature of the file: a long contract takes its time.
    timeout: 0,
  });

export const fetchContractAttestation = (id: string) =>
  call<ContractAttestation>({ url: PATHS.contractAttestation, params: { id }, quiet: true });

// ---- What a refusal says ----

/**
 * Whether a call was refused because the contract is not there for the session: not found (404)
 * or not the session's to see (403) — a stranger learns nothing more.
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof RequestError && (error.status === 404 || error.status === 403);
}

/**
 * The console a contract call's 403 `contractInOtherConsole` names — where the session's user may
 * open the contract — or null for any other failure.
 */
export function otherConsoleOf(error: unknown): ContractInOtherConsole | null {
  if (!(error instanceof RequestError) || error.status !== 403) return null;
  const body = error.body as { code?: unknown; data?: unknown } | null;
  if (body?.code !== CODES.contractInOtherConsole) return null;
  const data = contractInOtherConsoleSchema.safeParse(body.data);
  return data.success ? data.data : null;
}

/** When urging is allowed again, from urge's 429 'urgeTooSoon' (its `data.nextUrgeAt`). */
export function nextUrgeOf(error: unknown): string | null {
  if (!(error instanceof RequestError)) return null;
  const data = (error.body as { data?: { nextUrgeAt?: unknown } } | null)?.data;
  return typeof data?.nextUrgeAt === 'string' ? data.nextUrgeAt : null;
}

/** Whether a refusal is the server's 'someone else of your party is working on this contract'. */
export function isLockedByOther(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (['en', 'zh'] as const).some(
    (locale) => error.message === message('contractLockedByOther', locale),
  );
}

// ---- Server state ----

/**
 * Keys under the list's `['contracts', console]`: an action here marks the lists stale, and a
 * change there marks an open contract stale.
 */
export const contractActionKeys = {
  detail: (companyId: number, id: string) => ['contracts', companyId, 'detail', id] as const,
  seals: (companyId: number, id: string, party: string) =>
    ['contracts', companyId, 'detail', id, 'seals', party] as const,
  signatures: (companyId: number, id: string) =>
    ['contracts', companyId, 'detail', id, 'signatures'] as const,
  attestation: (companyId: number, id: string) =>
    ['contracts', companyId, 'detail', id, 'attestation'] as const,
  rescission: (companyId: number, id: string) =>
    ['contracts', companyId, 'detail', id, 'rescission'] as const,
};

export const contractActionQueries = {
  /** Read afresh on every visit: the PDF link lasts minutes, and others act meanwhile. */
  detail: (companyId: number, id: string) =>
    queryOptions({
      queryKey: contractActionKeys.detail(companyId, id),
      queryFn: () => fetchContractDetail(id),
      staleTime: 0,
      refetchOnMount: 'always',
      refetchOnWindowFocus: false,
      retry: (count, error) => !isNotFound(error) && count < 1,
      enabled: id !== '',
    }),
  seals: (companyId: number, id: string, party: TemplateParty | undefined) =>
    queryOptions({
      queryKey: contractActionKeys.seals(companyId, id, party ?? ''),
      queryFn: () => fetchContractSeals(id, party),
      enabled: id !== '',
      retry: false,
    }),
  signatures: (companyId: number, id: string) =>
    queryOptions({
      queryKey: contractActionKeys.signatures(companyId, id),
      queryFn: () => fetchContractSignatures(id),
      refetchOnMount: 'always',
      retry: (count, error) => !isNotFound(error) && count < 1,
      enabled: id !== '',
    }),
  attestation: (companyId: number, id: string) =>
    queryOptions({
      queryKey: contractActionKeys.attestation(companyId, id),
      queryFn: () => fetchContractAttestation(id),
      refetchOnMount: 'always',
      retry: (count, error) => !isNotFound(error) && count < 1,
      enabled: id !== '',
    }),
};

/** The contract of the console now, read afresh on every visit. */
export function useContractDetail(id: string) {
  const companyId = useSession((state) => state.companyId);
  return useQuery(contractActionQueries.detail(companyId, id));
}

/**
 * A contract action's mutation: afterwards the contract, the console's lists and the home
 * screen's counts are read again (the lists when next shown).
 */
export function useContractAction<Variables, Result>(
  action: (variables: Variables) => Promise<Result>,
) {
  const client = useQueryClient();
  const companyId = useSession((state) => state.companyId);
  return useMutation({
    mutationFn: action,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: contractKeys.all(companyId), refetchType: 'none' }),
        client.invalidateQueries({ queryKey: ['contract-statistics', companyId] }),
      ]),
  });
}
