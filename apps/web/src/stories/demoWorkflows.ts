/**
 * The demo API's answers to the approval flow calls (sicpay-workflow/workflowtemplate page,
 * detail, submit, updateStatus, remove, getSelectList), starting from the server's OpenAPI
 * examples (`WORKFLOW_EXAMPLES`). It checks only the shared submit schema (`WORKFLOW_RULES`, from
 * @esign/platform); the server's own rules (unique names, who may be chosen) stay in the server.
 * A flow in use (the example's "Sales contracts") answers the server's refusal example. Each
 * story's console keeps its changes to itself.
 */
import {
  PATHS,
  WORKFLOW_EXAMPLES,
  check,
  fail,
  message,
  workflowInUseText,
  workflowSubmitBody,
  type Locale,
  type MessageKey,
  type WorkflowDetail,
  type WorkflowListItem,
} from '@esign/platform';
import type { Answer } from './demoApi';
import type { DemoConsole } from './demoData';
import { DEMO_STAFF } from './demoStaff';
import { answer, pageOf, paramOf, type ConsoleCall } from './demoTemplates';
import { bodyOf } from './demoRequest';

/** The examples' flows in full: the detail example, and the page's second row with one approver. */
function exampleFlows(): WorkflowDetail[] {
  const purchases = WORKFLOW_EXAMPLES.page.records[1];
  return [
    structuredClone(WORKFLOW_EXAMPLES.detail) as WorkflowDetail,
    {
      id: purchases!.id,
      name: purchases!.name,
      type: purchases!.type,
      status: purchases!.status,
      creatorName: purchases!.creatorName,
      createdAt: purchases!.createdAt,
      nodes: [{ kind: 'approver', people: [{ ...WORKFLOW_EXAMPLES.detail.nodes[0]!.people[0]! }] }],
    },
  ];
}

let pending: readonly WorkflowDetail[] | null = null;
const consoles = new WeakMap<DemoConsole, WorkflowDetail[]>();

/**
 * The flows the next story's console starts from (call it in the story's `beforeEach`; [] for a
 * company without any): taken once, by the first flow call.
 */
export function demoWorkflowsFrom(flows: readonly WorkflowDetail[]): void {
  pending = flows;
}

function flowsOf(current: DemoConsole): WorkflowDetail[] {
  let flows = consoles.get(current);
  if (!flows) {
    flows = pending ? structuredClone([...pending]) : exampleFlows();
    pending = null;
    consoles.set(current, flows);
  }
  return flows;
}

/** The example's flow that a template requires: removing it is refused, naming the template. */
const IN_USE_ID = WORKFLOW_EXAMPLES.detail.id;

const refusal = (status: number, text: MessageKey, locale: Locale): Answer => ({
  status,
  body: fail(status, message(text, locale)),
});

const listItem = ({ nodes, ...flow }: WorkflowDetail): WorkflowListItem => ({
  ...flow,
  nodeCount: nodes.length,
});

const submit: ConsoleCall = (current, locale, request) => {
  const checked = check(workflowSubmitBody, bodyOf(request), locale);
  if (!checked.ok) {
    const [issue] = checked.issues;
    return { status: 400, body: fail(400, `${issue!.path}: ${issue!.message}`) };
  }
  const { id, name, type, nodes } = checked.value;
  const flows = flowsOf(current);
  // Who may be chosen and which names are taken are the server's rules: the demo keeps what it is given.
  const people = new Map(DEMO_STAFF.map((member) => [member.id, member]));
  const existing = id === undefined ? undefined : flows.find((flow) => flow.id === String(id));
  if (id !== undefined && !existing) return refusal(404, 'workflowNotFound', locale);
  const saved: WorkflowDetail = {
    id: existing?.id ?? String(Math.max(0, ...flows.map((flow) => Number(flow.id))) + 1),
    name,
    type,
    status: existing?.status ?? 1,
    creatorName: existing?.creatorName ?? current.user.name,
    createdAt: existing?.createdAt ?? '2026-11-28 10:00:00',
    nodes: nodes.map((node) => ({
      kind: node.kind,
      people: node.people.map((person) => {
        const member = people.get(String(person))!;
        return { id: member.id, name: member.name, phone: member.phone };
      }),
    })),
  };
  if (existing) flows.splice(flows.indexOf(existing), 1, saved);
  else flows.unshift(saved);
  return answer(saved);
};

/** The demo API's answers to the approval flow calls, by path. */
export const WORKFLOW_CALLS: Record<string, ConsoleCall> = {
  [PATHS.workflowPage]: (current, _locale, request) => {
    const name = paramOf(request, 'name').toLowerCase();
    const type = paramOf(request, 'type');
    const rows = flowsOf(current)
      .filter((flow) => flow.name.toLowerCase().includes(name) && (!type || flow.type === type))
      .map(listItem);
    return answer(pageOf(rows, request));
  },
  [PATHS.workflowDetail]: (current, locale, request) => {
    const flow = flowsOf(current).find((entry) => entry.id === paramOf(request, 'id'));
    return flow ? answer(flow) : refusal(404, 'workflowNotFound', locale);
  },
  [PATHS.workflowSubmit]: submit,
  [PATHS.workflowUpdateStatus]: (current, locale, request) => {
    const { id, status } = bodyOf<{ id: string; status: 0 | 1 }>(request);
    const flow = flowsOf(current).find((entry) => entry.id === String(id));
    if (!flow) return refusal(404, 'workflowNotFound', locale);
    flow.status = status;
    return answer(null);
  },
  [PATHS.workflowRemove]: (current, locale, request) => {
    const { id } = bodyOf<{ id: string }>(request);
    const flows = flowsOf(current);
    const flow = flows.find((entry) => entry.id === String(id));
    if (!flow) return refusal(404, 'workflowNotFound', locale);
    if (flow.id === IN_USE_ID) {
      const uses = WORKFLOW_EXAMPLES.inUse;
      return { status: 409, body: fail(409, workflowInUseText(uses, locale), uses) };
    }
    flows.splice(flows.indexOf(flow), 1);
    return answer(null);
  },
  [PATHS.workflowSelectList]: (current, _locale, request) => {
    const type = paramOf(request, 'type');
    return answer(
      flowsOf(current)
        .filter((flow) => flow.status === 1 && (!type || flow.type === type))
        .map(({ id, name, type: flowType }) => ({ id, name, type: flowType })),
    );
  },
};
