/**
 * Signing approval (issue 30: contract/applySigning, signingApprove page, detail, approve, reject;
 * template/getWorkflow, setWorkflow), their TanStack Query keys and the mutations. A decision or an
 * application that worked reads the console's approvals and contracts again; a refused one leaves
 * the page as the person saw it, the refusal beside it, until they ask for the latest.
 */
import {
  PATHS,
  type ApplySigningBody,
  type ApprovalState,
  type ApprovalTab,
  type Page,
  type SigningApplied,
  type SigningApprovalDecided,
  type SigningApprovalDetail,
  type SigningApprovalListItem,
  type SigningApproveBody,
  type SigningRejectBody,
  type TemplateWorkflows,
  type TemplateWorkflowsBody,
} from '@esign/platform';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

/** What signingApprove/page is asked: one tab of /approval/index. */
export interface ApprovalPageParams {
  tab: ApprovalTab;
  current: number;
  size: number;
  name?: string;
  state?: ApprovalState;
}

export const fetchApprovalPage = (params: ApprovalPageParams) =>
  call<Page<SigningApprovalListItem>>({ url: PATHS.signingApprovePage, params });

export const fetchApproval = (id: string) =>
  call<SigningApprovalDetail>({ url: PATHS.signingApproveDetail, params: { id } });

/** The company's signer asks for the approval its signature needs (quiet: the page shows why not). */
export const applySigning = (body: ApplySigningBody) =>
  call<SigningApplied>({
    method: 'POST',
    url: PATHS.contractApplySigning,
    data: body,
    quiet: true,
  });

/** Approves at the caller's turn (quiet: a refusal stays at the decision form). */
export const approveApproval = (body: SigningApproveBody) =>
  call<SigningApprovalDecided>({
    method: 'POST',
    url: PATHS.signingApproveApprove,
    data: body,
    quiet: true,
  });

/** Rejects at the caller's turn, with the reason (quiet: a refusal stays in the dialog). */
export const rejectApproval = (body: SigningRejectBody) =>
  call<SigningApprovalDecided>({
    method: 'POST',
    url: PATHS.signingApproveReject,
    data: body,
    quiet: true,
  });

export const fetchTemplateWorkflows = (id: string) =>
  call<TemplateWorkflows>({ url: PATHS.templateWorkflows, params: { id } });

export const setTemplateWorkflows = (body: TemplateWorkflowsBody) =>
  call<TemplateWorkflows>({
    method: 'POST',
    url: PATHS.templateSetWorkflows,
    data: body,
    quiet: true,
  });

/** The keys of this area's server state, each under the console it was read in. */
export const approvalKeys = {
  all: (companyId: number) => ['signingApprovals', companyId] as const,
  page: (companyId: number, params: ApprovalPageParams) =>
    ['signingApprovals', companyId, 'page', params] as const,
  detail: (companyId: number, id: string) => ['signingApprovals', companyId, 'detail', id] as const,
  templateWorkflows: (companyId: number, templateId: string) =>
    ['templateWorkflows', companyId, templateId] as const,
};

export const approvalQueries = {
  page: (companyId: number, params: ApprovalPageParams) =>
    queryOptions({
      queryKey: approvalKeys.page(companyId, params),
      queryFn: () => fetchApprovalPage(params),
      placeholderData: keepPreviousData,
    }),
  detail: (companyId: number, id: string) =>
    queryOptions({
      queryKey: approvalKeys.detail(companyId, id),
      queryFn: () => fetchApproval(id),
      retry: false,
    }),
  templateWorkflows: (companyId: number, templateId: string) =>
    queryOptions({
      queryKey: approvalKeys.templateWorkflows(companyId, templateId),
      queryFn: () => fetchTemplateWorkflows(templateId),
    }),
};

/**
 * A change to approvals (an application or a decision): once it worked, the console's approvals
 * and the contracts (whose status follows the approval) are read again.
 */
export function useApprovalMutation<Variables, Result>(
  companyId: number,
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: approvalKeys.all(companyId) }),
        client.invalidateQueries({ queryKey: ['contracts', companyId] }),
        client.invalidateQueries({ queryKey: ['contract-statistics', companyId] }),
      ]),
  });
}
