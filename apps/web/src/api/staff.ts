/**
 * The staff list and joining a company (spec 001 §7 Staff; packages/platform/src/staff.ts): the
 * calls, their TanStack Query keys and the mutations, which read the console's staff again after
 * any change (whether it worked or not: a refusal may come from another member's change).
 */
import {
  PATHS,
  type CompanyRole,
  type EntryApplyInfo,
  type MyStaffRequests,
  type Page,
  type StaffListItem,
  type StaffRejectReason,
  type StaffRequest,
  type StaffRequestKind,
  type StaffStatus,
} from '@esign/platform';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './client';
import { queries } from './queries';

/** What query-staff-list is asked. */
export interface StaffPageParams {
  current: number;
  size: number;
  keyword?: string;
  status?: StaffStatus;
}

export const fetchStaffPage = (params: StaffPageParams) =>
  call<Page<StaffListItem>>({ method: 'POST', url: PATHS.staffList, data: params });

export const fetchStaffRequests = (kind: StaffRequestKind, current: number, size: number) =>
  call<Page<StaffRequest>>({
    method: 'POST',
    url: PATHS.staffRequests,
    data: { kind, current, size },
  });

export const fetchCompanyRoles = () => call<CompanyRole[]>({ url: PATHS.companyRoleList });

export const fetchMyStaffRequests = () => call<MyStaffRequests>({ url: PATHS.myStaffRequests });

export const fetchRejectReason = (requestId: string) =>
  call<StaffRejectReason>({ url: PATHS.staffReason, params: { requestId } });

export const fetchEntryApplyInfo = (keyword: string) =>
  call<EntryApplyInfo>({ url: PATHS.entryApplyInfo, params: { keyword: keyword.trim() } });

export const inviteStaff = (input: { phone: string; roleId?: string }) =>
  call<{ id: string }>({ method: 'POST', url: PATHS.staffInvite, data: input });

export const cancelInvitation = (requestId: string) =>
  call<null>({ method: 'POST', url: PATHS.staffCancelInvite, data: { requestId } });

export const setStaffRole = (input: { userId: string; roleId: string }) =>
  call<null>({ method: 'POST', url: PATHS.staffSetRole, data: input });

export const forbidStaff = (userId: string, forbid: boolean) =>
  call<null>({
    method: 'POST',
    url: forbid ? PATHS.staffForbid : PATHS.staffUnforbid,
    data: { userId },
  });

/** What delete-staff moved to the colleague. */
export interface StaffTransferred {
  contracts: number;
  templates: number;
  categoryGrants: number;
}

export const deleteStaff = (input: { userId: string; transferTo: string }) =>
  call<StaffTransferred>({ method: 'POST', url: PATHS.staffDelete, data: input });

/** auth-staff: approve into a role, or reject with a reason. */
export type StaffAudit =
  | { requestId: string; approve: true; roleId: string }
  | { requestId: string; approve: false; reason: string };

export const auditApplication = (input: StaffAudit) =>
  call<null>({ method: 'POST', url: PATHS.staffAudit, data: input });

export const answerInvitation = (requestId: string, accept: boolean) =>
  call<null>({
    method: 'POST',
    url: accept ? PATHS.staffAcceptInvite : PATHS.staffDeclineInvite,
    data: { requestId },
  });

export const applyEntry = (companyId: string) =>
  call<{ id: string }>({ method: 'POST', url: PATHS.applyEntry, data: { companyId } });

/** The keys of this area's server state, each under the console it was read in. */
export const staffKeys = {
  all: (companyId: number) => ['staff', companyId] as const,
  list: (companyId: number, params: StaffPageParams) =>
    ['staff', companyId, 'list', params] as const,
  requests: (companyId: number, kind: StaffRequestKind, current: number, size: number) =>
    ['staff', companyId, 'requests', kind, current, size] as const,
  roles: (companyId: number) => ['staff', companyId, 'roles'] as const,
  mine: (companyId: number) => ['staff', companyId, 'mine'] as const,
};

export const staffQueries = {
  list: (companyId: number, params: StaffPageParams) =>
    queryOptions({
      queryKey: staffKeys.list(companyId, params),
      queryFn: () => fetchStaffPage(params),
      placeholderData: keepPreviousData,
    }),
  requests: (companyId: number, kind: StaffRequestKind, current: number, size: number) =>
    queryOptions({
      queryKey: staffKeys.requests(companyId, kind, current, size),
      queryFn: () => fetchStaffRequests(kind, current, size),
      placeholderData: keepPreviousData,
    }),
  roles: (companyId: number) =>
    queryOptions({ queryKey: staffKeys.roles(companyId), queryFn: fetchCompanyRoles }),
  mine: (companyId: number) =>
    queryOptions({ queryKey: staffKeys.mine(companyId), queryFn: fetchMyStaffRequests }),
};

/** A change to the staff: the console's staff, requests and roles are read again afterwards. */
export function useStaffMutation<Variables, Result>(
  companyId: number,
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: staffKeys.all(companyId) }),
        // Joining a company (an accepted invitation) offers it in the console switcher at once.
        client.invalidateQueries({ queryKey: queries.companies().queryKey }),
      ]),
  });
}
