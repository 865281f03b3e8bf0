/**
 * Signing approval (spec 000 §1, §2 /approval, §4, §7; spec 001 §3 Approval flow, §4 redirect
 * type 3, §5; issue 30): a company's template may require an approval flow (`WORKFLOW_TYPES`)
 * before a contract made from it is initiated (`beforeInitiate`: the contract waits in `approving`
 * before anyone fills or signs) or before the company signs it (`beforeSign`: the company's signer
 * applies with contract/applySigning; the contract moves to `approving`). A signer who may not use
 * the company's seal applies too: then the company's administrator decides (an approval with no
 * nodes). The flow's nodes decide in order (signingApprove/detail, approve, reject); the last
 * approval moves the contract on, a rejection ends it in `approval_rejected` with the reason.
 *
 * Paths, request schemas, answers, states, messages and the OpenAPI examples of these calls (the
 * web app's stories answer with the same examples).
 */
import * as z from 'zod/mini';
import type { ContractStatus } from './contracts';
import type { MessageKey } from './messages';
import { pageQuery, positiveInt, recordIdSchema } from './paging';
import { TEMPLATE_PARTIES } from './templates';
import type { WorkflowNodeKind, WorkflowOption, WorkflowType } from './workflows';

const err = (key: MessageKey) => ({ error: key });

/** The calls of this area, under /api (joined into `PATHS`). */
export const SIGNING_APPROVAL_PATHS = {
  /**
   * POST `ApplySigningBody` (signed in, a company console): the company's signer asks for the
   * approval the contract needs before the company signs it. Answers `SigningApplied`.
   */
  contractApplySigning: '/sicpay-contract/contract/applySigning',
  /** GET `?id=` (an approval's id; signed in): `SigningApprovalDetail`. */
  signingApproveDetail: '/sicpay-contract/signingApprove/detail',
  /** POST `SigningApproveBody`: the caller approves at its turn. Answers `SigningApprovalDecided`. */
  signingApproveApprove: '/sicpay-contract/signingApprove/approve',
  /** POST `SigningRejectBody` (a comment required): the caller rejects at its turn. */
  signingApproveReject: '/sicpay-contract/signingApprove/reject',
  /**
   * GET `SigningApprovalPageQuery` (signed in, a company console): a page of the approvals of one
   * tab of /approval/index (`SigningApprovalListItem`). The spec names no list call; this one is
   * named after the spec's signingApprove calls.
   */
  signingApprovePage: '/sicpay-contract/signingApprove/page',
  /**
   * GET `?id=` (template:view, the template's `use` right): the flows a template requires, by type
   * (`TemplateWorkflows`).
   */
  templateWorkflows: '/sicpay-contract/template/getWorkflow',
  /**
   * POST `TemplateWorkflowsBody` (template:view and the template's `manage` right): chooses the
   * flows a template requires (from workflowtemplate/getSelectList of each type), or none.
   * Answers `TemplateWorkflows`.
   */
  templateSetWorkflows: '/sicpay-contract/template/setWorkflow',
} as const;

// ---- States ----

/**
 * An approval's status as the server stores it (`approvals.status`): `pending` — its nodes (or
 * the administrator) are still deciding; `approved` — the last node approved; `rejected` — a
 * person rejected it (the reason is kept); `withdrawn` — the contract was withdrawn (or expired)
 * while it was pending.
 */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * The approval states of spec 001 §3 as /approval shows them to the person looking:
 * - `inProgress` (in progress): pending, and not waiting for the viewer;
 * - `pending` (pending): pending, and the viewer's decision is asked now;
 * - `approved` (approved): approved;
 * - `notPassed` (not passed): rejected, or ended because the contract was withdrawn or expired
 *   (`status` says which).
 */
export const APPROVAL_STATES = ['inProgress', 'pending', 'approved', 'notPassed'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** The state `status` shows to a viewer; `myTurn`: the viewer may decide now. */
export function approvalState(status: ApprovalStatus, myTurn: boolean): ApprovalState {
  if (status === 'pending') return myTurn ? 'pending' : 'inProgress';
  return status === 'approved' ? 'approved' : 'notPassed';
}

/**
 * A node's status (`approval_nodes.status`): `waiting` — an earlier node decides first;
 * `deciding` — its people decide now; `approved` — its one approver, or every countersigner,
 * approved; `rejected` — one of its people rejected; `notified` — a carbon copy, told when the
 * flow reached it.
 */
export const APPROVAL_NODE_STATUSES = [
  'waiting',
  'deciding',
  'approved',
  'rejected',
  'notified',
] as const;
export type ApprovalNodeStatus = (typeof APPROVAL_NODE_STATUSES)[number];

/** A person's decision on a node; null while undecided (and always for a carbon copy). */
export type ApprovalDecision = 'approved' | 'rejected';

/**
 * The tabs of /approval/index (spec 000 §2), in the spec's order:
 * - `initiated` (my initiations): approvals the viewer applied for (or whose contract the viewer
 *   initiated, for approvals before initiating);
 * - `received` (received by me): approvals where the viewer is or was a deciding node's person
 *   (or, for an approval with no nodes, one of the company's administrators), whatever their state;
 * - `pending` (pending my approval): those whose decision is the viewer's now;
 * - `copied` (copied to me): approvals whose carbon-copy node names the viewer, once the flow
 *   reached it.
 */
export const APPROVAL_TABS = ['initiated', 'received', 'pending', 'copied'] as const;
export type ApprovalTab = (typeof APPROVAL_TABS)[number];

/**
 * The `active` query of /approval/view (spec 001 §4, redirect type 3: `?active=0-2&id=`): in which
 * capacity the viewer opens it — 0 the applicant (back to the tab `initiated`), 1 a decider
 * (`pending`/`received`), 2 a carbon-copy person (`copied`). Messages build the link with it.
 */
export const APPROVAL_VIEW_ACTIVE = { applicant: 0, decider: 1, carbonCopy: 2 } as const;
export type ApprovalViewActive = (typeof APPROVAL_VIEW_ACTIVE)[keyof typeof APPROVAL_VIEW_ACTIVE];

/** The web route a message of redirect type 3 opens: `/approval/view?active=…&id=…`. */
export function approvalViewLink(active: ApprovalViewActive, approvalId: string | number): string {
  return `/approval/view?active=${active}&id=${approvalId}`;
}

/** A decision's comment, at most (characters); a rejection needs one. */
export const APPROVAL_COMMENT_MAX = 500;
/** The contract-name search of signingApprove/page, at most (characters). */
export const APPROVAL_SEARCH_MAX = 100;

// ---- Requests ----

const comment = () =>
  z.string().check(z.trim(), z.maxLength(APPROVAL_COMMENT_MAX, err('approvalCommentTooLong')));

/**
 * POST contract/applySigning: the contract `id`; `party` names the company's party where the
 * company holds several; `comment` (optional, ≤ 500) tells the deciders why.
 */
export const applySigningBody = z.object({
  id: recordIdSchema,
  party: z.optional(z.enum(TEMPLATE_PARTIES, err('invalidValue'))),
  comment: z.optional(comment()),
});
export type ApplySigningBody = z.input<typeof applySigningBody>;

/** GET signingApprove/detail: the approval's id. */
export const signingApprovalIdQuery = z.object({ id: positiveInt() });

/** POST signingApprove/approve: the approval `id`, an optional comment (≤ 500). */
export const signingApproveBody = z.object({
  id: recordIdSchema,
  comment: z.optional(comment()),
});
export type SigningApproveBody = z.input<typeof signingApproveBody>;

/** POST signingApprove/reject: the approval `id` and the reason (required, 1–500 characters). */
export const signingRejectBody = z.object({
  id: recordIdSchema,
  comment: z
    .string(err('approvalCommentRequired'))
    .check(
      z.trim(),
      z.minLength(1, err('approvalCommentRequired')),
      z.maxLength(APPROVAL_COMMENT_MAX, err('approvalCommentTooLong')),
    ),
});
export type SigningRejectBody = z.input<typeof signingRejectBody>;

/**
 * GET signingApprove/page: `tab` (default `initiated`), `name` part of the contract's name (any
 * case), `state` one of `APPROVAL_STATES`, and the paging (`current`, `size`). Newest first.
 */
export const signingApprovalPageQuery = z.object({
  ...pageQuery,
  tab: z._default(z.enum(APPROVAL_TABS, err('invalidValue')), 'initiated'),
  name: z.optional(
    z.string().check(z.trim(), z.maxLength(APPROVAL_SEARCH_MAX, err('invalidValue'))),
  ),
  state: z.optional(z.enum(APPROVAL_STATES, err('invalidValue'))),
});
export type SigningApprovalPageQuery = z.input<typeof signingApprovalPageQuery>;

/** GET template/getWorkflow: the template's id. */
export const templateWorkflowsQuery = z.object({ id: positiveInt() });

/**
 * POST template/setWorkflow: the template `id` and, for each type, the flow it requires (an
 * enabled flow of the company of that type, from workflowtemplate/getSelectList), null for none;
 * a type left out keeps its choice.
 */
export const templateWorkflowsBody = z.object({
  id: recordIdSchema,
  beforeInitiate: z.optional(z.nullable(recordIdSchema)),
  beforeSign: z.optional(z.nullable(recordIdSchema)),
});
export type TemplateWorkflowsBody = z.input<typeof templateWorkflowsBody>;

// ---- Answers ----

/** A person of an approval, as the company's staff list names them. */
export interface ApprovalPerson {
  id: string;
  name: string;
  phone: string;
}

/** A person of a node and what they decided. */
export interface ApprovalNodePerson extends ApprovalPerson {
  /** null: not decided (yet), or a carbon copy. */
  decision: ApprovalDecision | null;
  /** Their comment ('' when none); a rejection's reason. */
  comment: string;
  /** yyyy-MM-dd HH:mm:ss, UTC; null until they decide (a carbon copy: when told). */
  decidedAt: string | null;
}

/** A node of an approval, in order. */
export interface ApprovalNodeView {
  /** From 0, the order the nodes decide in. */
  position: number;
  kind: WorkflowNodeKind;
  status: ApprovalNodeStatus;
  people: ApprovalNodePerson[];
}

/** The contract an approval is about, as /approval/view summarises it. */
export interface ApprovalContractSummary {
  id: string;
  name: string;
  number: string;
  status: ContractStatus;
  /** The initiating company's name ('' for a personal initiator). */
  initiatorName: string;
  /** yyyy-MM-dd HH:mm:ss, UTC */
  createdAt: string;
  /** yyyy-MM-dd HH:mm:ss, UTC; null without a deadline. */
  signingDeadline: string | null;
  /** The parties' names in order (a company's name, or a person's). */
  parties: { party: string; name: string }[];
}

/** GET signingApprove/detail */
export interface SigningApprovalDetail {
  id: string;
  type: WorkflowType;
  /** The flow's name when the approval started; '' for the administrator's decision. */
  workflowName: string;
  status: ApprovalStatus;
  /** As the caller sees it (`approvalState`). */
  state: ApprovalState;
  /** A rejection's reason ('' otherwise). */
  reason: string;
  /** The comment the applicant gave with contract/applySigning (''). */
  applicantComment: string;
  applicant: ApprovalPerson;
  /** yyyy-MM-dd HH:mm:ss, UTC */
  createdAt: string;
  /** yyyy-MM-dd HH:mm:ss, UTC; null while pending. */
  finishedAt: string | null;
  contract: ApprovalContractSummary;
  /** The flow's nodes in order; empty when the company's administrator decides. */
  nodes: ApprovalNodeView[];
  /**
   * With no nodes: the administrator who decided, the decision, comment and time; null while
   * pending (and for an approval with nodes).
   */
  administratorDecision: ApprovalNodePerson | null;
  /** The position of the node deciding now; null when none is (finished, or no nodes). */
  currentNode: number | null;
  /** Whose decision is asked now (the current node's undecided people, or the administrators). */
  deciders: ApprovalPerson[];
  /** Whether the caller may approve or reject now. */
  mayDecide: boolean;
  /** The caller's capacity, for the view's `active` (`APPROVAL_VIEW_ACTIVE`). */
  active: ApprovalViewActive;
}

/** A row of signingApprove/page. */
export interface SigningApprovalListItem {
  id: string;
  contractId: string;
  contractName: string;
  contractNumber: string;
  type: WorkflowType;
  workflowName: string;
  applicantName: string;
  status: ApprovalStatus;
  state: ApprovalState;
  /** yyyy-MM-dd HH:mm:ss, UTC */
  createdAt: string;
  finishedAt: string | null;
  /** The `active` to open it with (/approval/view?active=&id=). */
  active: ApprovalViewActive;
}

/** POST contract/applySigning */
export interface SigningApplied {
  approvalId: string;
  /** `approving`. */
  contractStatus: ContractStatus;
  /** True when no flow applies and the company's administrator decides. */
  byAdministrator: boolean;
}

/** POST signingApprove/approve and /reject: the approval after the decision. */
export interface SigningApprovalDecided {
  id: string;
  status: ApprovalStatus;
  /** The contract's status after it (`approving` while later nodes decide). */
  contractStatus: ContractStatus;
  /** The node deciding next; null when finished. */
  currentNode: number | null;
}

/** GET template/getWorkflow, POST template/setWorkflow: the flow of each type, or null. */
export interface TemplateWorkflows {
  beforeInitiate: WorkflowOption | null;
  beforeSign: WorkflowOption | null;
}

/**
 * The `data` of contract/sign's 409 `signingApprovalRequired`: why approval is needed, and the
 * pending approval (null when none was applied for yet).
 */
export interface SigningApprovalRequired {
  /** `workflow`: the template requires a flow before signing; `seal`: the signer may not use the
   * company's seal, so the administrator decides. */
  because: 'workflow' | 'seal';
  approvalId: string | null;
}

/**
 * contract/detail's `signingApproval` (company consoles only): where the session's company stands
 * on approving this contract, so that the contract page offers "Apply for signing approval"
 * (contract/applySigning) instead of Sign, or links the approval (/approval/view?id=).
 */
export interface ContractSigningApproval {
  /** The company's latest approval of the contract; null: none yet. */
  latest: { id: string; status: ApprovalStatus; type: WorkflowType } | null;
  /**
   * The session must apply (contract/applySigning) before its company signs, and why (see
   * `SigningApprovalRequired.because`); null: nothing to apply for now (no approval needed, one
   * granted or pending, or no party of the session's company left to sign).
   */
  applyBecause: 'workflow' | 'seal' | null;
}

// ---- Examples: the OpenAPI document shows them; the web app's stories answer with them ----

const APPLICANT: ApprovalPerson = { id: '7', name: 'Wang Fang', phone: '13800000007' };
const ADMIN: ApprovalPerson = { id: '2', name: 'Demo Admin', phone: '13800000002' };
const LEGAL: ApprovalPerson = { id: '9', name: 'Zhang Wei', phone: '13800000009' };
const FINANCE: ApprovalPerson = { id: '11', name: 'Li Na', phone: '13800000011' };

/** The examples of this area's calls. */
export const SIGNING_APPROVAL_EXAMPLES = {
  apply: { id: '9001', comment: 'Customer asked to sign today' } satisfies ApplySigningBody,
  applied: {
    approvalId: '31',
    contractStatus: 'approving',
    byAdministrator: false,
  } satisfies SigningApplied,
  approve: { id: '31', comment: 'Prices checked' } satisfies SigningApproveBody,
  reject: { id: '31', comment: 'The delivery date is wrong' } satisfies SigningRejectBody,
  decided: {
    id: '31',
    status: 'pending',
    contractStatus: 'approving',
    currentNode: 1,
  } satisfies SigningApprovalDecided,
  detail: {
    id: '31',
    type: 'beforeSign',
    workflowName: 'Sales contracts',
    status: 'pending',
    state: 'pending',
    reason: '',
    applicantComment: 'Customer asked to sign today',
    applicant: APPLICANT,
    createdAt: '2026-12-01 09:12:00',
    finishedAt: null,
    contract: {
      id: '9001',
      name: 'Supply agreement 2026',
      number: 'HT20261201123456',
      status: 'approving',
      initiatorName: 'Demo Trading Co., Ltd.',
      createdAt: '2026-12-01 08:40:00',
      signingDeadline: '2026-12-31 23:59:59',
      parties: [
        { party: 'A', name: 'Demo Trading Co., Ltd.' },
        { party: 'B', name: 'Chen Jie' },
      ],
    },
    nodes: [
      {
        position: 0,
        kind: 'approver',
        status: 'approved',
        people: [
          {
            ...ADMIN,
            decision: 'approved',
            comment: 'Prices checked',
            decidedAt: '2026-12-01 10:02:13',
          },
        ],
      },
      {
        position: 1,
        kind: 'countersign',
        status: 'deciding',
        people: [
          { ...LEGAL, decision: null, comment: '', decidedAt: null },
          { ...FINANCE, decision: 'approved', comment: '', decidedAt: '2026-12-01 11:30:00' },
        ],
      },
      {
        position: 2,
        kind: 'carbonCopy',
        status: 'waiting',
        people: [{ ...FINANCE, decision: null, comment: '', decidedAt: null }],
      },
    ],
    administratorDecision: null,
    currentNode: 1,
    deciders: [LEGAL],
    mayDecide: true,
    active: 1,
  } satisfies SigningApprovalDetail,
  page: {
    records: [
      {
        id: '31',
        contractId: '9001',
        contractName: 'Supply agreement 2026',
        contractNumber: 'HT20261201123456',
        type: 'beforeSign',
        workflowName: 'Sales contracts',
        applicantName: 'Wang Fang',
        status: 'pending',
        state: 'pending',
        createdAt: '2026-12-01 09:12:00',
        finishedAt: null,
        active: 1,
      },
      {
        id: '28',
        contractId: '8990',
        contractName: 'Office lease',
        contractNumber: 'HT20261125654321',
        type: 'beforeInitiate',
        workflowName: 'Purchase orders',
        applicantName: 'Wang Fang',
        status: 'rejected',
        state: 'notPassed',
        createdAt: '2026-11-25 14:00:00',
        finishedAt: '2026-11-25 16:20:00',
        active: 1,
      },
    ] as SigningApprovalListItem[],
    total: 2,
    current: 1,
    size: 10,
  },
  templateWorkflows: {
    beforeInitiate: null,
    beforeSign: { id: '1', name: 'Sales contracts', type: 'beforeSign' },
  } satisfies TemplateWorkflows,
  setTemplateWorkflows: { id: '12', beforeSign: '1', beforeInitiate: null },
} as const;

/**
 * signingApprove/detail's answers once the example's last countersigner (the viewer) decided, as
 * the server answers them (approvals/CONTEXT.md): approved (node 2 approved, the carbon copy told,
 * the contract back to signing), or rejected with the example's reason (the contract ended in
 * approval_rejected). The stories show a decision's outcome with them; a function, so that the
 * web app's first load leaves the examples out.
 */
export function signingApprovalDecidedExamples(): {
  approved: SigningApprovalDetail;
  rejected: SigningApprovalDetail;
} {
  const decidedAt = '2026-12-01 14:05:00';
  const pending = SIGNING_APPROVAL_EXAMPLES.detail as SigningApprovalDetail;
  return {
    approved: {
      ...pending,
      status: 'approved',
      state: 'approved',
      finishedAt: decidedAt,
      contract: { ...pending.contract, status: 'signing' },
      nodes: [
        pending.nodes[0]!,
        {
          ...pending.nodes[1]!,
          status: 'approved',
          people: pending.nodes[1]!.people.map((person) =>
            person.decision
              ? person
              : { ...person, decision: 'approved' as const, comment: '', decidedAt: decidedAt },
          ),
        },
        {
          ...pending.nodes[2]!,
          status: 'notified',
          people: pending.nodes[2]!.people.map((person) => ({
            ...person,
            decidedAt: decidedAt,
          })),
        },
      ],
      currentNode: null,
      deciders: [],
      mayDecide: false,
    },
    rejected: {
      ...pending,
      status: 'rejected',
      state: 'notPassed',
      reason: SIGNING_APPROVAL_EXAMPLES.reject.comment,
      finishedAt: decidedAt,
      contract: { ...pending.contract, status: 'approval_rejected' },
      nodes: [
        pending.nodes[0]!,
        {
          ...pending.nodes[1]!,
          status: 'rejected',
          people: pending.nodes[1]!.people.map((person) =>
            person.decision
              ? person
              : {
                  ...person,
                  decision: 'rejected' as const,
                  comment: SIGNING_APPROVAL_EXAMPLES.reject.comment,
                  decidedAt: decidedAt,
                },
          ),
        },
        pending.nodes[2]!,
      ],
      currentNode: null,
      deciders: [],
      mayDecide: false,
    },
  };
}

/** The messages of this area in English and Chinese (joined into `MESSAGES`). */
export const SIGNING_APPROVAL_MESSAGES = {
  approvalNotFound: { en: 'The approval does not exist', zh: '审批不存在' },
  approvalCommentRequired: {
    en: 'Please give the reason for rejecting',
    zh: '请填写驳回原因',
  },
  approvalCommentTooLong: {
    en: 'The comment is at most 500 characters',
    zh: '审批意见不能超过 500 个字符',
  },
  approvalFinished: {
    en: 'This approval has already ended',
    zh: '该审批已结束',
  },
  approvalDecidedConcurrently: {
    en: 'Someone decided this approval step at the same moment: reload to see the decision',
    zh: '该审批节点刚刚已被他人处理，请刷新查看结果',
  },
  approvalAlreadyDecided: {
    en: 'You have already decided this approval step',
    zh: '您已处理过该审批节点',
  },
  approvalNotRequired: {
    en: 'This contract needs no approval: you may sign it',
    zh: '该合同无需审批，可直接签署',
  },
  approvalAlreadyPending: {
    en: 'An approval of this contract is already in progress',
    zh: '该合同已有审批正在进行',
  },
  signingApprovalRequired: {
    en: 'Your company’s approval is needed before you sign this contract: apply for signing approval first',
    zh: '签署该合同需先经企业审批，请先申请签署审批',
  },
  signingApprovalNotYours: {
    en: 'Only the member who applied for the approval can sign with it',
    zh: '只有申请审批的成员可以在审批通过后签署',
  },
  templateWorkflowType: {
    en: 'The chosen flow is not of this type, or is disabled',
    zh: '所选审批流程类型不符或已停用',
  },
} as const satisfies Record<string, { en: string; zh: string }>;
