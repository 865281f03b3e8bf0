import type { MessageKey } from './messages';

/**
 * The statuses a contract is in (spec 000 §4), as the server stores them:
 * - `filling`: parties fill in the fields the initiator left them;
 * - `approving`: waiting for the company's approver (approval in progress, signing approval);
 * - `signing`: the parties sign, within the signing deadline;
 * - `completed`: every party signed;
 * - `refused`: a party refused to sign (signing refused);
 * - `approval_rejected`: the company's approver rejected it;
 * - `expired`: the signing deadline passed before every party signed;
 * - `withdrawn`: the initiator withdrew (revoked) it before it completed;
 * - `cancelled`: the parties rescinded it after it completed.
 *
 * The spec's other labels are not states of a contract: "agreed" is a party's answer and
 * "performing" a completed contract within its term.
 */
export const CONTRACT_STATUSES = [
  'filling',
  'approving',
  'signing',
  'completed',
  'refused',
  'approval_rejected',
  'expired',
  'withdrawn',
  'cancelled',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/**
 * What can happen to a contract (spec 000 §1, §4, §7). `view` and `download` are not here: they
 * change nothing, whatever the status (they are audited, see `AUDIT_ACTIONS`).
 * - `fill`: a party fills in its fields (contract/write);
 * - `sign`: a party signs (contract/sign);
 * - `refuse`: a party refuses to sign (contract/reject);
 * - `urge`: the initiator reminds the parties who have not acted yet (contract/urge);
 * - `withdraw`: the initiator withdraws (revokes) it before it completed (contract/revoke);
 * - `remove`: the initiator removes a contract that ended unsigned from the lists
 *   (contract/remove); its row and audit trail stay;
 * - `rescind`: a signing party agrees to end a completed contract (contract/signUnsubscribe);
 *   the last agreement cancels it;
 * - `expire`: the signing deadline passed (the deadline job);
 * - `apply_signing`: a signer asks the company's approver to let it sign (contract/applySigning);
 * - `approve`, `reject_approval`: the approver's answer (signingApprove/approve, /reject); the
 *   last approval of a signing approval (or of an approval before initiating when nobody is left
 *   to fill) leads to `signing`;
 * - `approve_initiation`: the last approval of an approval before initiating while parties still
 *   fill in their fields (signingApprove/approve): the contract goes on as a new one would, to
 *   `filling`.
 */
export const CONTRACT_ACTIONS = [
  'fill',
  'sign',
  'refuse',
  'urge',
  'withdraw',
  'remove',
  'rescind',
  'expire',
  'apply_signing',
  'approve',
  'reject_approval',
  'approve_initiation',
] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];

/**
 * Who may take an action: a signing party of the contract, its initiator, the approver of the
 * initiating company, or the platform itself (a job).
 */
export type ContractActor = 'party' | 'initiator' | 'approver' | 'system';

/**
 * A fact about the contract that decides where an action leads, given by the caller:
 * - `allFilled`: every party has filled in its fields, counting the fill being recorded;
 * - `allSigned`: every party has signed, counting the signature being recorded;
 * - `allRescinded`: every signing party has agreed to rescind, counting the agreement being
 *   recorded;
 * - `allApproved`: the approval is complete, counting the decision being recorded (the last
 *   node's approver, or the last countersigner of the last deciding node).
 */
export type ContractCondition = 'allFilled' | 'allSigned' | 'allRescinded' | 'allApproved';
export type ContractFacts = Partial<Record<ContractCondition, boolean>>;

/**
 * One allowed action in one status. `to` is where it leads; `'same'` leaves the status as it is.
 * With `when`, it leads to `to` only once that fact holds, and leaves the status as it is until
 * then (the last signature completes a contract, the ones before it keep it in `signing`).
 */
export interface ContractTransition {
  who: ContractActor;
  to: ContractStatus | 'same';
  when?: ContractCondition;
}

/** Until every party signed, the initiator may withdraw a contract and its deadline may pass. */
const UNTIL_SIGNED = {
  withdraw: { who: 'initiator', to: 'withdrawn' },
  expire: { who: 'system', to: 'expired' },
} as const satisfies Partial<Record<ContractAction, ContractTransition>>;

/** While the parties act (fill in, sign), any of them may refuse and the initiator may urge. */
const WHILE_PARTIES_ACT = {
  ...UNTIL_SIGNED,
  refuse: { who: 'party', to: 'refused' },
  urge: { who: 'initiator', to: 'same' },
} as const satisfies Partial<Record<ContractAction, ContractTransition>>;

/** A contract that ended without coming into force may be removed from the lists. */
const ENDED_UNSIGNED = {
  remove: { who: 'initiator', to: 'same' },
} as const satisfies Partial<Record<ContractAction, ContractTransition>>;

/**
 * The contract's life: for each status, the actions it allows and where they lead. Anything not
 * listed is refused and changes nothing. The server consults this table alone (`nextStatus`);
 * `CONTRACTS.md` draws it, and a test keeps that drawing equal to this data.
 */
export const CONTRACT_TRANSITIONS: Record<
  ContractStatus,
  Partial<Record<ContractAction, ContractTransition>>
> = {
  filling: {
    ...WHILE_PARTIES_ACT,
    fill: { who: 'party', to: 'signing', when: 'allFilled' },
  },
  approving: {
    ...UNTIL_SIGNED,
    approve: { who: 'approver', to: 'signing', when: 'allApproved' },
    approve_initiation: { who: 'approver', to: 'filling', when: 'allApproved' },
    reject_approval: { who: 'approver', to: 'approval_rejected' },
  },
  signing: {
    ...WHILE_PARTIES_ACT,
    sign: { who: 'party', to: 'completed', when: 'allSigned' },
    apply_signing: { who: 'party', to: 'approving' },
  },
  // Each signing party agrees to rescind; the last agreement cancels the contract.
  completed: { rescind: { who: 'party', to: 'cancelled', when: 'allRescinded' } },
  refused: ENDED_UNSIGNED,
  approval_rejected: ENDED_UNSIGNED,
  expired: ENDED_UNSIGNED,
  withdrawn: ENDED_UNSIGNED,
  cancelled: {},
};

/**
 * Why an action is refused: the action's own reason where it belongs to a single kind of
 * contract, otherwise the reason of the status the contract is in.
 */
export const CONTRACT_REFUSALS: {
  byAction: Partial<Record<ContractAction, MessageKey>>;
  byStatus: Record<ContractStatus, MessageKey>;
} = {
  byAction: {
    apply_signing: 'contractNotSigning',
    approve: 'contractNotApproving',
    approve_initiation: 'contractNotApproving',
    reject_approval: 'contractNotApproving',
    rescind: 'contractNotCompleted',
    remove: 'contractNotRemovable',
  },
  byStatus: {
    filling: 'contractStillFilling',
    approving: 'contractAwaitingApproval',
    signing: 'contractBeingSigned',
    completed: 'contractCompleted',
    refused: 'contractRefused',
    approval_rejected: 'contractApprovalRejected',
    expired: 'contractExpired',
    withdrawn: 'contractWithdrawn',
    cancelled: 'contractCancelled',
  },
};

export type NextStatus =
  | { ok: true; to: ContractStatus; transition: ContractTransition }
  | { ok: false; reason: MessageKey };

/**
 * Where `action` takes a contract in `status`, or why it may not happen (a message key of
 * `MESSAGES`). `facts` must hold the condition the transition depends on (`allSigned` for a
 * signature in `signing`, `allFilled` for a fill in `filling`); a missing one is a programming
 * error and throws (`allApproved` for an approval in `approving`). Who may act (`transition.who`) is the caller's to check.
 */
export function nextStatus(
  status: ContractStatus,
  action: ContractAction,
  facts: ContractFacts = {},
): NextStatus {
  const transition = CONTRACT_TRANSITIONS[status][action];
  if (!transition) {
    return {
      ok: false,
      reason: CONTRACT_REFUSALS.byAction[action] ?? CONTRACT_REFUSALS.byStatus[status],
    };
  }
  let arrives = true;
  if (transition.when) {
    const fact = facts[transition.when];
    if (fact === undefined)
      throw new Error(`nextStatus(${status}, ${action}) needs the fact ${transition.when}`);
    arrives = fact;
  }
  const to = arrives && transition.to !== 'same' ? transition.to : status;
  return { ok: true, to, transition };
}

/**
 * What the audit trail records: every contract action, and those that change nothing — its
 * creation, a view, a download and a signing link handed out through the open API.
 */
export const AUDIT_ACTIONS = [
  'create',
  'view',
  'download',
  'signing_link',
  ...CONTRACT_ACTIONS,
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
