/**
 * The rules of a company's roles (see `@esign/platform` company-roles.ts): reading them, and each
 * change in one transaction that first locks the company's row, so that concurrent changes of one
 * company's roles run one after the other and leave one consistent result.
 */
import {
  BUILTIN_ROLE_NAMES,
  BUILTIN_ROLES,
  PERSONAL_CONSOLE_ID,
  isPermission,
  message,
  permissionLabel,
  type BuiltinRole,
  type CompanyRole,
  type Locale,
  type Permission,
} from '@esign/platform';
import type { SessionConsole } from '../companies/console';
import { roleGrants } from '../companies/roles';
import type { Database, Queryable } from '../db';
import { ApiError } from '../http/route';

interface RoleRow {
  id: string | number;
  builtin: BuiltinRole | null;
  name: string;
  grants: string[];
  member_count: string | number;
}

const ROLE_COLUMNS = `r.id, r.builtin, r.name, r.grants,
  (SELECT count(*) FROM company_members m WHERE m.role_id = r.id) AS member_count`;

/** Built-in roles first, in their fixed order; then custom roles, oldest first. */
const ROLE_ORDER = `CASE r.builtin ${BUILTIN_ROLES.map((role, index) => `WHEN '${role}' THEN ${index}`).join(' ')} ELSE ${BUILTIN_ROLES.length} END, r.id`;

function toRole(row: RoleRow): CompanyRole {
  return {
    id: String(row.id),
    name: row.name,
    builtin: row.builtin,
    grants: roleGrants(row.builtin, row.grants),
    memberCount: Number(row.member_count),
  };
}

/** The company of a role call: refused clearly in the personal console, which has no roles. */
export function companyOf(current: SessionConsole): number {
  if (current.companyId === PERSONAL_CONSOLE_ID) {
    throw new ApiError('companyConsoleRequired', 400);
  }
  return current.companyId;
}

/** Every role of a company, built-in ones first. */
export async function listRoles(
  database: Pick<Queryable, 'query'>,
  companyId: number,
): Promise<CompanyRole[]> {
  const rows = await database.query<RoleRow>(
    `SELECT ${ROLE_COLUMNS} FROM company_roles r WHERE r.company_id = $1 ORDER BY ${ROLE_ORDER}`,
    [companyId],
  );
  return rows.map(toRole);
}

/** A role of the company, or 404 (another company's id is not found, whatever it is). */
export async function findRole(
  database: Pick<Queryable, 'query'>,
  companyId: number,
  roleId: number,
): Promise<CompanyRole> {
  const [row] = await database.query<RoleRow>(
    `SELECT ${ROLE_COLUMNS} FROM company_roles r WHERE r.company_id = $1 AND r.id = $2`,
    [companyId, roleId],
  );
  if (!row) throw new ApiError('roleNotFound', 404);
  return toRole(row);
}

/**
 * Runs a change of a company's roles in one transaction that first locks the company's row: two
 * changes of the same company never interleave.
 */
function changeRoles<T>(
  database: Database,
  companyId: number,
  change: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return database.transaction(async (tx) => {
    await tx.query('SELECT id FROM companies WHERE id = $1 FOR UPDATE', [companyId]);
    return change(tx);
  });
}

/** Whether a name is a built-in role's, by its key or its name in either language. */
function isBuiltinName(name: string): boolean {
  const lower = name.toLowerCase();
  return BUILTIN_ROLES.some(
    (role) =>
      role.toLowerCase() === lower ||
      Object.values(BUILTIN_ROLE_NAMES[role]).some((label) => label.toLowerCase() === lower),
  );
}

/** Creates a custom role (no grants yet) or renames one. */
export function submitRole(
  database: Database,
  companyId: number,
  { id, name }: { id?: number | undefined; name: string },
): Promise<CompanyRole> {
  return changeRoles(database, companyId, async (tx) => {
    if (id !== undefined) {
      const role = await findRole(tx, companyId, id);
      if (role.builtin === 'admin') throw new ApiError('roleAdminFixed', 403);
      if (role.builtin) throw new ApiError('roleBuiltinFixed', 403);
    }
    if (isBuiltinName(name)) throw new ApiError('roleNameBuiltin');
    const [taken] = await tx.query(
      `SELECT 1 FROM company_roles WHERE company_id = $1 AND lower(name) = lower($2)
         AND id IS DISTINCT FROM $3::bigint`,
      [companyId, name, id ?? null],
    );
    if (taken) throw new ApiError('roleNameTaken', 409);
    const [row] =
      id === undefined
        ? await tx.query<{ id: string }>(
            `INSERT INTO company_roles (company_id, name, grants) VALUES ($1, $2, '{}') RETURNING id`,
            [companyId, name],
          )
        : await tx.query<{ id: string }>(
            `UPDATE company_roles SET name = $3, updated_at = now()
             WHERE company_id = $1 AND id = $2 RETURNING id`,
            [companyId, id, name],
          );
    return findRole(tx, companyId, Number(row!.id));
  });
}

/** The text naming permissions, in a language: 'Staff list · Forbid, Fee center · Wallet'. */
function labels(permissions: readonly Permission[], locale: Locale): string {
  return permissions
    .map((permission) => permissionLabel(permission, locale))
    .join(locale === 'zh' ? '、' : ', ');
}

/**
 * Sets a role's grants: only leaves of the tree (anything else is refused, named); a member who is
 * not the administrator cannot add a permission they do not hold (refused, naming it).
 */
export function grantRole(
  database: Database,
  current: SessionConsole,
  { roleId, grants }: { roleId: number; grants: string[] },
  locale: Locale,
): Promise<CompanyRole> {
  const companyId = companyOf(current);
  const unknown = [...new Set(grants.filter((key) => !isPermission(key)))];
  if (unknown.length > 0) {
    throw new ApiError(
      'roleGrantUnknown',
      400,
      400,
      { unknown },
      `${message('roleGrantUnknown', locale)}: ${unknown.join(', ')}`,
    );
  }
  const wanted = [...new Set(grants as Permission[])];
  return changeRoles(database, companyId, async (tx) => {
    const role = await findRole(tx, companyId, roleId);
    if (role.builtin === 'admin') throw new ApiError('roleAdminFixed', 403);
    if (!current.admin) {
      const had = new Set(role.grants);
      const notHeld = wanted.filter((key) => !had.has(key) && !current.grants.has(key));
      if (notHeld.length > 0) {
        throw new ApiError(
          'roleGrantNotHeld',
          403,
          403,
          { notHeld },
          `${message('roleGrantNotHeld', locale)}: ${labels(notHeld, locale)}`,
        );
      }
    }
    await tx.query(
      `UPDATE company_roles SET grants = $3::text[], updated_at = now()
       WHERE company_id = $1 AND id = $2`,
      [companyId, roleId, wanted],
    );
    return findRole(tx, companyId, roleId);
  });
}

/**
 * Deletes a custom role. Members who hold it move to `moveTo` in the same transaction (required
 * while any hold it): never the administrator's role (a company has one administrator), and —
 * for a member who is not the administrator — never a role granting what they do not hold.
 */
export function deleteRole(
  database: Database,
  current: SessionConsole,
  { id, moveTo }: { id: number; moveTo?: number | undefined },
  locale: Locale,
): Promise<{ moved: number }> {
  const companyId = companyOf(current);
  return changeRoles(database, companyId, async (tx) => {
    const role = await findRole(tx, companyId, id);
    if (role.builtin === 'admin') throw new ApiError('roleAdminFixed', 403);
    if (role.builtin) throw new ApiError('roleBuiltinFixed', 403);
    let moved = 0;
    if (role.memberCount > 0) {
      if (moveTo === undefined) {
        throw new ApiError('roleHeld', 409, 409, { memberCount: role.memberCount });
      }
      if (moveTo === id) throw new ApiError('roleMoveToSame');
      const target = await findRole(tx, companyId, moveTo);
      if (target.builtin === 'admin') throw new ApiError('roleMoveToAdmin', 403);
      const notHeld = current.admin ? [] : target.grants.filter((key) => !current.grants.has(key));
      if (notHeld.length > 0) {
        throw new ApiError(
          'roleGrantNotHeld',
          403,
          403,
          { notHeld },
          `${message('roleGrantNotHeld', locale)}: ${labels(notHeld, locale)}`,
        );
      }
      const rows = await tx.query(
        'UPDATE company_members SET role_id = $3 WHERE company_id = $1 AND role_id = $2 RETURNING user_id',
        [companyId, id, moveTo],
      );
      moved = rows.length;
    }
    await tx.query('DELETE FROM company_roles WHERE company_id = $1 AND id = $2', [companyId, id]);
    return { moved };
  });
}
