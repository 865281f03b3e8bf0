/**
 * The calls every kind of category shares — the template categories (spec 001 §6–§7:
 * templateclassify, templateClassifyAuth) and the contract archive's (issue 30: contractclassify,
 * contractClassifyAuth): create, rename, remove, the member's page of them, and the per-member
 * grants (`use` / `manage`) on one. Each area registers them with `categoryRoutes`, naming its
 * tables, paths, permission leaves, who administers its categories and what its categories hold;
 * the area's own calls (filing templates or contracts, a member's rights on every template
 * category) stay in the area.
 */
import {
  categoryGrantBody,
  categoryGrantsQuery,
  categoryRemoveBody,
  categoryRenameBody,
  categorySaveBody,
  type CategoryGrant,
  type CategoryRight,
  type CategorySaved,
  type Page,
  type Permission,
  type StaffMember,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type * as z from 'zod/mini';
import type { AccessClaims } from '../auth/tokens';
import type { AppContext } from '../context';
import { queryPage, type Paging } from '../db/paging';
import { ApiError, route, type RouteAccess, type RouteExample } from '../http/route';
import { SqlParams, containsPattern, listTime, refusingConflicts } from '../templates/access';

/** Who acts on a kind of category: a signed-in user in a console. */
export interface CategoryActor {
  userId: number;
  tenantId: string;
  /** The company of the console; null in the personal console (nobody to grant rights to). */
  companyId: number | null;
}

/** What one call shows in the OpenAPI document. */
interface CallDoc<B extends Schema | undefined, Q extends Schema | undefined> {
  path: string;
  summary: string;
  example: RouteExample<B, Q>;
}

type Schema = z.ZodMiniType;
type PageQuerySchema = z.ZodMiniType<Paging & { name?: string | undefined }, unknown>;
type GrantableQuerySchema = z.ZodMiniType<
  { classifyId: number; keyword?: string | undefined },
  unknown
>;

/** The category (without its count) as the page answers it. */
interface CategoryBase {
  id: string;
  name: string;
  right: CategoryRight;
  createTime: string;
}

/** One kind of category: its tables, calls, rights and rules. */
export interface CategoryKind<Actor extends CategoryActor, Row> {
  /** The categories' table (tenant_id, company_id, owner_user_id, name, created_at …). */
  table: string;
  /** The grants' table (category_id, user_id, access, created_at). */
  grantsTable: string;
  /** The leaf that administers the categories (create, rename, remove, grants) … */
  managePermission: Permission;
  /** … and the one that lists them (each member then sees those they have a right on). */
  viewPermission: Exclude<RouteAccess, 'public'>;
  tag: string;
  actorOf(session: AccessClaims): Promise<Actor>;
  /** 403 unless the actor administers the console's categories. */
  requireAdministrator(actor: Actor): void;
  /** A category of the console the actor administers: 404 elsewhere, 403 otherwise. */
  administered(actor: Actor, id: number): Promise<unknown>;
  /** The columns of a new category besides its name (its console). */
  newCategory(actor: Actor): Record<string, unknown>;
  /** What a category holds (`table.column` names it): counted on the page; see `refuseRemoving`. */
  holds: { table: string; column: string };
  /** Removing a category that holds something is refused with this (else what it held is freed). */
  refuseRemoving?: ApiError;
  /** The console's categories (`alias`) as an SQL condition. */
  scope(actor: Actor, params: SqlParams, alias: string): string;
  /** The actor's right on a category (`alias`) as SQL, null for none. */
  rightSql(actor: Actor, params: SqlParams, alias: string): string;
  /** A page's row: the category and how many things it holds. */
  pageRow(category: CategoryBase, count: number): Row;
  calls: {
    save: CallDoc<typeof categorySaveBody, undefined>;
    rename: CallDoc<typeof categoryRenameBody, undefined>;
    remove: CallDoc<typeof categoryRemoveBody, undefined>;
    page: CallDoc<undefined, PageQuerySchema> & { query: PageQuerySchema };
    grants: CallDoc<undefined, typeof categoryGrantsQuery>;
    grantableMembers: CallDoc<undefined, GrantableQuerySchema> & { query: GrantableQuerySchema };
    grant: CallDoc<typeof categoryGrantBody, undefined>;
  };
}

interface CategoryRow {
  id: string | number;
  name: string;
  access: CategoryRight;
  create_time: string;
  held: number;
}

interface GrantRow {
  user_id: string | number;
  name: string;
  phone: string;
  access: CategoryRight;
  create_time: string;
}

/** Registers the shared category calls of one kind of category (see the module's comment). */
export function categoryRoutes<Actor extends CategoryActor, Row>(
  app: FastifyInstance,
  context: AppContext,
  kind: CategoryKind<Actor, Row>,
): void {
  const { database } = context;
  const { calls, tag } = kind;
  const nameTaken = new ApiError('nameNotUnique');
  const manage = kind.managePermission;

  route(app, context, {
    method: 'POST',
    ...calls.save,
    tag,
    permission: manage,
    body: categorySaveBody,
    handler: async ({ session, body }): Promise<CategorySaved> => {
      const actor = await kind.actorOf(session);
      kind.requireAdministrator(actor);
      const values = { ...kind.newCategory(actor), name: body.name };
      const columns = Object.keys(values);
      const [row] = await refusingConflicts(
        () =>
          database.query<{ id: string | number }>(
            `INSERT INTO ${kind.table} (${columns.join(', ')})
             VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`,
            Object.values(values),
          ),
        { unique: nameTaken },
      );
      return { id: String(row!.id), name: body.name };
    },
  });

  route(app, context, {
    method: 'POST',
    ...calls.rename,
    tag,
    permission: manage,
    body: categoryRenameBody,
    handler: async ({ session, body }): Promise<CategorySaved> => {
      const actor = await kind.actorOf(session);
      await kind.administered(actor, body.id);
      await refusingConflicts(
        () =>
          database.query(`UPDATE ${kind.table} SET name = $1 WHERE id = $2`, [body.name, body.id]),
        { unique: nameTaken },
      );
      return { id: String(body.id), name: body.name };
    },
  });

  route(app, context, {
    method: 'POST',
    ...calls.remove,
    tag,
    permission: manage,
    body: categoryRemoveBody,
    handler: async ({ session, body }) => {
      const actor = await kind.actorOf(session);
      await kind.administered(actor, body.id);
      const refusal = kind.refuseRemoving;
      if (refusal) {
        const [held] = await database.query(
          `SELECT 1 FROM ${kind.holds.table} WHERE ${kind.holds.column} = $1 LIMIT 1`,
          [body.id],
        );
        if (held) throw refusal;
      }
      await refusingConflicts(
        () => database.query(`DELETE FROM ${kind.table} WHERE id = $1`, [body.id]),
        refusal ? { foreignKey: refusal } : {},
      );
      return null;
    },
  });

  route(app, context, {
    method: 'GET',
    ...calls.page,
    tag,
    permission: kind.viewPermission,
    handler: async ({ session, query }): Promise<Page<Row>> => {
      const actor = await kind.actorOf(session);
      const params = new SqlParams();
      const conditions = [kind.scope(actor, params, 'k')];
      if (query.name) conditions.push(`k.name ILIKE ${params.add(containsPattern(query.name))}`);
      return queryPage<CategoryRow, Row>(
        database,
        {
          sql: `SELECT * FROM (SELECT k.id, k.name, ${kind.rightSql(actor, params, 'k')} AS access,
              ${listTime('k.created_at')} AS create_time, k.created_at,
              (SELECT count(*)::int FROM ${kind.holds.table} h
               WHERE h.${kind.holds.column} = k.id) AS held
            FROM ${kind.table} k WHERE ${conditions.join(' AND ')}) visible
            WHERE visible.access IS NOT NULL`,
          params: params.values,
          order: 'created_at, id',
        },
        query,
        (row) =>
          kind.pageRow(
            {
              id: String(row.id),
              name: row.name,
              right: row.access,
              createTime: row.create_time,
            },
            row.held,
          ),
      );
    },
  });

  route(app, context, {
    method: 'GET',
    ...calls.grants,
    tag,
    permission: manage,
    query: categoryGrantsQuery,
    handler: async ({ session, query }): Promise<Page<CategoryGrant>> => {
      const actor = await kind.actorOf(session);
      await kind.administered(actor, query.classifyId);
      return queryPage<GrantRow, CategoryGrant>(
        database,
        {
          sql: `SELECT g.user_id, u.name, u.phone, g.access, g.created_at,
              ${listTime('g.created_at')} AS create_time
            FROM ${kind.grantsTable} g JOIN users u ON u.id = g.user_id
            WHERE g.category_id = $1`,
          params: [query.classifyId],
          order: 'created_at, user_id',
        },
        query,
        (row) => ({
          userId: String(row.user_id),
          name: row.name,
          phone: row.phone,
          right: row.access,
          createTime: row.create_time,
        }),
      );
    },
  });

  route(app, context, {
    method: 'GET',
    ...calls.grantableMembers,
    tag,
    permission: manage,
    handler: async ({ session, query }): Promise<StaffMember[]> => {
      const actor = await kind.actorOf(session);
      await kind.administered(actor, query.classifyId);
      if (actor.companyId === null) return [];
      // The company's administrator has every right already, and so has the actor.
      const rows = await database.query<{
        id: string | number;
        name: string;
        phone: string;
        role: string;
      }>(
        `SELECT u.id, u.name, u.phone, COALESCE(r.builtin, r.name) AS role
         FROM company_members m JOIN users u ON u.id = m.user_id
         JOIN company_roles r ON r.id = m.role_id
         WHERE m.company_id = $1 AND r.builtin IS DISTINCT FROM 'admin' AND m.status = 'active'
           AND m.user_id <> $4
           AND NOT EXISTS (SELECT 1 FROM ${kind.grantsTable} g
                           WHERE g.category_id = $2 AND g.user_id = m.user_id)
           AND ($3::text IS NULL OR u.name ILIKE $3 OR u.phone ILIKE $3)
         ORDER BY u.name, u.id LIMIT 100`,
        [
          actor.companyId,
          query.classifyId,
          query.keyword ? containsPattern(query.keyword) : null,
          actor.userId,
        ],
      );
      return rows.map((row) => ({ ...row, id: String(row.id) }));
    },
  });

  route(app, context, {
    method: 'POST',
    ...calls.grant,
    tag,
    permission: manage,
    body: categoryGrantBody,
    handler: async ({ session, body }) => {
      const actor = await kind.actorOf(session);
      for (const id of new Set(body.grants.map((grant) => grant.classifyId))) {
        await kind.administered(actor, id);
      }
      // Rights are given to the company's members only (none in the personal console).
      const userIds = [...new Set(body.grants.map((grant) => grant.userId))];
      const members =
        actor.companyId === null
          ? []
          : await database.query<{ user_id: string | number }>(
              `SELECT user_id FROM company_members
               WHERE company_id = $1 AND user_id = ANY($2::bigint[])`,
              [actor.companyId, userIds],
            );
      if (members.length !== userIds.length) throw new ApiError('notFound', 404);
      await database.transaction(async (tx) => {
        for (const grant of body.grants) {
          if (grant.right === 'none') {
            await tx.query(
              `DELETE FROM ${kind.grantsTable} WHERE category_id = $1 AND user_id = $2`,
              [grant.classifyId, grant.userId],
            );
          } else {
            await tx.query(
              `INSERT INTO ${kind.grantsTable} (category_id, user_id, access)
               VALUES ($1, $2, $3)
               ON CONFLICT (category_id, user_id) DO UPDATE SET access = EXCLUDED.access`,
              [grant.classifyId, grant.userId, grant.right],
            );
          }
        }
      });
      return null;
    },
  });
}
