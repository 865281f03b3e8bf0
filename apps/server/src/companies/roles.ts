import {
  BUILTIN_ROLE_GRANTS,
  BUILTIN_ROLES,
  builtinGrants,
  isPermission,
  type BuiltinRole,
  type Permission,
} from '@esign/platform';
import type { Queryable } from '../db';

/**
 * Gives a new company its five built-in roles (the administrator's grants are implied: it holds
 * every permission). Every place that creates a company calls this in the same transaction.
 */
export async function createBuiltinRoles(
  tx: Pick<Queryable, 'query'>,
  companyId: number,
): Promise<void> {
  for (const builtin of BUILTIN_ROLES) {
    await tx.query(
      `INSERT INTO company_roles (company_id, builtin, name, grants) VALUES ($1, $2, $2, $3::text[])
       ON CONFLICT DO NOTHING`,
      [companyId, builtin, builtin === 'admin' ? [] : BUILTIN_ROLE_GRANTS[builtin]],
    );
  }
}

/** Makes a user an active member of a company in one of its built-in roles. */
export async function addMember(
  tx: Pick<Queryable, 'query'>,
  companyId: number,
  userId: number,
  role: BuiltinRole,
): Promise<void> {
  await tx.query(
    `INSERT INTO company_members (company_id, user_id, role_id)
     SELECT $1, $2, id FROM company_roles WHERE company_id = $1 AND builtin = $3
     ON CONFLICT DO NOTHING`,
    [companyId, userId, role],
  );
}

/** The permissions a role row grants: all for the administrator, else its stored grants. */
export function roleGrants(builtin: string | null, grants: readonly string[]): Permission[] {
  if (builtin === 'admin') return builtinGrants('admin');
  return grants.filter(isPermission);
}
