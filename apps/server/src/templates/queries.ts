import type {
  CategoryRight,
  Locale,
  Page,
  PageSize,
  TemplateListItem,
  TemplateSaved,
  TemplateStatus,
} from '@esign/platform';
import type { StampLocation, TemplateCheck, TemplateProject } from '@esign/template-editor/core';
import type { Database } from '../db';
import { queryPage } from '../db/paging';
import { ApiError } from '../http/route';
import {
  SqlParams,
  categoryRightSql,
  consoleScope,
  containsPattern,
  listTime,
  requireRight,
  templateRightSql,
  type TemplateActor,
} from './access';
import { localizeProblems, type CheckedProject } from './project';

/** A template as the list shows it, with the actor's right on it. */
interface ListRow {
  id: string | number;
  name: string;
  description: string;
  category_id: string | number | null;
  category_name: string | null;
  creator_user_id: string | number;
  creator_name: string;
  create_time: string;
  update_time: string;
  status: number;
  problems: TemplateCheck[];
  access: CategoryRight | null;
}

/** A template with everything the editor and the signing service need. */
export interface TemplateRow extends ListRow {
  tenant_id: string;
  document_id: string;
  document_name: string;
  page_sizes: PageSize[];
  project: TemplateProject;
  stamp_locations: StampLocation[];
}

const LIST_COLUMNS = `t.id, t.name, t.description, t.category_id, c.name AS category_name,
  t.creator_user_id, u.name AS creator_name, ${listTime('t.created_at')} AS create_time,
  ${listTime('t.updated_at')} AS update_time, t.status, t.problems`;
const FULL_COLUMNS = `${LIST_COLUMNS}, t.tenant_id, t.document_id, d.name AS document_name, t.page_sizes,
  t.project, t.stamp_locations`;
const JOINS = `JOIN users u ON u.id = t.creator_user_id
  LEFT JOIN template_categories c ON c.id = t.category_id`;

async function selectTemplate(
  database: Database,
  params: SqlParams,
  access: string,
  where: string,
): Promise<TemplateRow | undefined> {
  const [row] = await database.query<TemplateRow>(
    `SELECT ${FULL_COLUMNS}, ${access} AS access
     FROM templates t ${JOINS} JOIN documents d ON d.id = t.document_id WHERE ${where}`,
    params.values,
  );
  return row;
}

/**
 * One template of the actor's console with the actor's right on it: 404 when the console has no
 * such template, 403 'No permission for now' when the right is short of `need`.
 */
export async function findTemplate(
  database: Database,
  actor: TemplateActor,
  id: number,
  need: CategoryRight,
): Promise<TemplateRow> {
  const params = new SqlParams();
  const access = templateRightSql(actor, params);
  const where = `t.id = ${params.add(id)} AND ${consoleScope(actor, params, 't', 'creator_user_id')}`;
  const row = await selectTemplate(database, params, access, where);
  if (!row) throw new ApiError('notFound', 404);
  requireRight(row.access, need);
  return row;
}

/** A template by id alone, for a caller that holds a right to it already (a preview ticket). */
export async function templateById(database: Database, id: number): Promise<TemplateRow> {
  const params = new SqlParams();
  const row = await selectTemplate(database, params, `'use'`, `t.id = ${params.add(id)}`);
  if (!row) throw new ApiError('notFound', 404);
  return row;
}

/**
 * A category of the actor's console and the actor's right on it: 404 when the console has no
 * such category, 403 when the right is short of `need`.
 */
export async function findCategory(
  database: Database,
  actor: TemplateActor,
  id: number,
  need: CategoryRight,
): Promise<{ id: number; name: string; right: CategoryRight }> {
  const params = new SqlParams();
  const [row] = await database.query<{ name: string; access: CategoryRight | null }>(
    `SELECT c.name, ${categoryRightSql(actor, params)} AS access FROM template_categories c
     WHERE c.id = ${params.add(id)} AND ${consoleScope(actor, params, 'c', 'owner_user_id')}`,
    params.values,
  );
  if (!row) throw new ApiError('notFound', 404);
  return { id, name: row.name, right: requireRight(row.access, need) };
}

/** Several templates of the actor's console, each of which the actor must have `need` on. */
export async function findTemplates(
  database: Database,
  actor: TemplateActor,
  ids: readonly number[],
  need: CategoryRight,
): Promise<void> {
  for (const id of new Set(ids)) await findTemplate(database, actor, id, need);
}

export interface TemplateFilter {
  name?: string | undefined;
  categoryId?: number | undefined;
  status?: TemplateStatus | undefined;
  current: number;
  size: number;
}

/** A page of the templates the actor may see (any right), newest first. */
export async function listTemplates(
  database: Database,
  actor: TemplateActor,
  filter: TemplateFilter,
  locale: Locale,
): Promise<Page<TemplateListItem>> {
  const params = new SqlParams();
  const conditions = [consoleScope(actor, params, 't', 'creator_user_id')];
  if (filter.name) conditions.push(`t.name ILIKE ${params.add(containsPattern(filter.name))}`);
  if (filter.categoryId) conditions.push(`t.category_id = ${params.add(filter.categoryId)}`);
  if (filter.status !== undefined) conditions.push(`t.status = ${params.add(filter.status)}`);
  return queryPage<ListRow, TemplateListItem>(
    database,
    {
      sql: `SELECT * FROM (SELECT ${LIST_COLUMNS}, ${templateRightSql(actor, params)} AS access,
          t.created_at AS created_at
        FROM templates t ${JOINS} WHERE ${conditions.join(' AND ')}) visible
        WHERE visible.access IS NOT NULL`,
      params: params.values,
      order: 'created_at DESC, id DESC',
    },
    filter,
    (row) => listItem(row, locale),
  );
}

/** A template's row as the list answers it. */
export function listItem(row: ListRow, locale: Locale): TemplateListItem {
  return {
    id: String(row.id),
    name: row.name,
    description: row.description,
    classifyId: row.category_id === null ? null : String(row.category_id),
    classifyName: row.category_name,
    creatorId: String(row.creator_user_id),
    creatorName: row.creator_name,
    createTime: row.create_time,
    updateTime: row.update_time,
    status: row.status === 1 ? 1 : 0,
    problems: localizeProblems(row.problems, locale),
    right: row.access ?? 'use',
  };
}

/**
 * The project a template answers: the stored one, its name, description, status and templateId
 * those of the template (which the template's own calls change).
 */
export function answeredProject(row: TemplateRow): TemplateProject {
  return {
    ...row.project,
    name: row.name,
    description: row.description,
    status: row.status,
    templateId: String(row.id),
  };
}

/**
 * Stores a checked project (and any basics that change with it) in a template. A template left
 * with problems is disabled: an enabled template always passes `validateTemplate`.
 */
export async function storeProject(
  database: Database,
  id: number,
  checked: CheckedProject,
  locale: Locale,
  basics: Partial<{
    name: string;
    description: string;
    categoryId: number | null;
    documentId: string;
    pageSizes: PageSize[];
  }> = {},
): Promise<TemplateSaved> {
  const params = new SqlParams();
  const sets = [
    `project = ${params.add(JSON.stringify(checked.project))}::jsonb`,
    `stamp_locations = ${params.add(JSON.stringify(checked.stampLocations))}::jsonb`,
    `problems = ${params.add(JSON.stringify(checked.problems))}::jsonb`,
    `status = CASE WHEN ${params.add(checked.problems.length)}::int = 0 THEN status ELSE 0 END`,
    'updated_at = now()',
  ];
  if (basics.name !== undefined) sets.push(`name = ${params.add(basics.name)}`);
  if (basics.description !== undefined)
    sets.push(`description = ${params.add(basics.description)}`);
  if (basics.categoryId !== undefined) sets.push(`category_id = ${params.add(basics.categoryId)}`);
  if (basics.documentId !== undefined) sets.push(`document_id = ${params.add(basics.documentId)}`);
  if (basics.pageSizes !== undefined)
    sets.push(`page_sizes = ${params.add(JSON.stringify(basics.pageSizes))}::jsonb`);
  const [row] = await database.query<{ status: number }>(
    `UPDATE templates SET ${sets.join(', ')} WHERE id = ${params.add(id)} RETURNING status`,
    params.values,
  );
  return {
    id: String(id),
    status: row!.status === 1 ? 1 : 0,
    problems: localizeProblems(checked.problems, locale),
  };
}
