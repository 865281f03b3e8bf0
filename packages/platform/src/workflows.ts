/**
 * Approval flows (spec 001 §2 examine, approval-add, approval-view; §3 Approval flow; §5 Approval;
 * §7 Workflow templates): a company's workflow templates — a name, a type (approval before
 * initiating, before signing), enabled or disabled, and ordered nodes, each an approver (exactly
 * one person), a countersign (two or more people, all must agree) or a carbon copy (told, not
 * asked). Paths, schemas, the rules as data with their messages, shapes and the OpenAPI examples
 * (the web app's stories answer with the same examples).
 *
 * The rules (`WORKFLOW_RULES`) are checked by the submit schema on the server and shown live by
 * the flow editor, from this one list.
 */
import * as z from 'zod/mini';
import type { Locale } from './constants';
import { message, type MessageKey } from './messages';
import { pageQuery, positiveInt, recordIdSchema } from './paging';

const err = (key: MessageKey) => ({ error: key });

/** The calls of this area, under /api (joined into `PATHS`). */
export const WORKFLOW_PATHS = {
  /** GET `?current&size&name&type&status` (approval:view): a page of the company's flows. */
  workflowPage: '/sicpay-workflow/workflowtemplate/page',
  /** GET `?id=` (approval:view): one flow with its nodes and their people (`WorkflowDetail`). */
  workflowDetail: '/sicpay-workflow/workflowtemplate/detail',
  /** POST `WorkflowSubmitBody`: creates (no id, approval:add) or replaces (id, approval:edit). */
  workflowSubmit: '/sicpay-workflow/workflowtemplate/submit',
  /** POST `{ id, status }` (approval:edit): enables (1) or disables (0) a flow. */
  workflowUpdateStatus: '/sicpay-workflow/workflowtemplate/updateStatus',
  /** POST `{ id }` (approval:delete): removes a flow nothing uses. */
  workflowRemove: '/sicpay-workflow/workflowtemplate/remove',
  /** GET `?type=` (template:view): the enabled flows, for a template's settings. */
  workflowSelectList: '/sicpay-workflow/workflowtemplate/getSelectList',
} as const;

/** When a flow runs: before the contract is initiated, or before the company signs it. */
export const WORKFLOW_TYPES = ['beforeInitiate', 'beforeSign'] as const;
export type WorkflowType = (typeof WORKFLOW_TYPES)[number];

/**
 * What a node asks of its people: `approver` — one person decides; `countersign` — two or more
 * people, every one must agree; `carbonCopy` — the people are told, not asked.
 */
export const WORKFLOW_NODE_KINDS = ['approver', 'countersign', 'carbonCopy'] as const;
export type WorkflowNodeKind = (typeof WORKFLOW_NODE_KINDS)[number];

/** The node kinds that decide (an approval node); a carbon copy only tells. */
export const DECIDING_NODE_KINDS: readonly WorkflowNodeKind[] = ['approver', 'countersign'];

/** Enabled (1) or disabled (0), as templates are. */
export type WorkflowStatus = 0 | 1;

/** A flow's name is at most this many characters. */
export const WORKFLOW_NAME_MAX = 30;
/** A flow has at most this many nodes. */
export const WORKFLOW_NODES_MAX = 20;
/** A node names at most this many people. */
export const WORKFLOW_NODE_PEOPLE_MAX = 50;

/** A node as the editor holds it and the submit call sends it: its kind and its people's ids. */
export interface WorkflowNodeDraft {
  kind: WorkflowNodeKind;
  people: readonly (string | number)[];
}

/**
 * One rule of spec 001 §5 Approval: its message key, and where a flow breaks it — null when the
 * flow keeps it, the indexes of the nodes that break it ([] when the flow as a whole does).
 */
export interface WorkflowRule {
  key: WorkflowRuleKey;
  broken(nodes: readonly WorkflowNodeDraft[]): number[] | null;
}

const nodesWhere = (
  nodes: readonly WorkflowNodeDraft[],
  test: (node: WorkflowNodeDraft) => boolean,
): number[] | null => {
  const found = nodes.flatMap((node, index) => (test(node) ? [index] : []));
  return found.length > 0 ? found : null;
};

/** The rules of a flow's nodes, in the order the editor lists them. */
export const WORKFLOW_RULES: readonly WorkflowRule[] = [
  { key: 'workflowNotEmpty', broken: (nodes) => (nodes.length === 0 ? [] : null) },
  {
    key: 'workflowApprovalNode',
    broken: (nodes) => (nodes.some((node) => DECIDING_NODE_KINDS.includes(node.kind)) ? null : []),
  },
  {
    key: 'workflowPeopleChosen',
    broken: (nodes) => nodesWhere(nodes, (node) => node.people.length === 0),
  },
  {
    key: 'workflowOneApprover',
    broken: (nodes) =>
      nodesWhere(nodes, (node) => node.kind === 'approver' && node.people.length > 1),
  },
  {
    key: 'workflowTwoCountersigners',
    broken: (nodes) =>
      nodesWhere(nodes, (node) => node.kind === 'countersign' && node.people.length === 1),
  },
  {
    key: 'workflowPersonOnce',
    broken: (nodes) =>
      nodesWhere(nodes, (node) => new Set(node.people.map(String)).size !== node.people.length),
  },
];

/** A rule a flow breaks, and where. */
export interface WorkflowProblem {
  key: WorkflowRuleKey;
  /** The indexes of the nodes that break it; empty when the flow as a whole does. */
  nodes: number[];
}

/** The rules a flow breaks, in `WORKFLOW_RULES`' order (none: the flow may be saved). */
export function workflowProblems(nodes: readonly WorkflowNodeDraft[]): WorkflowProblem[] {
  return WORKFLOW_RULES.flatMap((rule) => {
    const broken = rule.broken(nodes);
    return broken ? [{ key: rule.key, nodes: broken }] : [];
  });
}

/** A flow's name: trimmed, required, at most 30 characters. */
export const workflowNameSchema = z
  .string(err('workflowNameRequired'))
  .check(
    z.trim(),
    z.minLength(1, err('workflowNameRequired')),
    z.maxLength(WORKFLOW_NAME_MAX, err('workflowNameTooLong')),
  );

export const workflowTypeSchema = z.enum(WORKFLOW_TYPES, err('invalidValue'));

const workflowNodeSchema = z.object({
  kind: z.enum(WORKFLOW_NODE_KINDS, err('invalidValue')),
  people: z
    .array(recordIdSchema)
    .check(z.maxLength(WORKFLOW_NODE_PEOPLE_MAX, err('workflowTooManyPeople'))),
});

/** A flow's nodes, in order, keeping every rule of `WORKFLOW_RULES`. */
export const workflowNodesSchema = z.array(workflowNodeSchema).check(
  z.maxLength(WORKFLOW_NODES_MAX, err('workflowTooManyNodes')),
  z.superRefine((nodes, ctx) => {
    for (const problem of workflowProblems(nodes)) {
      ctx.addIssue({
        code: 'custom',
        path: problem.nodes.length > 0 ? [problem.nodes[0]!] : [],
        message: problem.key,
      });
    }
  }),
);

/** POST workflowtemplate/submit: a new flow (no id) or the whole of the flow `id`. */
export const workflowSubmitBody = z.object({
  id: z.optional(recordIdSchema),
  name: workflowNameSchema,
  type: workflowTypeSchema,
  nodes: workflowNodesSchema,
});
export type WorkflowSubmitBody = z.input<typeof workflowSubmitBody>;

/** GET workflowtemplate/page */
export const workflowPageQuery = z.object({
  ...pageQuery,
  /** Part of the name, any case. */
  name: z.optional(z.string().check(z.trim(), z.maxLength(WORKFLOW_NAME_MAX))),
  type: z.optional(workflowTypeSchema),
  status: z.optional(z.enum(['0', '1'], err('invalidValue'))),
});
export type WorkflowPageQuery = z.input<typeof workflowPageQuery>;

/** GET workflowtemplate/detail */
export const workflowIdQuery = z.object({ id: positiveInt() });

/** POST workflowtemplate/remove */
export const workflowIdBody = z.object({ id: recordIdSchema });

/** POST workflowtemplate/updateStatus: enable (1) or disable (0). */
export const workflowUpdateStatusBody = z.object({
  id: recordIdSchema,
  status: z.union([z.literal(0), z.literal(1)], err('invalidValue')),
});

/** GET workflowtemplate/getSelectList: optionally of one type. */
export const workflowSelectQuery = z.object({ type: z.optional(workflowTypeSchema) });

// ---- Answers ----

/** A row of workflowtemplate/page. */
export interface WorkflowListItem {
  id: string;
  name: string;
  type: WorkflowType;
  status: WorkflowStatus;
  creatorName: string;
  /** yyyy-MM-dd HH:mm:ss, UTC */
  createdAt: string;
  /** How many nodes, and how many of them decide. */
  nodeCount: number;
}

/** A person of a node, as the company's staff list names them. */
export interface WorkflowPerson {
  id: string;
  name: string;
  phone: string;
}

/** A node of workflowtemplate/detail. */
export interface WorkflowNode {
  kind: WorkflowNodeKind;
  people: WorkflowPerson[];
}

/** workflowtemplate/detail */
export interface WorkflowDetail extends Omit<WorkflowListItem, 'nodeCount'> {
  nodes: WorkflowNode[];
}

/** A row of workflowtemplate/getSelectList. */
export interface WorkflowOption {
  id: string;
  name: string;
  type: WorkflowType;
}

/**
 * Why a flow cannot be removed (the data of the refusal `workflowInUse`): the templates that
 * require it and the contracts whose approval by it is unfinished.
 */
export interface WorkflowInUse {
  templates: { id: string; name: string }[];
  contracts: { id: string; name: string }[];
}

/**
 * The refusal of removing a flow in use, naming what uses it, in a language: the server answers
 * it, the stories' demo API too.
 */
export function workflowInUseText(uses: WorkflowInUse, locale: Locale): string {
  const quote = (name: string) => (locale === 'zh' ? `“${name}”` : `"${name}"`);
  const separator = locale === 'zh' ? '、' : ', ';
  const parts = [
    uses.templates.length > 0
      ? `${message('workflowInUseTemplates', locale)}: ${uses.templates.map((t) => quote(t.name)).join(separator)}`
      : null,
    uses.contracts.length > 0
      ? `${message('workflowInUseContracts', locale)}: ${uses.contracts.map((c) => quote(c.name)).join(separator)}`
      : null,
  ].filter((part): part is string => part !== null);
  return `${message('workflowInUse', locale)} (${parts.join('; ')})`;
}

// ---- Examples: the OpenAPI document shows them; the web app's stories answer with them ----

const EXAMPLE_ADMIN: WorkflowPerson = { id: '2', name: 'Demo Admin', phone: '13800000002' };
const EXAMPLE_LEGAL: WorkflowPerson = { id: '9', name: 'Zhang Wei', phone: '13800000009' };
const EXAMPLE_FINANCE: WorkflowPerson = { id: '11', name: 'Li Na', phone: '13800000011' };

/** The examples of this area's calls. */
export const WORKFLOW_EXAMPLES = {
  submit: {
    name: 'Sales contracts',
    type: 'beforeSign',
    nodes: [
      { kind: 'approver', people: ['2'] },
      { kind: 'countersign', people: ['9', '11'] },
      { kind: 'carbonCopy', people: ['11'] },
    ],
  } satisfies WorkflowSubmitBody,
  detail: {
    id: '1',
    name: 'Sales contracts',
    type: 'beforeSign',
    status: 1,
    creatorName: 'Demo Admin',
    createdAt: '2026-11-20 09:30:00',
    nodes: [
      { kind: 'approver', people: [EXAMPLE_ADMIN] },
      { kind: 'countersign', people: [EXAMPLE_LEGAL, EXAMPLE_FINANCE] },
      { kind: 'carbonCopy', people: [EXAMPLE_FINANCE] },
    ],
  } satisfies WorkflowDetail,
  page: {
    records: [
      {
        id: '1',
        name: 'Sales contracts',
        type: 'beforeSign',
        status: 1,
        creatorName: 'Demo Admin',
        createdAt: '2026-11-20 09:30:00',
        nodeCount: 3,
      },
      {
        id: '2',
        name: 'Purchase orders',
        type: 'beforeInitiate',
        status: 0,
        creatorName: 'Demo Admin',
        createdAt: '2026-11-18 15:02:11',
        nodeCount: 1,
      },
    ] as WorkflowListItem[],
    total: 2,
    current: 1,
    size: 10,
  },
  inUse: {
    templates: [{ id: '12', name: 'Sales agreement' }],
    contracts: [{ id: '9005', name: 'Supply agreement 2026' }],
  } satisfies WorkflowInUse,
} as const;

/** The messages of this area in English and Chinese (joined into `MESSAGES`). */
export const WORKFLOW_MESSAGES = {
  workflowNotEmpty: { en: 'The flow cannot be empty', zh: '流程不能为空' },
  workflowApprovalNode: { en: 'At least one approval node', zh: '至少需要一个审批节点' },
  workflowPeopleChosen: {
    en: 'People must be chosen for every node',
    zh: '每个节点都必须选择人员',
  },
  workflowOneApprover: { en: 'Only one approver allowed', zh: '审批人只能选择一人' },
  workflowTwoCountersigners: {
    en: 'Two or more countersigners required',
    zh: '会签人需要两人或以上',
  },
  workflowPersonOnce: {
    en: 'A person appears once in a node',
    zh: '同一节点中每人只能出现一次',
  },
  workflowTooManyNodes: {
    en: 'A flow has at most 20 nodes',
    zh: '流程最多 20 个节点',
  },
  workflowTooManyPeople: {
    en: 'A node names at most 50 people',
    zh: '每个节点最多 50 人',
  },
  workflowNameRequired: { en: 'Please enter the flow name', zh: '请输入流程名称' },
  workflowNameTooLong: {
    en: 'The flow name is at most 30 characters',
    zh: '流程名称不能超过 30 个字符',
  },
  workflowNameTaken: {
    en: 'The company already has a flow of this name',
    zh: '企业已有同名审批流程',
  },
  workflowNotFound: { en: 'The approval flow does not exist', zh: '审批流程不存在' },
  workflowPersonNotStaff: {
    en: 'Only active members of the company can be chosen',
    zh: '只能选择本企业在职的员工',
  },
  workflowInUse: {
    en: 'This flow is in use and cannot be removed',
    zh: '该审批流程正在使用，无法删除',
  },
  workflowInUseTemplates: { en: 'templates requiring it', zh: '使用它的模板' },
  workflowInUseContracts: { en: 'unfinished approvals', zh: '未完成的审批' },
} as const satisfies Record<string, { en: string; zh: string }>;

/** The message key of a rule of `WORKFLOW_RULES`. */
export type WorkflowRuleKey =
  | 'workflowNotEmpty'
  | 'workflowApprovalNode'
  | 'workflowPeopleChosen'
  | 'workflowOneApprover'
  | 'workflowTwoCountersigners'
  | 'workflowPersonOnce';
