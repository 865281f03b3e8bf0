import {
  PATHS,
  PERSONAL_CONSOLE_ID,
  SIGNING_APPROVAL_EXAMPLES,
  WORKFLOW_TYPES,
  applySigningBody,
  signingApprovalIdQuery,
  signingApprovalPageQuery,
  signingApproveBody,
  signingRejectBody,
  templateWorkflowsBody,
  templateWorkflowsQuery,
  type Page,
  type SigningApplied,
  type SigningApprovalDecided,
  type SigningApprovalDetail,
  type SigningApprovalListItem,
  type TemplateWorkflows,
  type WorkflowType,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { SessionConsole } from '../companies/console';
import type { AppContext } from '../context';
import type { Queryable } from '../db';
import { ApiError, route } from '../http/route';
import { templateActor } from '../templates/access';
import { findTemplate } from '../templates/queries';
import { decideApproval } from './approvals';
import { applySigning } from './apply';
import { approvalDetail, approvalPage, readerOf } from './read';

const TAG = 'sicpay-contract';

/** Approvals belong to companies: the personal console is refused. */
function companyOf(current: SessionConsole): number {
  if (current.companyId === PERSONAL_CONSOLE_ID) {
    throw new ApiError('companyConsoleRequired', 400);
  }
  return current.companyId;
}

/** The flows a template requires, by type (enabled or not: the choice as saved). */
async function templateWorkflows(
  sql: Pick<Queryable, 'query'>,
  templateId: number,
): Promise<TemplateWorkflows> {
  const rows = await sql.query<{ id: string; name: string; type: WorkflowType }>(
    `SELECT w.id, w.name, w.type FROM template_workflows tw
     JOIN workflow_templates w ON w.id = tw.workflow_id WHERE tw.template_id = $1`,
    [templateId],
  );
  const of = (type: WorkflowType) => {
    const row = rows.find((r) => r.type === type);
    return row ? { id: String(row.id), name: row.name, type } : null;
  };
  return { beforeInitiate: of('beforeInitiate'), beforeSign: of('beforeSign') };
}

/**
 * Signing approval (issue 30; CONTEXT.md): contract/applySigning, signingApprove/detail, approve,
 * reject and page, and a template's flow choice (template/getWorkflow, setWorkflow). No leaf of
 * the permission tree guards the approval calls: who may read or decide is the approval's own
 * (its applicant, its nodes' people, the company's administrators), checked in the handlers.
 */
export async function approvalRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;

  route(app, context, {
    method: 'POST',
    path: PATHS.contractApplySigning,
    example: { body: SIGNING_APPROVAL_EXAMPLES.apply, answer: SIGNING_APPROVAL_EXAMPLES.applied },
    summary:
      'The company’s signer applies for signing approval: the template’s flow before signing, or, for a signer who may use none of the company’s seals, the company’s administrator. The contract moves to approving (409 approvalNotRequired when nothing needs approving)',
    tag: TAG,
    permission: 'signedIn',
    body: applySigningBody,
    handler: async ({ session, body, request }): Promise<SigningApplied> =>
      applySigning(context, session, body, request.ip),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.signingApproveDetail,
    example: { query: { id: 31 }, answer: SIGNING_APPROVAL_EXAMPLES.detail },
    summary:
      'One approval: the contract, the flow’s nodes with each person’s decision, comment and time, whose turn it is and whether the caller may decide now (its applicant, its people and the company’s administrators; other members 403)',
    tag: TAG,
    permission: 'signedIn',
    query: signingApprovalIdQuery,
    handler: async ({ session, console: current, query }): Promise<SigningApprovalDetail> => {
      companyOf(current);
      return approvalDetail(database, readerOf(session, current), query.id);
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.signingApprovePage,
    example: {
      query: { current: 1, size: 10, tab: 'pending', name: 'Supply' },
      answer: SIGNING_APPROVAL_EXAMPLES.page,
    },
    summary:
      'A page of /approval/index’s tab (initiated, received, pending, copied), newest first, by part of the contract’s name and by state (inProgress, pending, approved, notPassed)',
    tag: TAG,
    permission: 'signedIn',
    query: signingApprovalPageQuery,
    handler: async ({
      session,
      console: current,
      query,
    }): Promise<Page<SigningApprovalListItem>> => {
      companyOf(current);
      return approvalPage(database, readerOf(session, current), query);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.signingApproveApprove,
    example: { body: SIGNING_APPROVAL_EXAMPLES.approve, answer: SIGNING_APPROVAL_EXAMPLES.decided },
    summary:
      'The person whose turn it is approves (others: 403 No permission for now); the last approval moves the contract on. Two decisions at once: one counts, the other 409',
    tag: TAG,
    permission: 'signedIn',
    body: signingApproveBody,
    handler: async ({
      session,
      console: current,
      body,
      request,
    }): Promise<SigningApprovalDecided> => {
      companyOf(current);
      return decideApproval(database, {
        session,
        console: current,
        ip: request.ip,
        approvalId: body.id,
        decision: 'approved',
        comment: body.comment ?? '',
      });
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.signingApproveReject,
    example: {
      body: SIGNING_APPROVAL_EXAMPLES.reject,
      answer: {
        ...SIGNING_APPROVAL_EXAMPLES.decided,
        status: 'rejected',
        contractStatus: 'approval_rejected',
        currentNode: null,
      },
    },
    summary:
      'The person whose turn it is rejects, with a reason (1–500 characters): the approval ends and the contract with it, in approval_rejected',
    tag: TAG,
    permission: 'signedIn',
    body: signingRejectBody,
    handler: async ({
      session,
      console: current,
      body,
      request,
    }): Promise<SigningApprovalDecided> => {
      companyOf(current);
      return decideApproval(database, {
        session,
        console: current,
        ip: request.ip,
        approvalId: body.id,
        decision: 'rejected',
        comment: body.comment,
      });
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.templateWorkflows,
    example: { query: { id: 12 }, answer: SIGNING_APPROVAL_EXAMPLES.templateWorkflows },
    summary: 'The approval flows a company template requires, by type (null: none)',
    tag: TAG,
    permission: 'template:view',
    query: templateWorkflowsQuery,
    handler: async ({ session, console: current, query }): Promise<TemplateWorkflows> => {
      companyOf(current);
      await findTemplate(database, await templateActor(database, session), query.id, 'use');
      return templateWorkflows(database, query.id);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.templateSetWorkflows,
    example: {
      body: SIGNING_APPROVAL_EXAMPLES.setTemplateWorkflows,
      answer: SIGNING_APPROVAL_EXAMPLES.templateWorkflows,
    },
    summary:
      'Chooses the approval flow a company template requires before initiating and before signing (an enabled flow of that type from workflowtemplate/getSelectList, or null for none; a type left out keeps its choice); needs the template’s manage right',
    tag: TAG,
    permission: 'template:view',
    body: templateWorkflowsBody,
    handler: async ({ session, console: current, body }): Promise<TemplateWorkflows> => {
      const companyId = companyOf(current);
      await findTemplate(database, await templateActor(database, session), body.id, 'manage');
      return database.transaction(async (tx) => {
        for (const type of WORKFLOW_TYPES) {
          const choice = body[type];
          if (choice === undefined) continue;
          if (choice === null) {
            await tx.query('DELETE FROM template_workflows WHERE template_id = $1 AND type = $2', [
              body.id,
              type,
            ]);
            continue;
          }
          const [flow] = await tx.query(
            `SELECT 1 FROM workflow_templates
             WHERE id = $1 AND company_id = $2 AND type = $3 AND status = 1`,
            [choice, companyId, type],
          );
          if (!flow) throw new ApiError('templateWorkflowType', 400);
          await tx.query(
            `INSERT INTO template_workflows (template_id, type, workflow_id) VALUES ($1, $2, $3)
             ON CONFLICT (template_id, type) DO UPDATE SET workflow_id = EXCLUDED.workflow_id`,
            [body.id, type, choice],
          );
        }
        return templateWorkflows(tx, body.id);
      });
    },
  });
}
