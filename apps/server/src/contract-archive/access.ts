import { PERSONAL_CONSOLE_ID, type CategoryRight } from '@esign/platform';
import type { AccessClaims } from '../auth/tokens';
import { sessionConsole } from '../companies/console';
import { consoleKeys } from '../contracts/turn';
import type { Database } from '../db';
import { ApiError } from '../http/route';
import { SqlParams } from '../templates/access';

/**
 * Who acts on the archive: a signed-in user in a console. The console's categories and its
 * completed contracts alone exist for the actor; anything else answers 404.
 */
export interface ArchiveActor {
  session: AccessClaims;
  userId: number;
  tenantId: string;
  /** The company of the console; null in the personal console. */
  companyId: number | null;
  /** The console's keys (`consoleKeys`): the first one names the console's archive. */
  keys: string[];
  consoleKey: string;
  /**
   * The archive's keeper: the owner of the personal console, or a member whose role grants
   * `contract:manage` (the company's administrator among them) — every right on every category,
   * and the only one who makes, renames, removes categories and grants rights on them.
   */
  keeper: boolean;
}

/** The actor of a signed-in request: 403 when the user has left the session's company. */
export async function archiveActor(
  database: Database,
  session: AccessClaims,
): Promise<ArchiveActor> {
  const current = await sessionConsole(database, session);
  const keys = await consoleKeys(database, session);
  return {
    session,
    userId: session.userId,
    tenantId: session.tenantId,
    companyId: current.companyId === PERSONAL_CONSOLE_ID ? null : current.companyId,
    keys,
    consoleKey: keys[0]!,
    keeper: current.companyId === PERSONAL_CONSOLE_ID || current.grants.has('contract:manage'),
  };
}

/** The actor's right on a category (`alias`) as SQL, null for none: the keeper's, or a grant. */
export function archiveRightSql(actor: ArchiveActor, params: SqlParams, category: string): string {
  if (actor.keeper) return `'manage'`;
  return `(SELECT g.access FROM contract_archive_grants g
           WHERE g.category_id = ${category} AND g.user_id = ${params.add(actor.userId)})`;
}

/** The categories of the actor's console (`alias`), as an SQL condition. */
export function archiveScope(actor: ArchiveActor, params: SqlParams, alias = 'k'): string {
  return `${alias}.tenant_id = ${params.add(actor.tenantId)} AND ${alias}.console_key = ${params.add(actor.consoleKey)}`;
}

/**
 * A category of the actor's console with the actor's right on it: 404 when the console has no
 * such category, 403 'No permission for now' when the actor's right is less than `need` (no grant
 * at all is 403 too: the category exists, the member is not let in).
 */
export async function findArchiveCategory(
  database: Database,
  actor: ArchiveActor,
  id: number,
  need: CategoryRight,
): Promise<{ id: number; name: string; right: CategoryRight }> {
  const params = new SqlParams();
  const [row] = await database.query<{ id: string; name: string; access: CategoryRight | null }>(
    `SELECT k.id, k.name, ${archiveRightSql(actor, params, 'k.id')} AS access
     FROM contract_archive_categories k
     WHERE k.id = ${params.add(id)} AND ${archiveScope(actor, params)}`,
    params.values,
  );
  if (!row) throw new ApiError('notFound', 404);
  if (!(row.access === 'manage' || (row.access === 'use' && need === 'use'))) {
    throw new ApiError('noPermission', 403);
  }
  return { id: Number(row.id), name: row.name, right: row.access };
}

/** Refuses with 403 unless the actor keeps the console's archive. */
export function requireKeeper(actor: ArchiveActor): void {
  if (!actor.keeper) throw new ApiError('noPermission', 403);
}
