/**
 * A company's approval flows (workflow templates) in the database: reading them, saving one whole
 * (its nodes replaced in the same transaction, under a lock of the flow's company so that two
 * saves of one company never interleave), enabling, and removing one nothing uses.
 */
import {
  workflowInUseText,
  type Locale,
  type Page,
  type WorkflowDetail,
  type WorkflowInUse,
  type WorkflowListItem,
  type WorkflowNode,
  type WorkflowNodeKind,
  type WorkflowOption,
  type WorkflowStatus,
  type WorkflowType,
} from '@esign/platform';
import type { Database, Queryable } from '../db';
import { queryPage } from '../db/paging';
import { ApiError } from '../http/route';
import { containsPattern, listTime, refusingConflicts } from '../templates/access';

/** Who acts: the session's tenant, company and user. */
export interface FlowActor {
  tenantId: string;
  companyId: number;
  userId: number;
}

interface FlowRow {
  id: string | number;
  name: string;
  type: WorkflowType;
  status: number;
  creator_name: string;
  created_at: string;
  node_count: number;
}

const FLOW_SQL = `SELECT w.id, w.name, w.type, w.status, w.created_at AS created,
    ${listTime('w.created_at')} AS created_at, COALESCE(u.name, '') AS creator_name,
    (SELECT count(*)::int FROM workflow_nodes n WHERE n.workflow_id = w.id) AS node_count
  FROM workflow_templates w JOIN users u ON u.id = w.creator_user_id`;

function toItem(row: FlowRow): WorkflowListItem {
  return {
    id: String(row.id),
    name: row.name,
    type: row.type,
    status: row.status as WorkflowStatus,
    creatorName: row.creator_name,
    createdAt: row.created_at,
    nodeCount: row.node_count,
  };
}

/** A page of the company's flows, newest first, by part of the name, type and status. */
export function flowPage(
  database: Database,
  companyId: number,
  query: {
    current: number;
    size: number;
    name?: string | undefined;
    type?: WorkflowType | undefined;
    status?: '0' | '1' | undefined;
  },
): Promise<Page<WorkflowListItem>> {
  return queryPage<FlowRow, WorkflowListItem>(
    database,
    {
      sql: `${FLOW_SQL} WHERE w.company_id = $1 AND ($2::text IS NULL OR w.name ILIKE $2)
        AND ($3::text IS NULL OR w.type = $3) AND ($4::int IS NULL OR w.status = $4)`,
      params: [
        companyId,
        query.name ? containsPattern(query.name) : null,
        query.type ?? null,
        query.status === undefined ? null : Number(query.status),
      ],
      order: 'created DESC, id DESC',
    },
    query,
    toItem,
  );
}

/** A flow of the company with its nodes and people, or 404 (another company's flow too). */
export async function flowDetail(
  database: Pick<Queryable, 'query'>,
  companyId: number,
  id: number,
): Promise<WorkflowDetail> {
  const [row] = await database.query<FlowRow>(`${FLOW_SQL} WHERE w.company_id = $1 AND w.id = $2`, [
    companyId,
    id,
  ]);
  if (!row) throw new ApiError('workflowNotFound', 404);
  const people = await database.query<{
    position: number;
    kind: WorkflowNodeKind;
    id: string | number | null;
    name: string | null;
    phone: string | null;
  }>(
    `SELECT n.position, n.kind, u.id, u.name, u.phone
     FROM workflow_nodes n
     LEFT JOIN workflow_node_people p ON p.workflow_id = n.workflow_id AND p.position = n.position
     LEFT JOIN users u ON u.id = p.user_id
     WHERE n.workflow_id = $1 ORDER BY n.position, p.ordinal`,
    [id],
  );
  const nodes: WorkflowNode[] = [];
  for (const person of people) {
    const node = (nodes[person.position] ??= { kind: person.kind, people: [] });
    if (person.id !== null) {
      node.people.push({
        id: String(person.id),
        name: person.name ?? '',
        phone: person.phone ?? '',
      });
    }
  }
  const { nodeCount: _count, ...item } = toItem(row);
  return { ...item, nodes };
}

/** The enabled flows of the company (of one type), by name: a template's settings choose one. */
export async function flowOptions(
  database: Database,
  companyId: number,
  type: WorkflowType | undefined,
): Promise<WorkflowOption[]> {
  const rows = await database.query<{ id: string | number; name: string; type: WorkflowType }>(
    `SELECT id, name, type FROM workflow_templates
     WHERE company_id = $1 AND status = 1 AND ($2::text IS NULL OR type = $2)
     ORDER BY lower(name), id`,
    [companyId, type ?? null],
  );
  return rows.map((row) => ({ id: String(row.id), name: row.name, type: row.type }));
}

/** Runs a change of the company's flows in one transaction that locks the company's row first. */
function changeFlows<T>(
  database: Database,
  companyId: number,
  change: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return database.transaction(async (tx) => {
    await tx.query('SELECT id FROM companies WHERE id = $1 FOR UPDATE', [companyId]);
    return change(tx);
  });
}

export interface FlowInput {
  id?: number | undefined;
  name: string;
  type: WorkflowType;
  nodes: { kind: WorkflowNodeKind; people: number[] }[];
}

/**
 * Creates a flow (enabled) or replaces the whole of one: its name (unique in the company
 * whatever its case), type and nodes. Every person chosen must be an active member of the
 * company. Answers the flow as detail reads it.
 */
export function saveFlow(
  database: Database,
  actor: FlowActor,
  input: FlowInput,
): Promise<WorkflowDetail> {
  return changeFlows(database, actor.companyId, async (tx) => {
    const chosen = [...new Set(input.nodes.flatMap((node) => node.people))];
    const members = await tx.query<{ user_id: string | number }>(
      `SELECT user_id FROM company_members
       WHERE company_id = $1 AND status = 'active' AND user_id = ANY($2::bigint[])`,
      [actor.companyId, chosen],
    );
    if (members.length !== chosen.length) throw new ApiError('workflowPersonNotStaff');
    const [taken] = await tx.query(
      `SELECT 1 FROM workflow_templates
       WHERE company_id = $1 AND lower(name) = lower($2) AND ($3::bigint IS NULL OR id <> $3)`,
      [actor.companyId, input.name, input.id ?? null],
    );
    if (taken) throw new ApiError('workflowNameTaken', 409);
    let id = input.id;
    if (id === undefined) {
      const [made] = await refusingConflicts(
        () =>
          tx.query<{ id: string | number }>(
            `INSERT INTO workflow_templates (tenant_id, company_id, creator_user_id, name, type)
             VALUES ($1, $2, $3, $4, $5) RETURNING id`,
            [actor.tenantId, actor.companyId, actor.userId, input.name, input.type],
          ),
        { unique: new ApiError('workflowNameTaken', 409) },
      );
      id = Number(made!.id);
    } else {
      const updated = await tx.query(
        `UPDATE workflow_templates SET name = $3, type = $4, updated_at = now()
         WHERE company_id = $1 AND id = $2 RETURNING id`,
        [actor.companyId, id, input.name, input.type],
      );
      if (updated.length === 0) throw new ApiError('workflowNotFound', 404);
      await tx.query('DELETE FROM workflow_nodes WHERE workflow_id = $1', [id]);
    }
    for (const [position, node] of input.nodes.entries()) {
      await tx.query(
        'INSERT INTO workflow_nodes (workflow_id, position, kind) VALUES ($1, $2, $3)',
        [id, position, node.kind],
      );
      for (const [ordinal, userId] of node.people.entries()) {
        await tx.query(
          `INSERT INTO workflow_node_people (workflow_id, position, user_id, ordinal)
           VALUES ($1, $2, $3, $4)`,
          [id, position, userId, ordinal],
        );
      }
    }
    return flowDetail(tx, actor.companyId, id);
  });
}

/** Enables (1) or disables (0) a flow of the company. */
export async function setFlowStatus(
  database: Database,
  companyId: number,
  id: number,
  status: 0 | 1,
): Promise<void> {
  const updated = await database.query(
    `UPDATE workflow_templates SET status = $3, updated_at = now()
     WHERE company_id = $1 AND id = $2 RETURNING id`,
    [companyId, id, status],
  );
  if (updated.length === 0) throw new ApiError('workflowNotFound', 404);
}

/** What uses a flow: the templates that require it and the contracts its approvals are pending on. */
async function flowUses(tx: Pick<Queryable, 'query'>, id: number): Promise<WorkflowInUse> {
  const [templates, contracts] = await Promise.all([
    tx.query<{ id: string | number; name: string }>(
      `SELECT t.id, t.name FROM template_workflows tw JOIN templates t ON t.id = tw.template_id
       WHERE tw.workflow_id = $1 ORDER BY t.id`,
      [id],
    ),
    tx.query<{ id: string | number; name: string }>(
      `SELECT c.id, c.name FROM approvals a JOIN contracts c ON c.id = a.contract_id
       WHERE a.workflow_id = $1 AND a.status = 'pending' ORDER BY c.id`,
      [id],
    ),
  ]);
  const named = (row: { id: string | number; name: string }) => ({
    id: String(row.id),
    name: row.name,
  });
  return { templates: templates.map(named), contracts: contracts.map(named) };
}

/** The refusal of removing a flow in use, naming what uses it in the request's language. */
function inUseRefusal(uses: WorkflowInUse, locale: Locale): ApiError {
  return new ApiError('workflowInUse', 409, 409, uses, workflowInUseText(uses, locale));
}

/**
 * Removes a flow of the company, refused (409, naming them) while a template requires it or one of
 * its approvals is unfinished; the check and the removal share a transaction under the company's
 * lock, and the tables' RESTRICT keys refuse a race the check missed.
 */
export function removeFlow(
  database: Database,
  companyId: number,
  id: number,
  locale: Locale,
): Promise<void> {
  return changeFlows(database, companyId, async (tx) => {
    const [found] = await tx.query(
      'SELECT 1 FROM workflow_templates WHERE company_id = $1 AND id = $2 FOR UPDATE',
      [companyId, id],
    );
    if (!found) throw new ApiError('workflowNotFound', 404);
    const uses = await flowUses(tx, id);
    if (uses.templates.length > 0 || uses.contracts.length > 0) throw inUseRefusal(uses, locale);
    await refusingConflicts(() => tx.query('DELETE FROM workflow_templates WHERE id = $1', [id]), {
      foreignKey: new ApiError('workflowInUse', 409),
    });
  });
}
