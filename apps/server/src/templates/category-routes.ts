import {
  PATHS,
  categoryFileBody,
  categoryGrantBody,
  categoryGrantsQuery,
  categoryPageQuery,
  categoryRemoveBody,
  categoryRenameBody,
  categorySaveBody,
  categoryTemplatesQuery,
  categoryUnfileBody,
  grantableMembersQuery,
  memberRightsQuery,
  type CategoryGrant,
  type CategoryRight,
  type CategorySaved,
  type MemberCategoryRight,
  type Page,
  type StaffMember,
  type TemplateCategory,
  type TemplateListPage,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AccessClaims } from '../auth/tokens';
import type { AppContext } from '../context';
import type { Database } from '../db';
import { queryPage } from '../db/paging';
import { ApiError, route } from '../http/route';
import {
  SqlParams,
  categoryRightSql,
  consoleScope,
  containsPattern,
  listTime,
  refusingConflicts,
  requireAdmin,
  templateActor,
  type TemplateActor,
} from './access';
import { findCategory, findTemplates, listTemplates } from './queries';

const TAG = 'sicpay-contract';

interface CategoryRow {
  id: string | number;
  name: string;
  access: CategoryRight;
  create_time: string;
  template_count: number;
}

interface GrantRow {
  user_id: string | number;
  name: string;
  phone: string;
  access: CategoryRight;
  create_time: string;
}

/** Members of the actor's company among `userIds` (none in the personal console). */
async function companyMembers(
  database: Database,
  actor: TemplateActor,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (actor.companyId === null) return new Set();
  const rows = await database.query<{ user_id: string | number }>(
    'SELECT user_id FROM company_members WHERE company_id = $1 AND user_id = ANY($2::bigint[])',
    [actor.companyId, [...new Set(userIds)]],
  );
  return new Set(rows.map((row) => Number(row.user_id)));
}

/**
 * Template categories (templateclassify), the templates filed in them (templateclassifyrefarchive)
 * and the members' rights on them (templateClassifyAuth).
 */
export function categoryRoutes(app: FastifyInstance, context: AppContext): void {
  const { database } = context;
  const actorOf = (session: AccessClaims) => templateActor(database, session);
  const nameTaken = new ApiError('nameNotUnique');
  /** Files templates the actor manages in a category, or (null) in none. */
  const fileTemplates = async (
    actor: TemplateActor,
    templateIds: number[],
    categoryId: number | null,
  ) => {
    await findTemplates(database, actor, templateIds, 'manage');
    await database.query(
      'UPDATE templates SET category_id = $1, updated_at = now() WHERE id = ANY($2::bigint[])',
      [categoryId, templateIds],
    );
  };
  /** A category of the console (404 otherwise) that only its administrator changes (403). */
  const administeredCategory = async (actor: TemplateActor, id: number) => {
    await findCategory(database, actor, id, 'manage');
    requireAdmin(actor);
  };

  route(app, context, {
    method: 'POST',
    path: PATHS.categorySave,
    example: { body: { name: 'Leases' } },
    summary: 'Creates a template category (administrator; name 1–20 characters, unique)',
    tag: TAG,
    permission: 'template:add',
    body: categorySaveBody,
    handler: async ({ session, body }): Promise<CategorySaved> => {
      const actor = await actorOf(session);
      requireAdmin(actor);
      const [row] = await refusingConflicts(
        () =>
          database.query<{ id: string | number }>(
            `INSERT INTO template_categories (tenant_id, company_id, owner_user_id, name)
             VALUES ($1, $2, $3, $4) RETURNING id`,
            [actor.tenantId, actor.companyId, actor.userId, body.name],
          ),
        { unique: nameTaken },
      );
      return { id: String(row!.id), name: body.name };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.categoryRename,
    example: { body: { id: '3', name: 'Office leases' } },
    summary: 'Renames a template category (administrator)',
    tag: TAG,
    permission: 'template:add',
    body: categoryRenameBody,
    handler: async ({ session, body }): Promise<CategorySaved> => {
      const actor = await actorOf(session);
      await administeredCategory(actor, body.id);
      await refusingConflicts(
        () =>
          database.query('UPDATE template_categories SET name = $1 WHERE id = $2', [
            body.name,
            body.id,
          ]),
        { unique: nameTaken },
      );
      return { id: String(body.id), name: body.name };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.categoryRemove,
    example: { body: { id: '3' } },
    summary:
      'Removes an empty template category and its grants (administrator); one that holds templates is refused until they are moved',
    tag: TAG,
    permission: 'template:add',
    body: categoryRemoveBody,
    handler: async ({ session, body }) => {
      const actor = await actorOf(session);
      await administeredCategory(actor, body.id);
      const notEmpty = new ApiError('categoryNotEmpty');
      const [held] = await database.query(
        'SELECT 1 FROM templates WHERE category_id = $1 LIMIT 1',
        [body.id],
      );
      if (held) throw notEmpty;
      await refusingConflicts(
        () => database.query('DELETE FROM template_categories WHERE id = $1', [body.id]),
        { foreignKey: notEmpty },
      );
      return null;
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.categoryUserPage,
    example: { query: { current: '1', size: '10', name: 'Lease' } },
    summary:
      'A page of the template categories the member has a right on (all of them for the administrator), with that right and their template counts',
    tag: TAG,
    permission: 'template:view',
    query: categoryPageQuery,
    handler: async ({ session, query }): Promise<Page<TemplateCategory>> => {
      const actor = await actorOf(session);
      const params = new SqlParams();
      const conditions = [consoleScope(actor, params, 'c', 'owner_user_id')];
      if (query.name) conditions.push(`c.name ILIKE ${params.add(containsPattern(query.name))}`);
      return queryPage<CategoryRow, TemplateCategory>(
        database,
        {
          sql: `SELECT * FROM (SELECT c.id, c.name, ${categoryRightSql(actor, params)} AS access,
              ${listTime('c.created_at')} AS create_time, c.created_at,
              (SELECT count(*)::int FROM templates t WHERE t.category_id = c.id) AS template_count
            FROM template_categories c WHERE ${conditions.join(' AND ')}) visible
            WHERE visible.access IS NOT NULL`,
          params: params.values,
          order: 'created_at, id',
        },
        query,
        (row) => ({
          id: String(row.id),
          name: row.name,
          right: row.access,
          templateCount: row.template_count,
          createTime: row.create_time,
        }),
      );
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.categoryTemplates,
    example: { query: { current: '1', size: '10', classifyId: '3' } },
    summary: 'A page of the templates filed in a category (a right on the category)',
    tag: TAG,
    permission: 'template:view',
    query: categoryTemplatesQuery,
    handler: async ({ session, query, locale }): Promise<TemplateListPage> => {
      const actor = await actorOf(session);
      await findCategory(database, actor, query.classifyId, 'use');
      return listTemplates(
        database,
        actor,
        { categoryId: query.classifyId, current: query.current, size: query.size },
        locale,
      );
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.categoryFile,
    example: { body: { classifyId: '3', templateIds: ['12', '13'] } },
    summary:
      'Files templates in a category, moving them from theirs (manage right on the templates and the category)',
    tag: TAG,
    permission: 'template:add',
    body: categoryFileBody,
    handler: async ({ session, body }) => {
      const actor = await actorOf(session);
      await findCategory(database, actor, body.classifyId, 'manage');
      await fileTemplates(actor, body.templateIds, body.classifyId);
      return null;
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.categoryUnfile,
    example: { body: { templateIds: ['12'] } },
    summary:
      'Takes templates out of their category (manage right on them): they become visible to every member',
    tag: TAG,
    permission: 'template:add',
    body: categoryUnfileBody,
    handler: async ({ session, body }) => {
      const actor = await actorOf(session);
      await fileTemplates(actor, body.templateIds, null);
      return null;
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.categoryGrants,
    example: { query: { current: '1', size: '10', classifyId: '3' } },
    summary: 'A page of the members granted a right on a category (administrator)',
    tag: TAG,
    permission: 'template:add',
    query: categoryGrantsQuery,
    handler: async ({ session, query }): Promise<Page<CategoryGrant>> => {
      const actor = await actorOf(session);
      await administeredCategory(actor, query.classifyId);
      return queryPage<GrantRow, CategoryGrant>(
        database,
        {
          sql: `SELECT g.user_id, u.name, u.phone, g.access, g.created_at,
              ${listTime('g.created_at')} AS create_time
            FROM template_category_grants g JOIN users u ON u.id = g.user_id
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
    path: PATHS.categoryGrantableMembers,
    example: { query: { classifyId: '3', keyword: 'Wang' } },
    summary:
      'The company’s members who have no right on a category yet, by name or phone (administrator; at most 100)',
    tag: TAG,
    permission: 'template:add',
    query: grantableMembersQuery,
    handler: async ({ session, query }): Promise<StaffMember[]> => {
      const actor = await actorOf(session);
      await administeredCategory(actor, query.classifyId);
      if (actor.companyId === null) return [];
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
           AND NOT EXISTS (SELECT 1 FROM template_category_grants g
                           WHERE g.category_id = $2 AND g.user_id = m.user_id)
           AND ($3::text IS NULL OR u.name ILIKE $3 OR u.phone ILIKE $3)
         ORDER BY u.name, u.id LIMIT 100`,
        [actor.companyId, query.classifyId, query.keyword ? containsPattern(query.keyword) : null],
      );
      return rows.map((row) => ({ ...row, id: String(row.id) }));
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.categoryMemberRights,
    example: { query: { userId: '7' } },
    summary: 'One member’s right on every category of the company (administrator)',
    tag: TAG,
    permission: 'template:add',
    query: memberRightsQuery,
    handler: async ({ session, query }): Promise<MemberCategoryRight[]> => {
      const actor = await actorOf(session);
      requireAdmin(actor);
      if (!(await companyMembers(database, actor, [query.userId])).has(query.userId)) {
        throw new ApiError('notFound', 404);
      }
      const params = new SqlParams();
      const rows = await database.query<{
        id: string | number;
        name: string;
        access: CategoryRight | null;
      }>(
        `SELECT c.id, c.name, g.access FROM template_categories c
         LEFT JOIN template_category_grants g
           ON g.category_id = c.id AND g.user_id = ${params.add(query.userId)}
         WHERE ${consoleScope(actor, params, 'c', 'owner_user_id')} ORDER BY c.created_at, c.id`,
        params.values,
      );
      return rows.map((row) => ({
        classifyId: String(row.id),
        classifyName: row.name,
        right: row.access,
      }));
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.categoryGrant,
    example: { body: { grants: [{ classifyId: '3', userId: '7', right: 'use' }] } },
    summary:
      'Gives members use or manage on categories, or takes it away with none (administrator)',
    tag: TAG,
    permission: 'template:add',
    body: categoryGrantBody,
    handler: async ({ session, body }) => {
      const actor = await actorOf(session);
      for (const id of new Set(body.grants.map((grant) => grant.classifyId))) {
        await administeredCategory(actor, id);
      }
      const members = await companyMembers(
        database,
        actor,
        body.grants.map((grant) => grant.userId),
      );
      if (body.grants.some((grant) => !members.has(grant.userId))) {
        throw new ApiError('notFound', 404);
      }
      await database.transaction(async (tx) => {
        for (const grant of body.grants) {
          if (grant.right === 'none') {
            await tx.query(
              'DELETE FROM template_category_grants WHERE category_id = $1 AND user_id = $2',
              [grant.classifyId, grant.userId],
            );
          } else {
            await tx.query(
              `INSERT INTO template_category_grants (category_id, user_id, access)
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
