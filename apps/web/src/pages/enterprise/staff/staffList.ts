/**
 * What the staff screen decides outside its components: which tab the address opens, how a role
 * is named, which actions a member row offers the signed-in member, which roles they may give and
 * who may take over a deleted member's work. The server enforces the same rules; these only keep
 * the screen from offering what would be refused.
 */
import {
  BUILTIN_ROLE_NAMES,
  type BuiltinRole,
  type CompanyRole,
  type Locale,
  type Permission,
  type StaffListItem,
} from '@esign/platform';

export type StaffTab = 'members' | 'invitations' | 'applications';

const TABS: readonly StaffTab[] = ['members', 'invitations', 'applications'];

/**
 * The tab an address opens: `?tab=` when it names one, the applications for `?isMsg=true` (a
 * message of redirect type 1, spec 001 §4), else the members.
 */
export function tabFromSearch(search: URLSearchParams): StaffTab {
  const tab = search.get('tab');
  if (tab && (TABS as readonly string[]).includes(tab)) return tab as StaffTab;
  return search.get('isMsg') === 'true' ? 'applications' : 'members';
}

/** A role's name in the interface language: built-in roles by their key, custom ones as named. */
export function roleName(
  role: { builtin: BuiltinRole | null; name: string } | null,
  locale: Locale,
): string {
  if (!role) return '';
  return role.builtin ? BUILTIN_ROLE_NAMES[role.builtin][locale] : role.name;
}

/** What a row of the member list offers the signed-in member. */
export interface MemberActions {
  setRole: boolean;
  forbid: boolean;
  unforbid: boolean;
  remove: boolean;
}

/**
 * The actions on a member: none on the system administrator (whose role changes hands only by the
 * administrator transfer of company information) nor on oneself; each needs its permission.
 */
export function memberActions(
  member: Pick<StaffListItem, 'id' | 'roleBuiltin' | 'status'>,
  permissions: readonly Permission[],
  selfId: string,
): MemberActions {
  const untouchable = member.roleBuiltin === 'admin' || member.id === selfId;
  const may = (permission: Permission) => !untouchable && permissions.includes(permission);
  return {
    setRole: may('staff:edit'),
    forbid: may('staff:forbid') && member.status === 'active',
    unforbid: may('staff:forbid') && member.status === 'forbidden',
    remove: may('staff:delete'),
  };
}

/**
 * The roles the signed-in member may give: never the system administrator's, and unless they are
 * the administrator, none granting what they do not hold themselves.
 */
export function givableRoles(
  roles: readonly CompanyRole[],
  permissions: readonly Permission[],
  admin: boolean,
): CompanyRole[] {
  const held = new Set(permissions);
  return roles.filter(
    (role) => role.builtin !== 'admin' && (admin || role.grants.every((grant) => held.has(grant))),
  );
}

/** Who may take over a deleted member's work: the active members other than them. */
export function transferCandidates(
  members: readonly StaffListItem[],
  leaverId: string,
): StaffListItem[] {
  return members.filter((member) => member.status === 'active' && member.id !== leaverId);
}
