/**
 * The demo API's answers to signing approval (signingApprove page, detail, approve, reject;
 * contract/applySigning; template/getWorkflow, setWorkflow), from the server's OpenAPI examples
 * (`SIGNING_APPROVAL_EXAMPLES`, and `WORKFLOW_EXAMPLES` for a template's flows). It checks only the shared request schemas; who may decide, how a
 * decision moves the flow on and which approvals each tab holds are the server's rules, so a story
 * says what the server would answer (`demoApprovalsFrom`) rather than the demo working it out.
 * Each story's console keeps its changes to itself.
 */
import {
  PATHS,
  signingApprovalDecidedExamples,
  SIGNING_APPROVAL_EXAMPLES,
  applySigningBody,
  check,
  fail,
  message,
  signingApproveBody,
  signingRejectBody,
  templateWorkflowsBody,
  WORKFLOW_EXAMPLES,
  type ApprovalTab,
  type ContractSigningApproval,
  type Locale,
  type MessageKey,
  type SigningApprovalDetail,
  type SigningApprovalListItem,
  type TemplateWorkflows,
  type WorkflowOption,
} from '@esign/platform';
import type { Answer } from './demoApi';
import type { DemoConsole } from './demoData';
import { answer, pageOf, paramOf, type ConsoleCall } from './demoTemplates';
import { bodyOf } from './demoRequest';

/** What the demo answers in one console: a story's fixtures, as the server would answer them. */
export interface DemoApprovals {
  /** The rows of each tab of /approval/index (a tab left out has none). */
  tabs: Partial<Record<ApprovalTab, SigningApprovalListItem[]>>;
  /** The approvals signingApprove/detail answers, by id. */
  details: SigningApprovalDetail[];
  /** What the approval reads as once the viewer approved or rejected it. */
  afterApprove?: SigningApprovalDetail;
  afterReject?: SigningApprovalDetail;
  /** A decision refused, as the server refuses it (409 someone decided first, 403 not your turn). */
  refuseDecision?: { status: 403 | 409; text: MessageKey };
  /** The flows each template requires (template/getWorkflow), by template id. */
  templateWorkflows: Record<string, TemplateWorkflows>;
}

const EXAMPLE = SIGNING_APPROVAL_EXAMPLES.detail as SigningApprovalDetail;

/** The example approval once the viewer approved or rejected it, as the server answers. */
export const { approved: APPROVED_EXAMPLE, rejected: REJECTED_EXAMPLE } =
  signingApprovalDecidedExamples();

/** The example page's rows: the approval waiting for the viewer, and one not passed. */
const [WAITING, NOT_PASSED] = SIGNING_APPROVAL_EXAMPLES.page.records;

/** What a console answers unless a story says otherwise: the examples. */
export function exampleApprovals(): DemoApprovals {
  return {
    tabs: {
      received: [structuredClone(WAITING!), structuredClone(NOT_PASSED!)],
      pending: [structuredClone(WAITING!)],
    },
    details: [structuredClone(EXAMPLE)],
    afterApprove: structuredClone(APPROVED_EXAMPLE),
    afterReject: structuredClone(REJECTED_EXAMPLE),
    templateWorkflows: {},
  };
}

let pending: DemoApprovals | null = null;
const consoles = new WeakMap<DemoConsole, DemoApprovals>();

/**
 * What the next story's console answers (call it in the story's `beforeEach`): taken once, by the
 * first approval call.
 */
export function demoApprovalsFrom(approvals: DemoApprovals): void {
  pending = approvals;
}

function approvalsOf(current: DemoConsole): DemoApprovals {
  let approvals = consoles.get(current);
  if (!approvals) {
    approvals = pending ? structuredClone(pending) : exampleApprovals();
    pending = null;
    consoles.set(current, approvals);
  }
  return approvals;
}

/** The applications made in each story's console: contract id → the approval the server started. */
const applications = new WeakMap<DemoConsole, Map<string, ContractSigningApproval>>();

/**
 * contract/detail's `signingApproval` of a demo contract: the story's (`DemoContractActions`), or,
 * once the story applied, the pending approval the applied example names.
 */
export function signingApprovalOf(
  current: DemoConsole,
  contractId: string,
): { signingApproval?: ContractSigningApproval } {
  const approval =
    applications.get(current)?.get(contractId) ??
    current.contractActions.signingApproval?.[contractId];
  return approval ? { signingApproval: approval } : {};
}

const refusal = (status: number, text: MessageKey, locale: Locale): Answer => ({
  status,
  body: fail(status, message(text, locale)),
});

const schemaRefusal = (issues: readonly { message: string }[]): Answer => ({
  status: 400,
  body: fail(400, issues[0]!.message),
});

/** A decision: checked by the shared schema, refused as the story says, or the story's outcome. */
function decide(
  schema: typeof signingApproveBody | typeof signingRejectBody,
  outcome: 'afterApprove' | 'afterReject',
): ConsoleCall {
  return (current, locale, request) => {
    const checked = check(schema, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const approvals = approvalsOf(current);
    const index = approvals.details.findIndex(({ id }) => id === String(checked.value.id));
    if (index < 0) return refusal(404, 'approvalNotFound', locale);
    if (approvals.refuseDecision) {
      const { status, text } = approvals.refuseDecision;
      return refusal(status, text, locale);
    }
    const after = approvals[outcome];
    if (after) approvals.details[index] = structuredClone(after);
    const detail = approvals.details[index]!;
    return answer({
      id: detail.id,
      status: detail.status,
      contractStatus: detail.contract.status,
      currentNode: detail.currentNode,
    });
  };
}

/** The demo API's answers to the signing approval calls, by path. */
export const SIGNING_APPROVAL_CALLS: Record<string, ConsoleCall> = {
  [PATHS.signingApprovePage]: (current, _locale, request) => {
    const tab = (paramOf(request, 'tab') || 'initiated') as ApprovalTab;
    const name = paramOf(request, 'name').toLowerCase();
    const state = paramOf(request, 'state');
    const rows = (approvalsOf(current).tabs[tab] ?? []).filter(
      (row) => row.contractName.toLowerCase().includes(name) && (!state || row.state === state),
    );
    return answer(pageOf(rows, request));
  },
  [PATHS.signingApproveDetail]: (current, locale, request) => {
    const detail = approvalsOf(current).details.find(({ id }) => id === paramOf(request, 'id'));
    return detail ? answer(detail) : refusal(404, 'approvalNotFound', locale);
  },
  [PATHS.signingApproveApprove]: decide(signingApproveBody, 'afterApprove'),
  [PATHS.signingApproveReject]: decide(signingRejectBody, 'afterReject'),
  [PATHS.templateWorkflows]: (current, _locale, request) =>
    answer(
      approvalsOf(current).templateWorkflows[paramOf(request, 'id')] ??
        SIGNING_APPROVAL_EXAMPLES.templateWorkflows,
    ),
  [PATHS.templateSetWorkflows]: (current, locale, request) => {
    const checked = check(templateWorkflowsBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const { id, beforeInitiate, beforeSign } = checked.value;
    const approvals = approvalsOf(current);
    const before =
      approvals.templateWorkflows[String(id)] ??
      structuredClone(SIGNING_APPROVAL_EXAMPLES.templateWorkflows);
    // Whether a flow is enabled and of its type is the server's rule: the demo names what it is
    // given from the flow examples.
    const option = (flowId: string | number | null | undefined, kept: WorkflowOption | null) => {
      if (flowId === undefined) return kept;
      const flow = WORKFLOW_EXAMPLES.page.records.find(({ id: one }) => one === String(flowId));
      return flow ? { id: flow.id, name: flow.name, type: flow.type } : null;
    };
    const saved: TemplateWorkflows = {
      beforeInitiate: option(beforeInitiate, before.beforeInitiate),
      beforeSign: option(beforeSign, before.beforeSign),
    };
    approvals.templateWorkflows[String(id)] = saved;
    return answer(saved);
  },
  [PATHS.contractApplySigning]: (current, locale, request) => {
    const checked = check(applySigningBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    // Whether the contract needs it is the server's rule: the demo records what it answers.
    const applied = SIGNING_APPROVAL_EXAMPLES.applied;
    const made = applications.get(current) ?? new Map<string, ContractSigningApproval>();
    made.set(String(checked.value.id), {
      latest: { id: applied.approvalId, status: 'pending', type: 'beforeSign' },
      applyBecause: null,
    });
    applications.set(current, made);
    return answer(applied);
  },
};
