/**
 * Signing approval in the database (issue 30; see CONTEXT.md): starting an approval (before
 * initiating from contract/create, before signing from contract/applySigning), deciding it
 * (signingApprove/approve, /reject) and ending a pending one when its contract is withdrawn or
 * expires. Migration 31's `approvals`, `approval_nodes`, `approval_node_people` hold it, with
 * migration 35's columns; the flow's nodes are copied when the approval starts.
 *
 * A decision runs in one transaction that locks the contract's row, then the approval's: two
 * decisions on one approval (two people, or one person twice) happen one after the other, and the
 * second sees what the first did — the same person's second decision is 409
 * 'approvalAlreadyDecided', a decision on an approval the first one ended is 409
 * 'approvalFinished'. The person's row is changed by a conditional UPDATE (`decision IS NULL`)
 * as well, so that no decision is ever written twice.
 */
import {
  MESSAGE_REDIRECT,
  nextStatus,
  type ApprovalDecision,
  type ApprovalStatus,
  type ContractAction,
  type ContractStatus,
  type SigningApprovalDecided,
  type WorkflowNodeKind,
  type WorkflowType,
} from '@esign/platform';
import { appendAudit } from '../audit/audit-trail';
import type { AccessClaims } from '../auth/tokens';
import type { SessionConsole } from '../companies/console';
import { NO_DOCUMENT_SHA256 } from '../contracts/expiry';
import { refreshTurns } from '../contracts/turn';
import type { Database, Queryable } from '../db';
import { ApiError } from '../http/route';
import { insertMessage } from '../messages/write';
import type { ApprovalBecause, RequiredFlow } from './need';

type Sql = Pick<Queryable, 'query'>;

/** The active administrators of a company: they decide an approval with no nodes. */
export async function companyAdministrators(sql: Sql, companyId: number): Promise<number[]> {
  const rows = await sql.query<{ user_id: string }>(
    `SELECT m.user_id FROM company_members m JOIN company_roles r ON r.id = m.role_id
     WHERE m.company_id = $1 AND m.status = 'active' AND r.builtin = 'admin' ORDER BY m.user_id`,
    [companyId],
  );
  return rows.map((row) => Number(row.user_id));
}

/** The contract as an approval's messages and audit entries name it. */
interface ContractRef {
  id: number;
  tenantId: string;
  name: string;
  number: string;
}

/** A message of this area, in both languages. */
interface Notice {
  en: { title: string; content: string };
  zh: { title: string; content: string };
}

const NOTICES = {
  decide: (c: ContractRef): Notice => ({
    en: {
      title: 'Approval requested',
      content: `The contract "${c.name}" (${c.number}) awaits your approval.`,
    },
    zh: { title: '待审批', content: `合同“${c.name}”（${c.number}）等待您审批。` },
  }),
  copied: (c: ContractRef): Notice => ({
    en: {
      title: 'Approval copied to you',
      content: `The approval of the contract "${c.name}" (${c.number}) was copied to you.`,
    },
    zh: { title: '审批抄送', content: `合同“${c.name}”（${c.number}）的审批已抄送给您。` },
  }),
  approved: (c: ContractRef): Notice => ({
    en: {
      title: 'Approval passed',
      content: `The approval of the contract "${c.name}" (${c.number}) passed.`,
    },
    zh: { title: '审批通过', content: `合同“${c.name}”（${c.number}）的审批已通过。` },
  }),
  rejected: (c: ContractRef, reason: string): Notice => ({
    en: {
      title: 'Approval not passed',
      content: `The approval of the contract "${c.name}" (${c.number}) was rejected: ${reason}`,
    },
    zh: {
      title: '审批未通过',
      content: `合同“${c.name}”（${c.number}）的审批被驳回：${reason}`,
    },
  }),
};

/**
 * Tells `userIds` (in the approval's company console) about approval `approvalId`: redirect type 3,
 * `businessId` the approval's id. The link the web app builds is
 * `approvalViewLink(active, id)`; `active` (the recipient's capacity) is also what
 * signingApprove/detail answers for them.
 */
async function tell(
  sql: Sql,
  tenantId: string,
  companyId: number,
  approvalId: number,
  userIds: readonly number[],
  notice: Notice,
): Promise<void> {
  for (const userId of new Set(userIds)) {
    await insertMessage(sql, {
      tenantId,
      userId,
      companyId,
      title: { en: notice.en.title, zh: notice.zh.title },
      content: { en: notice.en.content, zh: notice.zh.content },
      redirectType: MESSAGE_REDIRECT.approval,
      businessId: String(approvalId),
    });
  }
}

/**
 * Moves an approval to its next node from `from` on: carbon-copy nodes on the way are marked
 * `notified` (their people told, `decided_at` the time), the first deciding node becomes
 * `deciding` and `current_node`. Answers that node's people, or null when no deciding node is
 * left (the approval is complete).
 */
async function advance(
  sql: Sql,
  approvalId: number,
  from: number,
): Promise<{ position: number; people: number[]; copied: number[] } | null> {
  const nodes = await sql.query<{ position: number; kind: WorkflowNodeKind }>(
    `SELECT position, kind FROM approval_nodes WHERE approval_id = $1 AND position >= $2
     ORDER BY position`,
    [approvalId, from],
  );
  const copied: number[] = [];
  for (const node of nodes) {
    const people = await sql.query<{ user_id: string }>(
      `SELECT user_id FROM approval_node_people WHERE approval_id = $1 AND position = $2
       ORDER BY user_id`,
      [approvalId, node.position],
    );
    if (node.kind === 'carbonCopy') {
      await sql.query(
        `UPDATE approval_nodes SET status = 'notified' WHERE approval_id = $1 AND position = $2`,
        [approvalId, node.position],
      );
      await sql.query(
        `UPDATE approval_node_people SET decided_at = now() WHERE approval_id = $1 AND position = $2`,
        [approvalId, node.position],
      );
      copied.push(...people.map((row) => Number(row.user_id)));
      continue;
    }
    await sql.query(
      `UPDATE approval_nodes SET status = 'deciding' WHERE approval_id = $1 AND position = $2`,
      [approvalId, node.position],
    );
    await sql.query('UPDATE approvals SET current_node = $2 WHERE id = $1', [
      approvalId,
      node.position,
    ]);
    return { position: node.position, people: people.map((row) => Number(row.user_id)), copied };
  }
  return copied.length > 0 ? { position: -1, people: [], copied } : null;
}

/** What starts an approval. */
export interface NewApproval {
  tenantId: string;
  companyId: number;
  contract: ContractRef;
  type: WorkflowType;
  because: ApprovalBecause;
  /** The flow whose nodes decide; null: the company's administrators decide. */
  flow: RequiredFlow | null;
  applicantUserId: number;
  /** The company's party the approval lets sign (before signing); null before initiating. */
  party: string | null;
  comment: string;
}

/**
 * Starts an approval in the caller's transaction: copies the flow's nodes, opens its first
 * deciding node (carbon copies before it are told), and tells the deciders — the first node's
 * people, or the company's administrators for an approval with no nodes. Answers its id.
 */
export async function startApproval(sql: Sql, input: NewApproval): Promise<number> {
  const [row] = await sql.query<{ id: string }>(
    `INSERT INTO approvals (tenant_id, company_id, contract_id, workflow_id, workflow_name, type,
       applicant_user_id, because, party, applicant_comment)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      input.tenantId,
      input.companyId,
      input.contract.id,
      input.flow?.id ?? null,
      input.flow?.name ?? '',
      input.type,
      input.applicantUserId,
      input.because,
      input.party,
      input.comment,
    ],
  );
  const id = Number(row!.id);
  for (const [position, node] of (input.flow?.nodes ?? []).entries()) {
    await sql.query(
      'INSERT INTO approval_nodes (approval_id, position, kind) VALUES ($1, $2, $3)',
      [id, position, node.kind],
    );
    for (const userId of new Set(node.people)) {
      await sql.query(
        'INSERT INTO approval_node_people (approval_id, position, user_id) VALUES ($1, $2, $3)',
        [id, position, userId],
      );
    }
  }
  const deciders = input.flow
    ? await advance(sql, id, 0)
    : { position: -1, people: await companyAdministrators(sql, input.companyId), copied: [] };
  if (deciders) {
    const { tenantId, companyId, contract } = input;
    await tell(sql, tenantId, companyId, id, deciders.people, NOTICES.decide(contract));
    await tell(sql, tenantId, companyId, id, deciders.copied, NOTICES.copied(contract));
  }
  return id;
}

interface LockedApproval {
  id: string;
  tenant_id: string;
  company_id: string;
  contract_id: string;
  type: WorkflowType;
  status: ApprovalStatus;
  current_node: number;
  applicant_user_id: string;
}

interface LockedContract {
  id: string;
  tenant_id: string;
  name: string;
  number: string;
  status: ContractStatus;
  initiator_user_id: string;
  pdf_sha256: string | null;
}

/** A decision's request. */
export interface DecisionRequest {
  session: AccessClaims;
  console: SessionConsole;
  ip: string;
  approvalId: number;
  decision: ApprovalDecision;
  comment: string;
}

/**
 * signingApprove/approve and /reject (see the module's comment): 404 'approvalNotFound' for an
 * approval not of the session's company (another tenant's included); 409 'approvalFinished' once
 * it ended; 403 'noPermission' ('No permission for now') for a person who is not deciding now —
 * not in the current node, or, with no nodes, not an administrator; 409 'approvalAlreadyDecided'
 * for a second decision of the same person. An approval moves to its next node once the current
 * one passed (the approver approved, or every countersigner); the last one moves the contract on
 * (`approve` → signing, or `approve_initiation` → filling when parties still fill); a rejection
 * ends it and the contract in `approval_rejected` with the comment as reason. Every decision is
 * an audit entry of the contract and tells the next deciders, carbon copies reached and, at the
 * end, the applicant.
 */
export async function decideApproval(
  database: Database,
  request: DecisionRequest,
): Promise<SigningApprovalDecided> {
  const { session, approvalId, decision, comment } = request;
  const [head] = await database.query<{ contract_id: string; company_id: string }>(
    'SELECT contract_id, company_id FROM approvals WHERE id = $1 AND tenant_id = $2',
    [approvalId, session.tenantId],
  );
  if (!head || Number(head.company_id) !== session.companyId) {
    throw new ApiError('approvalNotFound', 404);
  }
  return database.transaction(async (tx) => {
    const [contract] = await tx.query<LockedContract>(
      `SELECT id, tenant_id, name, number, status, initiator_user_id, pdf_sha256
       FROM contracts WHERE id = $1 FOR UPDATE`,
      [head.contract_id],
    );
    const [approval] = await tx.query<LockedApproval>(
      `SELECT id, tenant_id, company_id, contract_id, type, status, current_node, applicant_user_id
       FROM approvals WHERE id = $1 FOR UPDATE`,
      [approvalId],
    );
    if (!contract || !approval) throw new ApiError('approvalNotFound', 404);
    if (approval.status !== 'pending') throw new ApiError('approvalFinished', 409);
    const companyId = Number(approval.company_id);
    const ref: ContractRef = {
      id: Number(contract.id),
      tenantId: contract.tenant_id,
      name: contract.name,
      number: contract.number,
    };
    const nodes = await tx.query<{ position: number; kind: WorkflowNodeKind }>(
      'SELECT position, kind FROM approval_nodes WHERE approval_id = $1 ORDER BY position',
      [approvalId],
    );
    const userId = Number(session.userId);
    let position: number | null = null;
    if (nodes.length === 0) {
      if (!request.console.admin) throw new ApiError('noPermission', 403);
      await tx.query(
        `UPDATE approvals SET decided_by_user_id = $2, decision_comment = $3 WHERE id = $1`,
        [approvalId, userId, comment],
      );
    } else {
      position = approval.current_node;
      const [person] = await tx.query<{ decision: ApprovalDecision | null }>(
        `SELECT p.decision FROM approval_node_people p
         JOIN approval_nodes n ON n.approval_id = p.approval_id AND n.position = p.position
         WHERE p.approval_id = $1 AND p.position = $2 AND p.user_id = $3 AND n.status = 'deciding'`,
        [approvalId, position, userId],
      );
      if (!person) {
        // Who decided an earlier node (a moment ago, maybe at the same time) is told so, not 403.
        const [earlier] = await tx.query(
          `SELECT 1 FROM approval_node_people
           WHERE approval_id = $1 AND user_id = $2 AND decision IS NOT NULL LIMIT 1`,
          [approvalId, userId],
        );
        if (earlier) throw new ApiError('approvalAlreadyDecided', 409);
        throw new ApiError('noPermission', 403);
      }
      if (person.decision) throw new ApiError('approvalAlreadyDecided', 409);
      const written = await tx.query(
        `UPDATE approval_node_people SET decision = $4, comment = $5, decided_at = now()
         WHERE approval_id = $1 AND position = $2 AND user_id = $3 AND decision IS NULL
         RETURNING 1`,
        [approvalId, position, userId, decision, comment],
      );
      if (written.length === 0) throw new ApiError('approvalDecidedConcurrently', 409);
    }

    const [filling] = await tx.query<{ fills: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM contract_participants
         WHERE contract_id = $1 AND fills AND filled_at IS NULL) AS fills`,
      [contract.id],
    );
    const action: ContractAction =
      decision === 'rejected'
        ? 'reject_approval'
        : approval.type === 'beforeInitiate' && filling?.fills
          ? 'approve_initiation'
          : 'approve';

    let status: ApprovalStatus = 'pending';
    let next: Awaited<ReturnType<typeof advance>> = null;
    if (decision === 'rejected') {
      status = 'rejected';
      if (position !== null) {
        await tx.query(
          `UPDATE approval_nodes SET status = 'rejected' WHERE approval_id = $1 AND position = $2`,
          [approvalId, position],
        );
      }
    } else {
      let nodePassed = true;
      if (position !== null) {
        const [open] = await tx.query<{ open: number }>(
          `SELECT count(*)::int AS open FROM approval_node_people
           WHERE approval_id = $1 AND position = $2 AND decision IS NULL`,
          [approvalId, position],
        );
        nodePassed = open!.open === 0;
        if (nodePassed) {
          await tx.query(
            `UPDATE approval_nodes SET status = 'approved' WHERE approval_id = $1 AND position = $2`,
            [approvalId, position],
          );
          next = await advance(tx, approvalId, position + 1);
        }
      }
      if (nodePassed && (next === null || next.position < 0)) status = 'approved';
    }

    const moved = nextStatus(contract.status, action, { allApproved: status === 'approved' });
    if (!moved.ok) throw new ApiError(moved.reason, 409);
    if (status !== 'pending') {
      await tx.query(
        `UPDATE approvals SET status = $2, finished_at = now(), reason = $3 WHERE id = $1`,
        [approvalId, status, status === 'rejected' ? comment : ''],
      );
    }
    if (moved.to !== contract.status) {
      await tx.query(
        `UPDATE contracts SET status = $2,
           signing_started_at = CASE WHEN $2 = 'signing' THEN COALESCE(signing_started_at, now())
                                     ELSE signing_started_at END
         WHERE id = $1`,
        [contract.id, moved.to],
      );
    }

    const [last] = await tx.query<{ document_sha256: string }>(
      'SELECT document_sha256 FROM audit_entries WHERE contract_id = $1 ORDER BY seq DESC LIMIT 1',
      [contract.id],
    );
    await appendAudit(tx, {
      tenantId: contract.tenant_id,
      contractId: Number(contract.id),
      action,
      actorUserId: userId,
      companyId,
      ip: request.ip,
      documentSha256: last?.document_sha256 ?? contract.pdf_sha256 ?? NO_DOCUMENT_SHA256,
      details: {
        approvalId: String(approvalId),
        node: position,
        decision,
        comment,
        approval: status,
        status: moved.to,
      },
    });

    const tenantId = contract.tenant_id;
    if (next) {
      await tell(tx, tenantId, companyId, approvalId, next.people, NOTICES.decide(ref));
      await tell(tx, tenantId, companyId, approvalId, next.copied, NOTICES.copied(ref));
    }
    if (status !== 'pending') {
      const notice = status === 'approved' ? NOTICES.approved(ref) : NOTICES.rejected(ref, comment);
      const told = await tx.query<{ user_id: string }>(
        `SELECT p.user_id FROM approval_node_people p
         JOIN approval_nodes n ON n.approval_id = p.approval_id AND n.position = p.position
         WHERE p.approval_id = $1 AND n.kind = 'carbonCopy' AND n.status = 'notified'`,
        [approvalId],
      );
      await tell(
        tx,
        tenantId,
        companyId,
        approvalId,
        [Number(approval.applicant_user_id), ...told.map((row) => Number(row.user_id))],
        notice,
      );
    }
    await refreshTurns(tx, [Number(contract.id)]);
    const [current] = await tx.query<{ current_node: number }>(
      'SELECT current_node FROM approvals WHERE id = $1',
      [approvalId],
    );
    return {
      id: String(approvalId),
      status,
      contractStatus: moved.to,
      currentNode: status === 'pending' && nodes.length > 0 ? current!.current_node : null,
    };
  });
}
