/**
 * Company roles (spec 001 §7 blade-system/company-role): the roles of a company, their grants from
 * the permission tree, and who holds them. Paths, schemas, shapes and messages shared by the
 * server and the web app.
 */
import type { BuiltinRole, Permission } from './permissions';

/** The calls of this area, under /api (joined into `PATHS`). */
export const COMPANY_ROLE_PATHS = {
  /** GET: every role of the session's company (`CompanyRole[]`), built-in ones first. */
  companyRoleList: '/blade-system/company-role/list',
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

/** The messages of this area in English and Chinese (joined into `MESSAGES`). */
export const COMPANY_ROLE_MESSAGES = {} as const satisfies Record<
  string,
  { en: string; zh: string }
>;
