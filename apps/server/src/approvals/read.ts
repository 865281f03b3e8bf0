/**
 * Reading approvals (issue 30): signingApprove/detail and signingApprove/page, for the session's
 * company only. Who sees an approval: its applicant, the people of its nodes, and the company's
 * administrators (who decide an approval with no nodes and oversee the others); another member of
 * the company gets 403 'No permission for now', anyone else (another company, another tenant) 404
 * 'approvalNotFound'.
 *
 * The tabs of /approval/index (`APPROVAL_TABS`) and the viewer's state (`approvalState`):
 * `initiated` — approvals the viewer applied for; `received` — approvals with a deciding node
 * naming the viewer (with no nodes: every approval, for an administrator); `pending` — those whose
 * current node asks the viewer now and that the viewer has not decided; `copied` — those whose
 * carbon-copy node named the viewer and was reached. States: `pending` (the viewer's turn),
 * `inProgress` (pending, not the viewer's turn), `approved`, `notPassed` (rejected or withdrawn).
 */
import {
  APPROVAL_VIEW_ACTIVE,
  approvalState,
  type ApprovalDecision,
  type ApprovalNodeStatus,
  type ApprovalNodeView,
  type ApprovalPerson,
  type ApprovalState,
  type ApprovalStatus,
  type ApprovalTab,
  type ApprovalViewActive,
  type ContractStatus,
  type Page,
  type SigningApprovalDetail,
  type SigningApprovalListItem,
  type WorkflowNodeKind,
  type WorkflowType,
} from '@esign/platform';
import type { SessionConsole } from '../companies/console';
import type { Database } from '../db';
import { queryPage } from '../db/paging';
import { ApiError } from '../http/route';
import { containsPattern, listTime } from '../templates/access';

/** Who reads: the session's tenant, company, user and whether an administrator there. */
export interface ApprovalReader {
  tenantId: string;
  companyId: number;
  userId: number;
  admin: boolean;
}

export function readerOf(
  session: { tenantId: string; userId: number | string },
  current: SessionConsole,
): ApprovalReader {
  return {
    tenantId: session.tenantId,
    companyId: current.companyId,
    userId: Number(session.userId),
    admin: current.admin,
  };
}

/** SQL: the viewer ($3) may decide approval `a` now ($4: the viewer is an administrator). */
const MY_TURN = `(a.status = 'pending' AND (
    EXISTS (SELECT 1 FROM approval_node_people p
            JOIN approval_nodes n ON n.approval_id = p.approval_id AND n.position = p.position
            WHERE p.approval_id = a.id AND p.position = a.current_node AND n.status = 'deciding'
              AND p.user_id = $3 AND p.decision IS NULL)
    OR (NOT EXISTS (SELECT 1 FROM approval_nodes n WHERE n.approval_id = a.id) AND $4::boolean)))`;

/** SQL: the viewer ($3) is a person of a node of `a` of the kinds `kinds`. */
const IN_NODE = (kinds: string) => `EXISTS (SELECT 1 FROM approval_node_people p
    JOIN approval_nodes n ON n.approval_id = p.approval_id AND n.position = p.position
    WHERE p.approval_id = a.id AND p.user_id = $3 AND n.kind IN (${kinds}))`;

const DECIDER = `(${IN_NODE("'approver', 'countersign'")} OR (NOT EXISTS (SELECT 1 FROM approval_nodes n
    WHERE n.approval_id = a.id) AND $4::boolean))`;
const COPIED = `EXISTS (SELECT 1 FROM approval_node_people p
    JOIN approval_nodes n ON n.approval_id = p.approval_id AND n.position = p.position
    WHERE p.approval_id = a.id AND p.user_id = $3 AND n.kind = 'carbonCopy' AND n.status = 'notified')`;

const TAB_SQL: Record<ApprovalTab, string> = {
  initiated: 'a.applicant_user_id = $3',
  received: DECIDER,
  pending: MY_TURN,
  copied: COPIED,
};

const TAB_ACTIVE: Record<ApprovalTab, ApprovalViewActive> = {
  initiated: APPROVAL_VIEW_ACTIVE.applicant,
  received: APPROVAL_VIEW_ACTIVE.decider,
  pending: APPROVAL_VIEW_ACTIVE.decider,
  copied: APPROVAL_VIEW_ACTIVE.carbonCopy,
};

const STATE_SQL: Record<ApprovalState, string> = {
  pending: 'my_turn',
  inProgress: "status = 'pending' AND NOT my_turn",
  approved: "status = 'approved'",
  notPassed: "status IN ('rejected', 'withdrawn')",
};

interface ListRow {
  id: string;
  contract_id: string;
  contract_name: string;
  contract_number: string;
  type: WorkflowType;
  workflow_name: string;
  applicant_name: string;
  status: ApprovalStatus;
  my_turn: boolean;
  created_at: string;
  finished_at: string | null;
}

/** signingApprove/page: one tab, newest first, by part of the contract's name and by state. */
export function approvalPage(
  database: Database,
  reader: ApprovalReader,
  query: {
    current: number;
    size: number;
    tab: ApprovalTab;
    name?: string | undefined;
    state?: ApprovalState | undefined;
  },
): Promise<Page<SigningApprovalListItem>> {
  const sql = `SELECT * FROM (
      SELECT a.id, a.contract_id, c.name AS contract_name, c.number AS contract_number, a.type,
        a.workflow_name, COALESCE(u.name, '') AS applicant_name, a.status, a.created_at AS created,
        ${listTime('a.created_at')} AS created_at, ${listTime('a.finished_at')} AS finished_at,
        ${MY_TURN} AS my_turn
      FROM approvals a
      JOIN contracts c ON c.id = a.contract_id
      JOIN users u ON u.id = a.applicant_user_id
      WHERE a.tenant_id = $1 AND a.company_id = $2 AND (${TAB_SQL[query.tab]})
        AND ($5::text IS NULL OR c.name ILIKE $5)
    ) tabbed${query.state ? ` WHERE ${STATE_SQL[query.state]}` : ''}`;
  return queryPage<ListRow, SigningApprovalListItem>(
    database,
    {
      sql,
      params: [
        reader.tenantId,
        reader.companyId,
        reader.userId,
        reader.admin,
        query.name ? containsPattern(query.name) : null,
      ],
      order: 'created DESC, id DESC',
    },
    query,
    (row) => ({
      id: String(row.id),
      contractId: String(row.contract_id),
      contractName: row.contract_name,
      contractNumber: row.contract_number,
      type: row.type,
      workflowName: row.workflow_name,
      applicantName: row.applicant_name,
      status: row.status,
      state: approvalState(row.status, row.my_turn),
      createdAt: row.created_at,
      finishedAt: row.finished_at,
      active: TAB_ACTIVE[query.tab],
    }),
  );
}

interface DetailRow {
  id: string;
  type: WorkflowType;
  workflow_name: string;
  status: ApprovalStatus;
  reason: string;
  applicant_comment: string;
  applicant_id: string;
  applicant_name: string;
  applicant_phone: string;
  created_at: string;
  finished_at: string | null;
  decided_by: string | null;
  decided_name: string | null;
  decided_phone: string | null;
  decision_comment: string;
  contract_id: string;
  contract_name: string;
  contract_number: string;
  contract_status: ContractStatus;
  initiator_name: string;
  contract_created_at: string;
  signing_deadline: string | null;
  current_node: number;
}

interface NodePersonRow {
  position: number;
  kind: WorkflowNodeKind;
  status: ApprovalNodeStatus;
  id: string | null;
  name: string | null;
  phone: string | null;
  decision: ApprovalDecision | null;
  comment: string | null;
  decided_at: string | null;
}

/** signingApprove/detail (see the module's comment for who may read it). */
export async function approvalDetail(
  database: Database,
  reader: ApprovalReader,
  id: number,
): Promise<SigningApprovalDetail> {
  const [row] = await database.query<DetailRow & { company_id: string }>(
    `SELECT a.id, a.company_id, a.type, a.workflow_name, a.status, a.reason, a.applicant_comment,
       a.applicant_user_id AS applicant_id, COALESCE(u.name, '') AS applicant_name,
       COALESCE(u.phone, '') AS applicant_phone, ${listTime('a.created_at')} AS created_at,
       ${listTime('a.finished_at')} AS finished_at, a.decided_by_user_id AS decided_by,
       d.name AS decided_name, d.phone AS decided_phone, a.decision_comment, a.current_node,
       c.id AS contract_id, c.name AS contract_name, c.number AS contract_number,
       c.status AS contract_status, COALESCE(co.full_name, '') AS initiator_name,
       ${listTime('c.created_at')} AS contract_created_at,
       ${listTime('c.signing_deadline')} AS signing_deadline
     FROM approvals a
     JOIN contracts c ON c.id = a.contract_id
     JOIN users u ON u.id = a.applicant_user_id
     LEFT JOIN users d ON d.id = a.decided_by_user_id
     LEFT JOIN companies co ON co.id = c.company_id
     WHERE a.id = $1 AND a.tenant_id = $2`,
    [id, reader.tenantId],
  );
  if (!row || Number(row.company_id) !== reader.companyId) {
    throw new ApiError('approvalNotFound', 404);
  }
  const rows = await database.query<NodePersonRow>(
    `SELECT n.position, n.kind, n.status, u.id, u.name, u.phone, p.decision, p.comment,
       ${listTime('p.decided_at')} AS decided_at
     FROM approval_nodes n
     LEFT JOIN approval_node_people p ON p.approval_id = n.approval_id AND p.position = n.position
     LEFT JOIN users u ON u.id = p.user_id
     WHERE n.approval_id = $1 ORDER BY n.position, p.user_id`,
    [id],
  );
  const nodes: ApprovalNodeView[] = [];
  for (const person of rows) {
    let node = nodes.find((n) => n.position === person.position);
    if (!node) {
      node = { position: person.position, kind: person.kind, status: person.status, people: [] };
      nodes.push(node);
    }
    if (person.id !== null) {
      node.people.push({
        id: String(person.id),
        name: person.name ?? '',
        phone: person.phone ?? '',
        decision: person.decision,
        comment: person.comment ?? '',
        decidedAt: person.decided_at,
      });
    }
  }
  const me = String(reader.userId);
  const applicant = String(row.applicant_id) === me;
  const inNodes = (kinds: WorkflowNodeKind[]) =>
    nodes.some((node) => kinds.includes(node.kind) && node.people.some((p) => p.id === me));
  const decider = inNodes(['approver', 'countersign']);
  const copied = nodes.some(
    (node) =>
      node.kind === 'carbonCopy' &&
      node.status === 'notified' &&
      node.people.some((p) => p.id === me),
  );
  if (!applicant && !decider && !copied && !reader.admin) throw new ApiError('noPermission', 403);

  const pending = row.status === 'pending';
  let deciders: ApprovalPerson[] = [];
  const current = nodes.find((node) => node.position === row.current_node);
  if (pending && nodes.length > 0 && current?.status === 'deciding') {
    deciders = current.people
      .filter((p) => p.decision === null)
      .map(({ id: personId, name, phone }) => ({ id: personId, name, phone }));
  } else if (pending && nodes.length === 0) {
    const admins = await database.query<{ id: string; name: string; phone: string }>(
      `SELECT u.id, u.name, u.phone FROM company_members m
       JOIN company_roles r ON r.id = m.role_id AND r.builtin = 'admin'
       JOIN users u ON u.id = m.user_id
       WHERE m.company_id = $1 AND m.status = 'active' ORDER BY u.id`,
      [reader.companyId],
    );
    deciders = admins.map((a) => ({ id: String(a.id), name: a.name, phone: a.phone }));
  }
  const mayDecide = deciders.some((p) => p.id === me);
  const parties = await database.query<{ party: string; name: string }>(
    `SELECT party, COALESCE(company_name, name) AS name FROM contract_participants
     WHERE contract_id = $1 ORDER BY position, party`,
    [row.contract_id],
  );
  const active: ApprovalViewActive = mayDecide
    ? APPROVAL_VIEW_ACTIVE.decider
    : applicant
      ? APPROVAL_VIEW_ACTIVE.applicant
      : decider || (nodes.length === 0 && reader.admin)
        ? APPROVAL_VIEW_ACTIVE.decider
        : copied
          ? APPROVAL_VIEW_ACTIVE.carbonCopy
          : APPROVAL_VIEW_ACTIVE.decider;
  return {
    id: String(row.id),
    type: row.type,
    workflowName: row.workflow_name,
    status: row.status,
    state: approvalState(row.status, mayDecide),
    reason: row.reason,
    applicantComment: row.applicant_comment,
    applicant: {
      id: String(row.applicant_id),
      name: row.applicant_name,
      phone: row.applicant_phone,
    },
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    contract: {
      id: String(row.contract_id),
      name: row.contract_name,
      number: row.contract_number,
      status: row.contract_status,
      initiatorName: row.initiator_name,
      createdAt: row.contract_created_at,
      signingDeadline: row.signing_deadline,
      parties,
    },
    nodes,
    administratorDecision:
      nodes.length === 0 && row.decided_by !== null && !pending
        ? {
            id: String(row.decided_by),
            name: row.decided_name ?? '',
            phone: row.decided_phone ?? '',
            decision: row.status === 'rejected' ? 'rejected' : 'approved',
            comment: row.decision_comment,
            decidedAt: row.finished_at,
          }
        : null,
    currentNode: pending && nodes.length > 0 ? row.current_node : null,
    deciders,
    mayDecide,
    active,
  };
}
