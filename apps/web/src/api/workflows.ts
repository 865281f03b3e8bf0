/**
 * Approval flows (spec 001 §7 sicpay-workflow/workflowtemplate: page, detail, submit,
 * updateStatus, remove, getSelectList), their TanStack Query keys and the mutations, which read
 * the console's flows again after any change (whether it worked or not: a refusal may come from
 * another member's change).
 */
import {
  PATHS,
  type Page,
  type WorkflowDetail,
  type WorkflowListItem,
  type WorkflowOption,
  type WorkflowSubmitBody,
  type WorkflowType,
} from '@esign/platform';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

/** What workflowtemplate/page is asked. */
export interface WorkflowPageParams {
  current: number;
  size: number;
  name?: string;
  type?: WorkflowType;
}

export const fetchWorkflowPage = (params: WorkflowPageParams) =>
  call<Page<WorkflowListItem>>({ url: PATHS.workflowPage, params });

export const fetchWorkflow = (id: string) =>
  call<WorkflowDetail>({ url: PATHS.workflowDetail, params: { id } });

export const fetchWorkflowOptions = (type?: WorkflowType) =>
  call<WorkflowOption[]>({ url: PATHS.workflowSelectList, params: type ? { type } : {} });

/** Creates a flow (no id) or replaces the whole of one. */
export const submitWorkflow = (body: WorkflowSubmitBody) =>
  call<WorkflowDetail>({ method: 'POST', url: PATHS.workflowSubmit, data: body });

export const setWorkflowStatus = (id: string, status: 0 | 1) =>
  call<null>({ method: 'POST', url: PATHS.workflowUpdateStatus, data: { id, status } });

export const removeWorkflow = (id: string) =>
  call<null>({ method: 'POST', url: PATHS.workflowRemove, data: { id } });

/** The keys of this area's server state, each under the console it was read in. */
export const workflowKeys = {
  all: (companyId: number) => ['workflows', companyId] as const,
  page: (companyId: number, params: WorkflowPageParams) =>
    ['workflows', companyId, 'page', params] as const,
  detail: (companyId: number, id: string) => ['workflows', companyId, 'detail', id] as const,
};

export const workflowQueries = {
  page: (companyId: number, params: WorkflowPageParams) =>
    queryOptions({
      queryKey: workflowKeys.page(companyId, params),
      queryFn: () => fetchWorkflowPage(params),
      placeholderData: keepPreviousData,
    }),
  detail: (companyId: number, id: string) =>
    queryOptions({
      queryKey: workflowKeys.detail(companyId, id),
      queryFn: () => fetchWorkflow(id),
    }),
};

/** A change to the flows: the console's flows are read again afterwards. */
export function useWorkflowMutation<Variables, Result>(
  companyId: number,
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: workflowKeys.all(companyId) }),
  });
}
