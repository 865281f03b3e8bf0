/**
 * Company roles (spec 001 §7 blade-system/company-role): the roles of a company, their grants from
 * the permission tree, and who holds them. Paths, schemas, shapes and messages shared by the
 * server and the web app.
 *
 * Rules (enforced by the server, shown by the role editor):
 * - A role's name is required, at most 30 characters, unique in the company whatever its case, and
 *   never a built-in role's name in either language.
 * - The system administrator's role holds everything: it cannot be renamed, granted or deleted.
 *   The other built-in roles keep their names and cannot be deleted; their grants can change.
 * - Grants are leaves of the permission tree. A member who is not the administrator cannot grant
 *   a permission they do not hold themselves.
 * - A role still held by members is deleted only together with moving them to another role.
 */
import * as z from 'zod/mini';
import type { MessageKey } from './messages';
import { recordIdSchema } from './paging';
import type { BuiltinRole, Permission } from './permissions';

const err = (key: MessageKey) => ({ error: key });

/** The calls of this area, under /api (joined into `PATHS`). */
export const COMPANY_ROLE_PATHS = {
  /** GET: every role of the session's company (`CompanyRole[]`), built-in ones first. */
  companyRoleList: '/blade-system/company-role/list',
  /** GET: the permission tree in the request's language (`PermissionTreeNode[]`). */
  companyRoleGrantTree: '/blade-system/company-role/grant-tree',
  /** GET ?roleId=: the leaves a role grants (`Permission[]`), the editor's checked keys. */
  companyRoleTreeKeys: '/blade-system/company-role/role-tree-keys',
  /** POST { roleId }: the permission keys a role's grants open (`Permission[]`): its buttons. */
  companyRoleButtons: '/blade-system/company-role/buttons',
  /** POST { roleId }: the console pages a role's grants open (`RoleRoute[]`). */
  companyRoleRoutes: '/blade-system/company-role/routes',
  /** POST `RoleSubmitBody`: creates a role (no id) or renames one; answers the `CompanyRole`. */
  companyRoleSubmit: '/blade-system/company-role/submit',
  /** POST `RoleGrantBody`: sets a role's grants; answers the `CompanyRole`. */
  companyRoleGrant: '/blade-system/company-role/grant',
  /** POST `RoleDeleteBody`: deletes a role, moving its members first (`RoleDeleted`). */
  companyRoleDelete: '/blade-system/company-role/delete-role',
} as const;

/** A role of a company, as the role list and the staff screens show it. */
export interface CompanyRole {
  id: string;
  /** A custom role's name; a built-in role's key (the client names it with BUILTIN_ROLE_NAMES). */
  name: string;
  /** Which built-in role this is; null for a custom role. */
  builtin: BuiltinRole | null;
  /** What it grants (every permission for the system administrator). */
  grants: Permission[];
  /** How many members hold it. */
  memberCount: number;
}

/** A console page a role's grants open (company-role/routes), with the permission it needs. */
export interface RoleRoute {
  /** The page's path, e.g. /enterprise-console/staff_list. */
  path: string;
  permission: Permission;
}

/** What company-role/delete-role did. */
export interface RoleDeleted {
  /** How many members were moved to `moveTo` (0 when nobody held the role). */
  moved: number;
}

/** A role's name is at most this many characters. */
export const ROLE_NAME_MAX = 30;

/** The name of a role, as typed: trimmed, required, at most 30 characters. */
export const roleNameSchema = z
  .string(err('roleNameRequired'))
  .check(
    z.trim(),
    z.minLength(1, err('roleNameRequired')),
    z.maxLength(ROLE_NAME_MAX, err('roleNameTooLong')),
  );

/** GET role-tree-keys, POST buttons and routes: which role. */
export const roleIdQuery = z.object({ roleId: recordIdSchema });
export const roleIdBody = z.object({ roleId: recordIdSchema });
export type RoleIdBody = z.input<typeof roleIdBody>;

/** POST company-role/submit: a new role (no id) or a new name for the role `id`. */
export const roleSubmitBody = z.object({
  id: z.optional(recordIdSchema),
  name: roleNameSchema,
});
export type RoleSubmitBody = z.input<typeof roleSubmitBody>;

/**
 * POST company-role/grant: the role's whole set of grants (leaves of the tree; the server refuses
 * unknown keys and groups, naming them). Sending what the role already has changes nothing.
 */
export const roleGrantBody = z.object({
  roleId: recordIdSchema,
  grants: z.array(z.string().check(z.maxLength(100))).check(z.maxLength(200, err('invalidValue'))),
});
export type RoleGrantBody = z.input<typeof roleGrantBody>;

/**
 * POST company-role/delete-role: the role `id`; `moveTo` names another role of the company that
 * its members move to (required while members hold it; never the system administrator's).
 */
export const roleDeleteBody = z.object({
  id: recordIdSchema,
  moveTo: z.optional(recordIdSchema),
});
export type RoleDeleteBody = z.input<typeof roleDeleteBody>;

/** The messages of this area in English and Chinese (joined into `MESSAGES`). */
export const COMPANY_ROLE_MESSAGES = {
  roleNameRequired: { en: 'Name required', zh: '请输入角色名称' },
  roleNameTooLong: {
    en: 'The role name is at most 30 characters',
    zh: '角色名称不能超过 30 个字符',
  },
  roleNameTaken: {
    en: 'The company already has a role of this name',
    zh: '企业已有同名角色',
  },
  roleNameBuiltin: {
    en: 'This is the name of a built-in role: please choose another',
    zh: '该名称为系统内置角色名称，请另选名称',
  },
  roleNotFound: { en: 'The role does not exist', zh: '角色不存在' },
  roleAdminFixed: {
    en: 'The system administrator role holds every permission and cannot be changed or deleted',
    zh: '系统管理员角色拥有全部权限，不能修改或删除',
  },
  roleBuiltinFixed: {
    en: 'A built-in role cannot be renamed or deleted',
    zh: '内置角色不能重命名或删除',
  },
  roleGrantUnknown: { en: 'Unknown permission', zh: '未知权限' },
  roleGrantNotHeld: {
    en: 'You cannot grant a permission you do not hold',
    zh: '您不能授予自己没有的权限',
  },
  roleHeld: {
    en: 'Members still hold this role: choose a role to move them to',
    zh: '仍有员工使用该角色，请选择将其转移到的角色',
  },
  roleMoveToSame: {
    en: 'Choose another role to move the members to',
    zh: '请选择另一个角色来转移员工',
  },
  roleMoveToAdmin: {
    en: 'Members cannot be moved to the system administrator role: a company has one administrator',
    zh: '不能将员工转移为系统管理员：企业只有一位管理员',
  },
  companyConsoleRequired: {
    en: 'This is done in a company console: switch to a company first',
    zh: '请先切换到企业控制台再进行此操作',
  },
} as const satisfies Record<string, { en: string; zh: string }>;
