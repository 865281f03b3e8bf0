import { PERSONAL_CONSOLE_ID, type CategoryRight } from '@esign/platform';
import type { AccessClaims } from '../auth/tokens';
import { sessionConsole } from '../companies/console';
import type { Database } from '../db';
import { ApiError } from '../http/route';

/**
 * Who acts on templates: a signed-in user in a console. Templates and categories of that console
 * alone exist for the actor; anything else answers 404.
 */
export interface TemplateActor {
  userId: number;
  tenantId: string;
  /** The company of the console; null in the personal console. */
  companyId: number | null;
  /** The company's administrator, or the owner of the personal console: every right. */
  admin: boolean;
}

/** The actor of a signed-in request: 403 when the user has left the session's company. */
export async function templateActor(
  database: Database,
  session: AccessClaims,
): Promise<TemplateActor> {
  const current = await sessionConsole(database, session);
  return {
    userId: session.userId,
    tenantId: session.tenantId,
    companyId: current.companyId === PERSONAL_CONSOLE_ID ? null : current.companyId,
    admin: current.roles.includes('admin'),
  };
}

/** The parameters of one SQL statement, numbered in the order they are added. */
export class SqlParams {
  readonly values: unknown[] = [];

  /** Adds a value; gives its placeholder, e.g. `$3`. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The rows of the actor's console in a table of templates or categories (`alias`): the company's,
 * or in the personal console the actor's own (`owner`: the column naming their person).
 */
export function consoleScope(
  actor: TemplateActor,
  params: SqlParams,
  alias: string,
  owner: 'creator_user_id' | 'owner_user_id',
): string {
  const tenant = `${alias}.tenant_id = ${params.add(actor.tenantId)}`;
  return actor.companyId === null
    ? `${tenant} AND ${alias}.company_id IS NULL AND ${alias}.${owner} = ${params.add(actor.userId)}`
    : `${tenant} AND ${alias}.company_id = ${params.add(actor.companyId)}`;
}

/**
 * The actor's right on a template (`alias`) as SQL, null for none: the administrator and the
 * template's creator manage it; a template without a category is used by every member; otherwise
 * the member's grant on its category decides.
 */
export function templateRightSql(actor: TemplateActor, params: SqlParams, alias = 't'): string {
  if (actor.admin) return `'manage'`;
  const user = params.add(actor.userId);
  return `CASE WHEN ${alias}.creator_user_id = ${user} THEN 'manage'
    WHEN ${alias}.category_id IS NULL THEN 'use'
    ELSE (SELECT g.access FROM template_category_grants g
          WHERE g.category_id = ${alias}.category_id AND g.user_id = ${user}) END`;
}

/** The actor's right on a category (`alias`) as SQL: the administrator's, or the member's grant. */
export function categoryRightSql(actor: TemplateActor, params: SqlParams, alias = 'c'): string {
  if (actor.admin) return `'manage'`;
  return `(SELECT g.access FROM template_category_grants g
           WHERE g.category_id = ${alias}.id AND g.user_id = ${params.add(actor.userId)})`;
}

/** Refuses with 403 'No permission for now' unless `right` allows what `need` asks. */
export function requireRight(right: CategoryRight | null, need: CategoryRight): CategoryRight {
  if (right === 'manage' || (right === 'use' && need === 'use')) return right;
  throw new ApiError('noPermission', 403);
}

/** Refuses with 403 unless the actor is the company's administrator (the console's owner). */
export function requireAdmin(actor: TemplateActor): void {
  if (!actor.admin) throw new ApiError('noPermission', 403);
}

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

/** Runs `write`; a unique or foreign-key violation (a race the checks before lost) answers `text`. */
export async function refusingConflicts<T>(
  write: () => Promise<T>,
  conflict: { unique?: ApiError; foreignKey?: ApiError },
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === UNIQUE_VIOLATION && conflict.unique) throw conflict.unique;
    if (code === FOREIGN_KEY_VIOLATION && conflict.foreignKey) throw conflict.foreignKey;
    throw error;
  }
}

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** SQL of a timestamp as the lists answer it: yyyy-MM-dd HH:mm:ss, UTC. */
export const listTime = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;
