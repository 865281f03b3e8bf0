import {
  PATHS,
  PERSONAL_CONSOLE_ID,
  WORKFLOW_EXAMPLES,
  workflowIdBody,
  workflowIdQuery,
  workflowPageQuery,
  workflowSelectQuery,
  workflowSubmitBody,
  workflowUpdateStatusBody,
  type Page,
  type WorkflowDetail,
  type WorkflowListItem,
  type WorkflowOption,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { SessionConsole } from '../companies/console';
import type { AppContext } from '../context';
import { ApiError, route } from '../http/route';
import { flowDetail, flowOptions, flowPage, removeFlow, saveFlow, setFlowStatus } from './flows';

const TAG = 'sicpay-workflow';

/** The company of a flow call: flows belong to companies, so the personal console is refused. */
function companyOf(current: SessionConsole): number {
  if (current.companyId === PERSONAL_CONSOLE_ID) {
    throw new ApiError('companyConsoleRequired', 400);
  }
  return current.companyId;
}

/**
 * Approval flows (sicpay-workflow/workflowtemplate): page, detail, submit, updateStatus, remove,
 * getSelectList — each on the session's company only (another company's flow is 404), guarded by
 * the approval-settings leaves of the permission tree: view, add (a new flow), edit (changing or
 * enabling one), delete template.
 */
export async function workflowRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;

  route(app, context, {
    method: 'GET',
    path: PATHS.workflowPage,
    example: {
      query: { current: 1, size: 10, name: 'Sales', type: 'beforeSign' },
      answer: WORKFLOW_EXAMPLES.page,
    },
    summary:
      'A page of the company’s approval flows, newest first: name, type, creator, creation time, enabled or disabled',
    tag: TAG,
    permission: 'approval:view',
    query: workflowPageQuery,
    handler: async ({ console: current, query }): Promise<Page<WorkflowListItem>> =>
      flowPage(database, companyOf(current), query),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.workflowDetail,
    example: { query: { id: 1 }, answer: WORKFLOW_EXAMPLES.detail },
    summary: 'One approval flow with its nodes in order and each node’s people',
    tag: TAG,
    permission: 'approval:view',
    query: workflowIdQuery,
    handler: async ({ console: current, query }): Promise<WorkflowDetail> =>
      flowDetail(database, companyOf(current), query.id),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.workflowSubmit,
    example: { body: WORKFLOW_EXAMPLES.submit, answer: WORKFLOW_EXAMPLES.detail },
    summary:
      'Creates an approval flow (no id: approval:add) or replaces one whole (approval:edit). Its nodes keep the rules of spec 001 §5: not empty, at least one approval node, people chosen for every node, one approver, two or more countersigners; people are active members of the company',
    tag: TAG,
    // Viewing is the least either needs; the handler then asks add or edit of the tree.
    permission: 'approval:view',
    body: workflowSubmitBody,
    handler: async ({ console: current, session, body }): Promise<WorkflowDetail> => {
      if (!current.grants.has(body.id === undefined ? 'approval:add' : 'approval:edit')) {
        throw new ApiError('noPermission', 403);
      }
      return saveFlow(
        database,
        { tenantId: session.tenantId, companyId: companyOf(current), userId: session.userId },
        body,
      );
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.workflowUpdateStatus,
    example: { body: { id: '1', status: 0 } },
    summary:
      'Enables (1) or disables (0) an approval flow: a disabled flow is not offered to templates',
    tag: TAG,
    permission: 'approval:edit',
    body: workflowUpdateStatusBody,
    handler: async ({ console: current, body }): Promise<null> => {
      await setFlowStatus(database, companyOf(current), body.id, body.status);
      return null;
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.workflowRemove,
    example: { body: { id: '2' } },
    summary:
      'Removes an approval flow; refused (409, naming them in msg and data) while a template requires it or one of its approvals is unfinished',
    tag: TAG,
    permission: 'approval:delete',
    body: workflowIdBody,
    handler: async ({ console: current, body, locale }): Promise<null> => {
      await removeFlow(database, companyOf(current), body.id, locale);
      return null;
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.workflowSelectList,
    example: {
      query: { type: 'beforeSign' },
      answer: [{ id: '1', name: 'Sales contracts', type: 'beforeSign' }],
    },
    summary:
      'The company’s enabled approval flows (of one type), by name: what a template may require (empty in the personal console)',
    tag: TAG,
    permission: 'template:view',
    query: workflowSelectQuery,
    handler: async ({ console: current, query }): Promise<WorkflowOption[]> =>
      current.companyId === PERSONAL_CONSOLE_ID
        ? []
        : flowOptions(database, current.companyId, query.type),
  });
}
