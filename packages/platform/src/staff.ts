/**
 * The company's people (spec 001 §7 Staff, §3 Role and employee): staff list, invitations and applications to join, roles of members, forbidding, removal with work transfer.
 * Paths, schemas, shapes and messages shared by the server and the web app.
 *
 * Joining a company happens one of two ways, both kept as a *join request* (`StaffRequest`):
 * - an **invitation**: a member with `staff:edit` invites a phone number into a role; the person
 *   holding that phone (now, or once they register with it) accepts or declines it in any console;
 *   it expires `INVITATION_TTL_DAYS` after it was sent;
 * - an **application**: a signed-in person finds the company (get-entry-apply-info, by its full
 *   name or credit code) and applies (apply-entry); a member with `staff:audit` approves it into a
 *   role or rejects it with a reason (auth-staff), which the applicant reads (get-reason).
 */
import * as z from 'zod/mini';
import type { BuiltinRole } from './permissions';
import type { MessageKey } from './messages';
import { pageBody, recordIdSchema } from './paging';
import { phoneSchema } from './validation';
import type { StaffMember } from './templates';

const err = (key: MessageKey) => ({ error: key });

/** How long an invitation waits for its answer. */
export const INVITATION_TTL_DAYS = 7;
/** The longest reason for rejecting an application. */
export const REJECT_REASON_MAX = 200;

/** The calls of this area, under /api (joined into `PATHS`). */
export const STAFF_PATHS = {
  /** POST `{ userId, roleId }` (staff:edit): moves a member to another role of the company. */
  staffSetRole: '/blade-system/staff/set-role',
  /** POST `{ userId }` (staff:forbid): the member can no longer enter the company. */
  staffForbid: '/blade-system/staff/forbid-staff',
  /** POST `{ userId }` (staff:forbid): lets a forbidden member back in. */
  staffUnforbid: '/blade-system/staff/un-forbid-staff',
  /** POST `{ requestId, approve, roleId?, reason? }` (staff:audit): decides an application. */
  staffAudit: '/blade-system/staff/auth-staff',
  /** POST `{ userId, transferTo }` (staff:delete): removes a member, their work going to a colleague. */
  staffDelete: '/blade-system/staff/delete-staff',
  /** GET `?requestId=` (signedIn): why one's own application was rejected. */
  staffReason: '/blade-system/staff/get-reason',
  /** POST `{ phone, roleId? }` (staff:edit): invites a phone into the company. */
  staffInvite: '/blade-system/staff/invite',
  /** POST `{ requestId }` (staff:edit): withdraws a pending invitation. */
  staffCancelInvite: '/blade-system/staff/cancel-invite',
  /** POST `{ kind, current, size }` (staff:view): the company's pending invitations or applications. */
  staffRequests: '/blade-system/staff/query-request-list',
  /** GET (signedIn): the invitations addressed to one's phone and one's own applications. */
  myStaffRequests: '/blade-system/staff/my-requests',
  /** POST `{ requestId }` (signedIn): the invitee accepts; they join in the invitation's role. */
  staffAcceptInvite: '/blade-system/staff/accept-invite',
  /** POST `{ requestId }` (signedIn): the invitee declines. */
  staffDeclineInvite: '/blade-system/staff/decline-invite',
  /** GET `?keyword=` (signedIn): a company by full name or credit code, as a stranger may see it. */
  entryApplyInfo: '/blade-user/busi-company/get-entry-apply-info',
  /** POST `{ companyId }` (signedIn): applies to join a company. */
  applyEntry: '/blade-user/busi-company/apply-entry',
} as const;

/** Whether a member may enter the company. */
export type StaffStatus = 'active' | 'forbidden';

/** A row of POST query-staff-list: a member with their role, status and when they joined. */
export interface StaffListItem extends StaffMember {
  roleId: string;
  /** The role's built-in key, null for a custom role (whose name is `roleName`). */
  roleBuiltin: BuiltinRole | null;
  roleName: string;
  status: StaffStatus;
  /** yyyy-MM-dd HH:mm:ss, UTC */
  joinedAt: string;
}

export type StaffRequestKind = 'invitation' | 'application';
/**
 * Where a join request stands: `pending` (an invitation past its expiry answers `expired`),
 * `accepted` / `declined` (an invitation, by the invitee), `approved` / `rejected` (an
 * application, by the company), `cancelled` (an invitation withdrawn by the company).
 */
export type StaffRequestStatus =
  'pending' | 'expired' | 'accepted' | 'declined' | 'approved' | 'rejected' | 'cancelled';

/** An invitation or an application, as the company and the person see it. */
export interface StaffRequest {
  id: string;
  kind: StaffRequestKind;
  status: StaffRequestStatus;
  companyId: string;
  companyName: string;
  /** The invitee's or applicant's phone. */
  phone: string;
  /** Their name once they have an account ('' before). */
  name: string;
  /** The invitation's role (the approved role once an application is approved); null otherwise. */
  roleId: string | null;
  roleBuiltin: BuiltinRole | null;
  roleName: string | null;
  /** The inviter's name (invitations). */
  invitedBy: string | null;
  /** yyyy-MM-dd HH:mm:ss, UTC */
  createdAt: string;
  /** When an invitation expires; null for an application. */
  expiresAt: string | null;
  /** Whether a rejection reason exists (read it with get-reason). */
  hasReason: boolean;
}

/** GET get-entry-apply-info: what a stranger may see of a company. */
export interface EntryApplyInfo {
  companyId: string;
  fullName: string;
  /** 1 when the company is certified. */
  authStatus: number;
  /** The person is already a member. */
  member: boolean;
  /** The person has a pending application there. */
  applied: boolean;
}

/** GET get-reason. */
export interface StaffRejectReason {
  reason: string;
  /** yyyy-MM-dd HH:mm:ss, UTC */
  decidedAt: string;
}

/** GET my-requests. */
export interface MyStaffRequests {
  /** Pending invitations to one's phone. */
  invitations: StaffRequest[];
  /** One's applications, newest first (all statuses). */
  applications: StaffRequest[];
}

// ---- Requests ----

/** POST query-staff-list: part of a name or phone; optionally one status. */
export const staffQueryBody = z.object({
  ...pageBody,
  keyword: z.optional(z.string().check(z.trim(), z.maxLength(50))),
  status: z.optional(z.enum(['active', 'forbidden'], err('invalidValue'))),
});

export const staffMemberBody = z.object({ userId: recordIdSchema });

export const staffSetRoleBody = z.object({ userId: recordIdSchema, roleId: recordIdSchema });

export const staffDeleteBody = z.object({
  userId: recordIdSchema,
  /** The active colleague who takes over the member's unfinished work. */
  transferTo: recordIdSchema,
});

export const staffInviteBody = z.object({
  phone: phoneSchema,
  /** The role the invitee joins in; the employee role when omitted. */
  roleId: z.optional(recordIdSchema),
});

export const staffRequestBody = z.object({ requestId: recordIdSchema });

export const staffRequestListBody = z.object({
  ...pageBody,
  kind: z.enum(['invitation', 'application'], err('invalidValue')),
});

const rejectReason = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, err('staffReasonRequired')),
    z.maxLength(REJECT_REASON_MAX, err('staffReasonTooLong')),
  );

/** POST auth-staff: approve into a role, or reject with a reason. */
export const staffAuditBody = z.discriminatedUnion('approve', [
  z.object({ requestId: recordIdSchema, approve: z.literal(true), roleId: recordIdSchema }),
  z.object({ requestId: recordIdSchema, approve: z.literal(false), reason: rejectReason }),
]);

export const staffReasonQuery = z.object({
  requestId: z.coerce.number().check(z.int(err('invalidValue')), z.minimum(1, err('invalidValue'))),
});

export const entryApplyInfoQuery = z.object({
  keyword: z
    .string()
    .check(z.trim(), z.minLength(1, err('entryKeywordRequired')), z.maxLength(100)),
});

export const applyEntryBody = z.object({ companyId: recordIdSchema });

/** The messages of this area in English and Chinese (joined into `MESSAGES`). */
export const STAFF_MESSAGES = {
  staffCompanyOnly: {
    en: 'Switch to a company to manage its staff',
    zh: '请切换到企业后再管理员工',
  },
  staffMemberNotFound: {
    en: 'This member is not in your company',
    zh: '该员工不在本企业',
  },
  staffRoleNotFound: { en: 'This role is not in your company', zh: '该角色不在本企业' },
  staffAdminRoleNotHere: {
    en: 'The system administrator role changes hands only by the administrator transfer in company information',
    zh: '系统管理员只能在企业信息中通过管理员变更转交',
  },
  staffNotAdmin: {
    en: 'The system administrator cannot be changed here',
    zh: '不能对系统管理员执行此操作',
  },
  staffNotSelf: { en: 'You cannot do this to yourself', zh: '不能对自己执行此操作' },
  staffGrantBeyondOwn: {
    en: 'You cannot give a role that grants more than you hold',
    zh: '不能分配权限超出您自身权限的角色',
  },
  staffAlreadyForbidden: { en: 'This member is already forbidden', zh: '该员工已被禁用' },
  staffNotForbidden: { en: 'This member is not forbidden', zh: '该员工未被禁用' },
  staffTransferInvalid: {
    en: 'Choose an active colleague other than the member being deleted',
    zh: '请选择除被删除员工外的一名正常状态的同事',
  },
  staffAlreadyMember: {
    en: 'This phone number already belongs to a member of the company',
    zh: '该手机号已是本企业员工',
  },
  staffAlreadyInvited: {
    en: 'This phone number already has a pending invitation',
    zh: '该手机号已有待处理的邀请',
  },
  staffRequestNotFound: {
    en: 'This invitation or application no longer exists',
    zh: '该邀请或申请不存在',
  },
  staffRequestDone: {
    en: 'This invitation or application has already been handled',
    zh: '该邀请或申请已处理',
  },
  staffInvitationExpired: {
    en: 'This invitation has expired; ask the company to invite you again',
    zh: '该邀请已过期，请联系企业重新邀请',
  },
  staffReasonRequired: { en: 'Please give a reason for rejecting', zh: '请填写驳回原因' },
  staffReasonTooLong: {
    en: 'The reason is at most 200 characters',
    zh: '原因不能超过 200 个字符',
  },
  staffNoReason: { en: 'This application was not rejected', zh: '该申请未被驳回' },
  entryKeywordRequired: {
    en: 'Enter the company’s full name or credit code',
    zh: '请输入企业全称或统一社会信用代码',
  },
  entryCompanyNotFound: {
    en: 'No company with this full name or credit code',
    zh: '未找到该名称或信用代码的企业',
  },
  entryAlreadyApplied: {
    en: 'You have already applied to join this company',
    zh: '您已申请加入该企业，请等待审核',
  },
  staffInvitedTitle: { en: 'Invitation to join a company', zh: '企业邀请' },
  staffAppliedTitle: { en: 'Application to join', zh: '入职申请' },
} as const satisfies Record<string, { en: string; zh: string }>;
