/**
 * The demo API's answers to the enterprise console's calls about company roles and their grants
 * (company-role list, grant-tree, role-tree-keys, buttons, routes, submit, grant, delete-role),
 * with the server's rules: names required, unique, never built-in; the administrator's role fixed;
 * nobody grants what they do not hold. Each story's console starts from `DEMO_ROLES` (or what
 * `demoRolesFrom` set before the story) and keeps its changes to itself.
 */
import {
  BUILTIN_ROLE_GRANTS,
  BUILTIN_ROLE_NAMES,
  BUILTIN_ROLES,
  PATHS,
  PERMISSIONS,
  ROUTE_PERMISSIONS,
  fail,
  check,
  isPermission,
  message,
  permissionLabel,
  permissionTree,
  roleNameSchema,
  type CompanyRole,
  type Locale,
  type MessageKey,
  type Permission,
} from '@esign/platform';
import type { Answer } from './demoApi';
import type { DemoConsole } from './demoData';
import { answer, paramOf, type ConsoleCall } from './demoTemplates';
import { bodyOf } from './demoRequest';

const builtin = (
  role: (typeof BUILTIN_ROLES)[number],
  id: string,
  memberCount: number,
): CompanyRole => ({
  id,
  name: role,
  builtin: role,
  grants: role === 'admin' ? [...PERMISSIONS] : [...BUILTIN_ROLE_GRANTS[role]],
  memberCount,
});

/** The demo company's roles: the five built-in ones and two of its own. */
export const DEMO_ROLES: readonly CompanyRole[] = [
  builtin('admin', '1', 1),
  builtin('legal', '2', 1),
  builtin('sealManager', '3', 2),
  builtin('sealUser', '4', 3),
  builtin('employee', '5', 14),
  {
    id: '6',
    name: 'Contract reviewer',
    builtin: null,
    grants: ['company:view', 'template:view', 'contract:launch', 'approval:view', 'approval:edit'],
    memberCount: 2,
  },
  { id: '7', name: 'Front desk', builtin: null, grants: ['company:view'], memberCount: 0 },
];

/** Only the built-in roles: a company that has made none of its own. */
export const BUILTIN_ONLY_ROLES: readonly CompanyRole[] = DEMO_ROLES.filter((role) => role.builtin);

let pending: readonly CompanyRole[] | null = null;
const consoles = new WeakMap<DemoConsole, CompanyRole[]>();

/**
 * The roles the next story's console starts from (call it in the story's `beforeEach`): taken
 * once, by the first role call, so that later stories start from `DEMO_ROLES` again.
 */
export function demoRolesFrom(roles: readonly CompanyRole[]): void {
  pending = roles;
}

function rolesOf(current: DemoConsole): CompanyRole[] {
  let roles = consoles.get(current);
  if (!roles) {
    roles = (pending ?? DEMO_ROLES).map((role) => ({ ...role, grants: [...role.grants] }));
    pending = null;
    consoles.set(current, roles);
  }
  return roles;
}

const refusal = (
  status: number,
  text: MessageKey,
  locale: Locale,
  data: unknown = null,
): Answer => ({
  status,
  body: fail(status, message(text, locale), data),
});

const find = (current: DemoConsole, id: unknown) =>
  rolesOf(current).find((role) => role.id === String(id));

const notFound = (locale: Locale) => refusal(404, 'roleNotFound', locale);

const isBuiltinName = (name: string) =>
  BUILTIN_ROLES.some(
    (role) =>
      role.toLowerCase() === name.toLowerCase() ||
      Object.values(BUILTIN_ROLE_NAMES[role]).some(
        (label) => label.toLowerCase() === name.toLowerCase(),
      ),
  );

const holds = (current: DemoConsole) => new Set<string>(current.user.permissions);

const submit: ConsoleCall = (current, locale, request) => {
  const { id, name } = bodyOf<{ id?: string; name?: string }>(request);
  const checked = check(roleNameSchema, name ?? '', locale);
  if (!checked.ok) return { status: 400, body: fail(400, `name: ${checked.issues[0]!.message}`) };
  const role = id === undefined ? undefined : find(current, id);
  if (id !== undefined && !role) return notFound(locale);
  if (role?.builtin === 'admin') return refusal(403, 'roleAdminFixed', locale);
  if (role?.builtin) return refusal(403, 'roleBuiltinFixed', locale);
  if (isBuiltinName(checked.value)) return refusal(400, 'roleNameBuiltin', locale);
  const taken = rolesOf(current).some(
    (other) => other.id !== id && other.name.toLowerCase() === checked.value.toLowerCase(),
  );
  if (taken) return refusal(409, 'roleNameTaken', locale);
  if (role) {
    role.name = checked.value;
    return answer(role);
  }
  const created: CompanyRole = {
    id: String(Math.max(...rolesOf(current).map((entry) => Number(entry.id))) + 1),
    name: checked.value,
    builtin: null,
    grants: [],
    memberCount: 0,
  };
  rolesOf(current).push(created);
  return answer(created);
};

const labels = (permissions: Permission[], locale: Locale) =>
  permissions
    .map((permission) => permissionLabel(permission, locale))
    .join(locale === 'zh' ? '、' : ', ');

const grant: ConsoleCall = (current, locale, request) => {
  const { roleId, grants = [] } = bodyOf<{ roleId?: string; grants?: string[] }>(request);
  const unknown = grants.filter((key) => !isPermission(key));
  if (unknown.length > 0) {
    return {
      status: 400,
      body: fail(400, `${message('roleGrantUnknown', locale)}: ${unknown.join(', ')}`, { unknown }),
    };
  }
  const role = find(current, roleId);
  if (!role) return notFound(locale);
  if (role.builtin === 'admin') return refusal(403, 'roleAdminFixed', locale);
  const held = holds(current);
  const notHeld = (grants as Permission[]).filter(
    (key) => !role.grants.includes(key) && !held.has(key),
  );
  if (notHeld.length > 0) {
    return {
      status: 403,
      body: fail(403, `${message('roleGrantNotHeld', locale)}: ${labels(notHeld, locale)}`, {
        notHeld,
      }),
    };
  }
  role.grants = [...new Set(grants as Permission[])];
  return answer(role);
};

const deleteRole: ConsoleCall = (current, locale, request) => {
  const { id, moveTo } = bodyOf<{ id?: string; moveTo?: string }>(request);
  const roles = rolesOf(current);
  const role = find(current, id);
  if (!role) return notFound(locale);
  if (role.builtin === 'admin') return refusal(403, 'roleAdminFixed', locale);
  if (role.builtin) return refusal(403, 'roleBuiltinFixed', locale);
  let moved = 0;
  if (role.memberCount > 0) {
    if (moveTo === undefined) {
      return refusal(409, 'roleHeld', locale, { memberCount: role.memberCount });
    }
    const target = find(current, moveTo);
    if (!target) return notFound(locale);
    if (target.id === role.id) return refusal(400, 'roleMoveToSame', locale);
    if (target.builtin === 'admin') return refusal(403, 'roleMoveToAdmin', locale);
    moved = role.memberCount;
    target.memberCount += moved;
  }
  roles.splice(roles.indexOf(role), 1);
  return answer({ moved });
};

/** The demo API's answers to the company role calls, by path. */
export const ROLE_CALLS: Record<string, ConsoleCall> = {
  [PATHS.companyRoleList]: (current) => answer(rolesOf(current)),
  [PATHS.companyRoleGrantTree]: (_current, locale) => answer(permissionTree(locale)),
  [PATHS.companyRoleTreeKeys]: (current, locale, request) => {
    const role = find(current, paramOf(request, 'roleId'));
    return role ? answer(role.grants) : notFound(locale);
  },
  [PATHS.companyRoleButtons]: (current, locale, request) => {
    const role = find(current, bodyOf<{ roleId?: string }>(request).roleId);
    return role ? answer(role.grants) : notFound(locale);
  },
  [PATHS.companyRoleRoutes]: (current, locale, request) => {
    const role = find(current, bodyOf<{ roleId?: string }>(request).roleId);
    if (!role) return notFound(locale);
    return answer(
      Object.entries(ROUTE_PERMISSIONS)
        .filter(([, permission]) => role.grants.includes(permission))
        .map(([path, permission]) => ({ path, permission })),
    );
  },
  [PATHS.companyRoleSubmit]: submit,
  [PATHS.companyRoleGrant]: grant,
  [PATHS.companyRoleDelete]: deleteRole,
};
