/**
 * The demo API's answers to the enterprise console's calls about staff list, invitations,
 * applications, roles of members, forbidding, removal, by path. Like the server: in the personal
 * console the lists are empty and the changes refused; the administrator role is never given here.
 * Each console of a demo world keeps its own staff (made from the data below when first asked), so
 * every story starts from the same company.
 */
import {
  BUILTIN_ROLE_GRANTS,
  CODES,
  PATHS,
  PERSONAL_CONSOLE_ID,
  builtinGrants,
  fail,
  message,
  type CompanyRole,
  type MessageKey,
  type MyStaffRequests,
  type Page,
  type Permission,
  type StaffListItem,
  type StaffRequest,
} from '@esign/platform';
import type { Answer, DemoRequest } from './demoApi';
import type { DemoConsole } from './demoData';
import { answer, type ConsoleCall } from './demoTemplates';
import { bodyOf } from './demoRequest';

/** The demo company's roles: the five built-in ones and a custom one (the ids of demoRoles.ts). */
export const DEMO_COMPANY_ROLES: CompanyRole[] = [
  { id: '1', name: 'admin', builtin: 'admin', grants: builtinGrants('admin'), memberCount: 1 },
  {
    id: '2',
    name: 'legal',
    builtin: 'legal',
    grants: [...BUILTIN_ROLE_GRANTS.legal],
    memberCount: 1,
  },
  {
    id: '3',
    name: 'sealManager',
    builtin: 'sealManager',
    grants: [...BUILTIN_ROLE_GRANTS.sealManager],
    memberCount: 1,
  },
  {
    id: '4',
    name: 'sealUser',
    builtin: 'sealUser',
    grants: [...BUILTIN_ROLE_GRANTS.sealUser],
    memberCount: 0,
  },
  {
    id: '5',
    name: 'employee',
    builtin: 'employee',
    grants: [...BUILTIN_ROLE_GRANTS.employee],
    memberCount: 2,
  },
  {
    id: '6',
    name: 'Contract reviewer',
    builtin: null,
    grants: ['company:view', 'template:view', 'contract:launch', 'approval:view', 'approval:edit'],
    memberCount: 1,
  },
];

const member = (
  id: string,
  name: string,
  phone: string,
  roleId: string,
  joinedAt: string,
  status: StaffListItem['status'] = 'active',
): StaffListItem => {
  const role = DEMO_COMPANY_ROLES.find((candidate) => candidate.id === roleId)!;
  return {
    id,
    name,
    phone,
    role: role.builtin ?? role.name,
    roleId,
    roleBuiltin: role.builtin,
    roleName: role.name,
    status,
    joinedAt,
  };
};

/** The demo company's people: the demo user (id 7) is its system administrator. */
export const DEMO_STAFF: StaffListItem[] = [
  member('7', 'Li Wei', '13800000001', '1', '2024-09-02 09:00:00'),
  member('21', 'Zhang Min', '13900001021', '2', '2024-09-03 10:12:00'),
  member('22', 'Wang Fang', '13900001022', '3', '2024-10-15 14:30:00'),
  member('23', 'Chen Jie', '13900001023', '5', '2024-11-20 08:45:00', 'forbidden'),
  member('24', 'Zhao Lei', '13900001024', '6', '2025-01-06 16:20:00'),
  member('25', 'Liu Yang', '13900001025', '5', '2025-02-18 11:05:00'),
];

const joinRequest = (
  fields: Pick<StaffRequest, 'id' | 'kind' | 'phone' | 'name' | 'createdAt'> &
    Partial<StaffRequest>,
): StaffRequest => ({
  status: 'pending',
  companyId: '1001',
  companyName: 'Qingshan Trading Co., Ltd.',
  roleId: null,
  roleBuiltin: null,
  roleName: null,
  invitedBy: null,
  expiresAt: null,
  hasReason: false,
  ...fields,
});

export const DEMO_INVITATIONS: StaffRequest[] = [
  joinRequest({
    id: 'i1',
    kind: 'invitation',
    phone: '13900001031',
    name: '',
    roleId: '4',
    roleBuiltin: 'sealUser',
    roleName: 'sealUser',
    invitedBy: 'Li Wei',
    createdAt: '2025-03-12 10:00:00',
    expiresAt: '2025-03-19 10:00:00',
  }),
];

export const DEMO_APPLICATIONS: StaffRequest[] = [
  joinRequest({
    id: 'a1',
    kind: 'application',
    phone: '13900001041',
    name: 'Sun Hao',
    createdAt: '2025-03-13 09:30:00',
  }),
  joinRequest({
    id: 'a2',
    kind: 'application',
    phone: '13900001042',
    name: 'Zhou Qing',
    createdAt: '2025-03-14 15:45:00',
  }),
];

/** What the demo person's personal console shows: an invitation and a rejected application. */
export const DEMO_MY_REQUESTS: MyStaffRequests = {
  invitations: [
    joinRequest({
      id: 'i9',
      kind: 'invitation',
      phone: '13800000001',
      name: 'Li Wei',
      companyId: '1002',
      companyName: 'Blue River Logistics Ltd.',
      roleId: 'b5',
      roleBuiltin: 'employee',
      roleName: 'employee',
      invitedBy: 'He Jun',
      createdAt: '2025-03-14 08:00:00',
      expiresAt: '2025-03-21 08:00:00',
    }),
  ],
  applications: [
    joinRequest({
      id: 'a9',
      kind: 'application',
      phone: '13800000001',
      name: 'Li Wei',
      companyId: '1003',
      companyName: 'Hengda Foods Co., Ltd.',
      status: 'rejected',
      hasReason: true,
      createdAt: '2025-03-01 12:00:00',
    }),
  ],
};

/** What a deleted member's work amounts to, by member id (what delete-staff answers it moved). */
const WORK: Record<string, { contracts: number; templates: number; categoryGrants: number }> = {
  '25': { contracts: 3, templates: 2, categoryGrants: 1 },
};

interface StaffState {
  members: StaffListItem[];
  invitations: StaffRequest[];
  applications: StaffRequest[];
  mine: MyStaffRequests;
}

const states = new WeakMap<DemoConsole, StaffState>();

function stateOf(current: DemoConsole): StaffState {
  let state = states.get(current);
  if (!state) {
    state = {
      members: DEMO_STAFF.map((row) => ({ ...row })),
      invitations: [...DEMO_INVITATIONS],
      applications: [...DEMO_APPLICATIONS],
      mine: {
        invitations: [...DEMO_MY_REQUESTS.invitations],
        applications: [...DEMO_MY_REQUESTS.applications],
      },
    };
    states.set(current, state);
  }
  return state;
}

const refusal = (text: MessageKey, locale: DemoRequest['locale'], status = 400): Answer => ({
  status,
  body: fail(status === 404 ? CODES.notFound : status, message(text, locale), null),
});

function pageOf<T>(items: T[], { current = 1, size = 10 }: { current?: number; size?: number }) {
  return {
    records: items.slice((current - 1) * size, current * size),
    total: items.length,
    current,
    size,
  } satisfies Page<T>;
}

const inCompany = (current: DemoConsole) => current.user.companyId !== PERSONAL_CONSOLE_ID;

/** Runs a change on a member of the company; refuses the administrator and oneself as the server does. */
function onMember(
  current: DemoConsole,
  request: DemoRequest,
  change: (member: StaffListItem, state: StaffState) => Answer,
): Answer {
  if (!inCompany(current)) return refusal('staffCompanyOnly', request.locale);
  const { userId } = bodyOf<{ userId: string }>(request);
  const state = stateOf(current);
  const found = state.members.find((row) => row.id === String(userId));
  if (!found) return refusal('staffMemberNotFound', request.locale, 404);
  if (found.roleBuiltin === 'admin') return refusal('staffNotAdmin', request.locale);
  if (found.id === current.user.id) return refusal('staffNotSelf', request.locale);
  return change(found, state);
}

function withRole(row: StaffListItem, role: CompanyRole): StaffListItem {
  return {
    ...row,
    role: role.builtin ?? role.name,
    roleId: role.id,
    roleBuiltin: role.builtin,
    roleName: role.name,
  };
}

const replace = (state: StaffState, row: StaffListItem) => {
  state.members = state.members.map((candidate) => (candidate.id === row.id ? row : candidate));
};

const NOW = '2025-03-15 10:00:00';

export const STAFF_CALLS: Record<string, ConsoleCall> = {
  [PATHS.staffList]: (current, _locale, request) => {
    if (!inCompany(current)) return answer(pageOf([], {}));
    const body = bodyOf<{ current?: number; size?: number; keyword?: string; status?: string }>(
      request,
    );
    const keyword = body.keyword?.trim().toLowerCase() ?? '';
    const rows = stateOf(current).members.filter(
      (row) =>
        (!keyword || row.name.toLowerCase().includes(keyword) || row.phone.includes(keyword)) &&
        (!body.status || row.status === body.status),
    );
    return answer(pageOf(rows, body));
  },
  [PATHS.staffRequests]: (current, _locale, request) => {
    if (!inCompany(current)) return answer(pageOf([], {}));
    const body = bodyOf<{ kind: string; current?: number; size?: number }>(request);
    const state = stateOf(current);
    return answer(
      pageOf(body.kind === 'invitation' ? state.invitations : state.applications, body),
    );
  },
  [PATHS.companyRoleList]: (current) =>
    answer(inCompany(current) ? DEMO_COMPANY_ROLES : ([] as CompanyRole[])),
  [PATHS.staffInvite]: (current, locale, request) => {
    if (!inCompany(current)) return refusal('staffCompanyOnly', locale);
    const { phone, roleId = '5' } = bodyOf<{ phone: string; roleId?: string }>(request);
    const state = stateOf(current);
    const role = DEMO_COMPANY_ROLES.find((candidate) => candidate.id === roleId);
    if (!role) return refusal('staffRoleNotFound', locale, 404);
    if (role.builtin === 'admin') return refusal('staffAdminRoleNotHere', locale);
    if (state.members.some((row) => row.phone === phone)) {
      return refusal('staffAlreadyMember', locale, 409);
    }
    if (state.invitations.some((row) => row.phone === phone && row.status === 'pending')) {
      return refusal('staffAlreadyInvited', locale, 409);
    }
    const id = `i${state.invitations.length + 10}`;
    state.invitations = [
      joinRequest({
        id,
        kind: 'invitation',
        phone,
        name: '',
        roleId: role.id,
        roleBuiltin: role.builtin,
        roleName: role.name,
        invitedBy: current.user.name,
        createdAt: NOW,
        expiresAt: '2025-03-22 10:00:00',
      }),
      ...state.invitations,
    ];
    return answer({ id });
  },
  [PATHS.staffCancelInvite]: (current, locale, request) => {
    const { requestId } = bodyOf<{ requestId: string }>(request);
    const state = stateOf(current);
    if (!state.invitations.some((row) => row.id === requestId)) {
      return refusal('staffRequestNotFound', locale, 404);
    }
    state.invitations = state.invitations.filter((row) => row.id !== requestId);
    return answer(null);
  },
  [PATHS.staffSetRole]: (current, _locale, request) =>
    onMember(current, request, (found, state) => {
      const { roleId } = bodyOf<{ roleId: string }>(request);
      const role = DEMO_COMPANY_ROLES.find((candidate) => candidate.id === String(roleId));
      if (!role) return refusal('staffRoleNotFound', request.locale, 404);
      if (role.builtin === 'admin') return refusal('staffAdminRoleNotHere', request.locale);
      const held = new Set<Permission>(current.user.permissions);
      if (!current.user.roles.includes('admin') && role.grants.some((grant) => !held.has(grant))) {
        return refusal('staffGrantBeyondOwn', request.locale, 403);
      }
      replace(state, withRole(found, role));
      return answer(null);
    }),
  [PATHS.staffForbid]: (current, _locale, request) =>
    onMember(current, request, (found, state) => {
      if (found.status === 'forbidden')
        return refusal('staffAlreadyForbidden', request.locale, 409);
      replace(state, { ...found, status: 'forbidden' });
      return answer(null);
    }),
  [PATHS.staffUnforbid]: (current, _locale, request) =>
    onMember(current, request, (found, state) => {
      if (found.status === 'active') return refusal('staffNotForbidden', request.locale, 409);
      replace(state, { ...found, status: 'active' });
      return answer(null);
    }),
  [PATHS.staffDelete]: (current, _locale, request) =>
    onMember(current, request, (found, state) => {
      const { transferTo } = bodyOf<{ transferTo: string }>(request);
      const colleague = state.members.find((row) => row.id === String(transferTo));
      if (!colleague || colleague.status !== 'active' || colleague.id === found.id) {
        return refusal('staffTransferInvalid', request.locale);
      }
      state.members = state.members.filter((row) => row.id !== found.id);
      return answer(WORK[found.id] ?? { contracts: 0, templates: 0, categoryGrants: 0 });
    }),
  [PATHS.staffAudit]: (current, locale, request) => {
    if (!inCompany(current)) return refusal('staffCompanyOnly', locale);
    const body = bodyOf<{ requestId: string; approve: boolean; roleId?: string; reason?: string }>(
      request,
    );
    const state = stateOf(current);
    const application = state.applications.find((row) => row.id === body.requestId);
    if (!application) return refusal('staffRequestNotFound', locale, 404);
    if (!body.approve && !body.reason?.trim()) return refusal('staffReasonRequired', locale);
    state.applications = state.applications.filter((row) => row.id !== application.id);
    if (body.approve) {
      const role = DEMO_COMPANY_ROLES.find((candidate) => candidate.id === body.roleId);
      if (!role || role.builtin === 'admin') return refusal('staffAdminRoleNotHere', locale);
      state.members = [
        ...state.members,
        member(`${state.members.length + 100}`, application.name, application.phone, role.id, NOW),
      ];
    }
    return answer(null);
  },
  [PATHS.myStaffRequests]: (current) => answer(stateOf(current).mine),
  [PATHS.staffAcceptInvite]: (current, locale, request) => {
    const { requestId } = bodyOf<{ requestId: string }>(request);
    const state = stateOf(current);
    if (!state.mine.invitations.some((row) => row.id === requestId)) {
      return refusal('staffRequestNotFound', locale, 404);
    }
    state.mine = {
      ...state.mine,
      invitations: state.mine.invitations.filter((row) => row.id !== requestId),
    };
    return answer(null);
  },
  [PATHS.staffReason]: () =>
    answer({
      reason: 'We could not confirm that you work for us.',
      decidedAt: '2025-03-02 09:00:00',
    }),
  [PATHS.entryApplyInfo]: (_current, locale, request) => {
    const keyword = String(
      (request.config.params as Record<string, unknown> | undefined)?.keyword ?? '',
    )
      .trim()
      .toLowerCase();
    if (keyword !== 'hengda foods co., ltd.' && keyword !== '91440300ma5f000003')
      return refusal('entryCompanyNotFound', locale, 404);
    return answer({
      companyId: '1003',
      fullName: 'Hengda Foods Co., Ltd.',
      authStatus: 1,
      member: false,
      applied: false,
    });
  },
  [PATHS.applyEntry]: () => answer({ id: 'a10' }),
};
STAFF_CALLS[PATHS.staffDeclineInvite] = STAFF_CALLS[PATHS.staffAcceptInvite]!;
