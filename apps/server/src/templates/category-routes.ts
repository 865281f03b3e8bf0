import {
  PATHS,
  categoryFileBody,
  categoryPageQuery,
  categoryTemplatesQuery,
  categoryUnfileBody,
  grantableMembersQuery,
  memberRightsQuery,
  type CategoryRight,
  type MemberCategoryRight,
  type TemplateCategory,
  type TemplateListPage,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AccessClaims } from '../auth/tokens';
import type { AppContext } from '../context';
import { categoryRoutes as sharedCategoryRoutes } from '../categories/routes';
import type { Database } from '../db';
import { ApiError, route } from '../http/route';
import {
  SqlParams,
  categoryRightSql,
  consoleScope,
  requireAdmin,
  templateActor,
  type TemplateActor,
} from './access';
import { findCategory, findTemplates, listTemplates } from './queries';

const TAG = 'sicpay-contract';

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
 * and the members' rights on them (templateClassifyAuth). The calls every kind of category shares
 * (create, rename, remove, the page, the grants) are `../categories/routes`; filing templates and a
 * member's rights on every category are the templates' own.
 */
export function categoryRoutes(app: FastifyInstance, context: AppContext): void {
  const { database } = context;
  const actorOf = (session: AccessClaims) => templateActor(database, session);
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

  sharedCategoryRoutes<TemplateActor, TemplateCategory>(app, context, {
    table: 'template_categories',
    grantsTable: 'template_category_grants',
    managePermission: 'template:add',
    viewPermission: 'template:view',
    tag: TAG,
    actorOf,
    requireAdministrator: requireAdmin,
    administered: administeredCategory,
    newCategory: (actor) => ({
      tenant_id: actor.tenantId,
      company_id: actor.companyId,
      owner_user_id: actor.userId,
    }),
    holds: { table: 'templates', column: 'category_id' },
    refuseRemoving: new ApiError('categoryNotEmpty'),
    scope: (actor, params, alias) => consoleScope(actor, params, alias, 'owner_user_id'),
    rightSql: categoryRightSql,
    pageRow: (category, count) => ({
      id: category.id,
      name: category.name,
      right: category.right,
      templateCount: count,
      createTime: category.createTime,
    }),
    calls: {
      save: {
        path: PATHS.categorySave,
        example: { body: { name: 'Leases' } },
        summary: 'Creates a template category (administrator; name 1–20 characters, unique)',
      },
      rename: {
        path: PATHS.categoryRename,
        example: { body: { id: '3', name: 'Office leases' } },
        summary: 'Renames a template category (administrator)',
      },
      remove: {
        path: PATHS.categoryRemove,
        example: { body: { id: '3' } },
        summary:
          'Removes an empty template category and its grants (administrator); one that holds templates is refused until they are moved',
      },
      page: {
        path: PATHS.categoryUserPage,
        example: { query: { current: '1', size: '10', name: 'Lease' } },
        summary:
          'A page of the template categories the member has a right on (all of them for the administrator), with that right and their template counts',
        query: categoryPageQuery,
      },
      grants: {
        path: PATHS.categoryGrants,
        example: { query: { current: '1', size: '10', classifyId: '3' } },
        summary: 'A page of the members granted a right on a category (administrator)',
      },
      grantableMembers: {
        path: PATHS.categoryGrantableMembers,
        example: { query: { classifyId: '3', keyword: 'Wang' } },
        summary:
          'The company’s members who have no right on a category yet, by name or phone (administrator; at most 100)',
        query: grantableMembersQuery,
      },
      grant: {
        path: PATHS.categoryGrant,
        example: { body: { grants: [{ classifyId: '3', userId: '7', right: 'use' }] } },
        summary:
          'Gives members use or manage on categories, or takes it away with none (administrator)',
      },
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
}
