import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  CONTRACT_ACTIONS,
  CONTRACT_STATUSES,
  CONTRACT_TRANSITIONS,
  nextStatus,
  type ContractAction,
  type ContractActor,
  type ContractCondition,
  type ContractStatus,
} from './contracts';
import { MESSAGES, message } from './messages';

/**
 * The contract's life written out by hand, one row a status, one column an action: `-` refused,
 * `=` allowed and the status stays, `x` leads to status x, `x?fact` leads to x once the fact holds
 * and stays until then. The test compares it with the data, cell by cell.
 */
const EXPECTED = `
status             fill               sign                refuse   urge  withdraw   remove  rescind    expire   apply_signing  approve  reject_approval  approve_initiation
filling            signing?allFilled  -                   refused  =     withdrawn  -       -          expired  -              -        -                  -
approving          -                  -                   -        -     withdrawn  -       -          expired  -              signing?allApproved  approval_rejected  filling?allApproved
signing            -                  completed?allSigned refused  =     withdrawn  -       -          expired  approving      -        -                  -
completed          -                  -                   -        -     -          -       cancelled?allRescinded  -        -              -        -                  -
refused            -                  -                   -        -     -          =       -          -        -              -        -                  -
approval_rejected  -                  -                   -        -     -          =       -          -        -              -        -                  -
expired            -                  -                   -        -     -          =       -          -        -              -        -                  -
withdrawn          -                  -                   -        -     -          =       -          -        -              -        -                  -
cancelled          -                  -                   -        -     -          -       -          -        -              -        -                  -
`;

const WHO: Record<ContractAction, ContractActor> = {
  fill: 'party',
  sign: 'party',
  refuse: 'party',
  urge: 'initiator',
  withdraw: 'initiator',
  remove: 'initiator',
  rescind: 'party',
  expire: 'system',
  apply_signing: 'party',
  approve: 'approver',
  reject_approval: 'approver',
  approve_initiation: 'approver',
};

function expectedCells(): Map<string, string> {
  const [header, ...rows] = EXPECTED.trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
  const cells = new Map<string, string>();
  for (const [status, ...row] of rows) {
    row.forEach((cell, index) => cells.set(`${status} ${header![index + 1]}`, cell));
  }
  return cells;
}

const BOTH_WAYS = [
  { allFilled: false, allSigned: false, allRescinded: false, allApproved: false },
  { allFilled: true, allSigned: true, allRescinded: true, allApproved: true },
];

describe('the contract status transition table', () => {
  const cells = expectedCells();

  it('has a written expectation for every status and action, and no other', () => {
    expect(cells.size).toBe(CONTRACT_STATUSES.length * CONTRACT_ACTIONS.length);
    for (const status of CONTRACT_STATUSES)
      for (const action of CONTRACT_ACTIONS) expect(cells.has(`${status} ${action}`)).toBe(true);
  });

  describe.each(CONTRACT_STATUSES.flatMap((status) => CONTRACT_ACTIONS.map((a) => [status, a])))(
    '%s, %s',
    (status, action) => {
      const cell = cells.get(`${status} ${action}`)!;
      it(`is ${cell}`, () => {
        const from = status as ContractStatus;
        const act = action as ContractAction;
        if (cell === '-') {
          expect(CONTRACT_TRANSITIONS[from][act]).toBeUndefined();
          for (const facts of BOTH_WAYS) {
            const result = nextStatus(from, act, facts);
            expect(result.ok).toBe(false);
            if (!result.ok) expect(MESSAGES[result.reason]).toBeDefined();
          }
          return;
        }
        expect(CONTRACT_TRANSITIONS[from][act]?.who).toBe(WHO[act]);
        const [target, fact] = cell.split('?') as [string, ContractCondition | undefined];
        const to = target === '=' ? from : target;
        if (!fact) {
          for (const facts of [{}, ...BOTH_WAYS])
            expect(nextStatus(from, act, facts)).toMatchObject({ ok: true, to });
          return;
        }
        expect(nextStatus(from, act, { [fact]: true })).toMatchObject({ ok: true, to });
        expect(nextStatus(from, act, { [fact]: false })).toMatchObject({ ok: true, to: from });
        expect(() => nextStatus(from, act, {})).toThrow(fact);
      });
    },
  );

  it('keeps a signing contract signing until the last party signs', () => {
    expect(nextStatus('signing', 'sign', { allSigned: false })).toMatchObject({
      ok: true,
      to: 'signing',
    });
    expect(nextStatus('signing', 'sign', { allSigned: true })).toMatchObject({
      ok: true,
      to: 'completed',
    });
  });

  it('keeps a contract approving until the last approval, then moves it on', () => {
    expect(nextStatus('approving', 'approve', { allApproved: false })).toMatchObject({
      ok: true,
      to: 'approving',
    });
    expect(nextStatus('approving', 'approve', { allApproved: true })).toMatchObject({
      ok: true,
      to: 'signing',
    });
    expect(nextStatus('approving', 'approve_initiation', { allApproved: true })).toMatchObject({
      ok: true,
      to: 'filling',
    });
    expect(nextStatus('approving', 'reject_approval')).toMatchObject({
      ok: true,
      to: 'approval_rejected',
    });
  });

  it('lets an ended contract only be removed, and a completed one only rescinded', () => {
    const allowed = (status: ContractStatus) =>
      CONTRACT_ACTIONS.filter((action) => CONTRACT_TRANSITIONS[status][action]);
    expect(allowed('completed')).toEqual(['rescind']);
    for (const status of ['refused', 'approval_rejected', 'expired', 'withdrawn'] as const)
      expect(allowed(status)).toEqual(['remove']);
    expect(allowed('cancelled')).toEqual([]);
  });

  it('says why, in English and Chinese', () => {
    const reason = (status: ContractStatus, action: ContractAction) => {
      const result = nextStatus(status, action, {
        allFilled: true,
        allSigned: true,
        allRescinded: true,
        allApproved: true,
      });
      if (result.ok) throw new Error(`${action} is allowed in ${status}`);
      return result.reason;
    };
    expect(message(reason('withdrawn', 'sign'), 'en')).toBe(
      'This contract can no longer be filled in or signed: it was withdrawn',
    );
    expect(message(reason('withdrawn', 'sign'), 'zh')).toBe('合同已撤回，不能再填写或签署');
    expect(reason('filling', 'sign')).toBe('contractStillFilling');
    expect(reason('approving', 'sign')).toBe('contractAwaitingApproval');
    expect(reason('signing', 'fill')).toBe('contractBeingSigned');
    expect(reason('completed', 'withdraw')).toBe('contractCompleted');
    expect(reason('refused', 'sign')).toBe('contractRefused');
    expect(reason('approval_rejected', 'urge')).toBe('contractApprovalRejected');
    expect(reason('expired', 'sign')).toBe('contractExpired');
    expect(reason('cancelled', 'rescind')).toBe('contractNotCompleted');
    expect(reason('cancelled', 'sign')).toBe('contractCancelled');
    expect(reason('signing', 'approve')).toBe('contractNotApproving');
    expect(reason('signing', 'reject_approval')).toBe('contractNotApproving');
    expect(reason('filling', 'apply_signing')).toBe('contractNotSigning');
    expect(reason('signing', 'rescind')).toBe('contractNotCompleted');
    expect(reason('completed', 'remove')).toBe('contractNotRemovable');
    expect(reason('signing', 'remove')).toBe('contractNotRemovable');
    const refusals = new Set<string>();
    for (const status of CONTRACT_STATUSES)
      for (const action of CONTRACT_ACTIONS) {
        const result = nextStatus(status, action, {
          allFilled: true,
          allSigned: true,
          allRescinded: true,
          allApproved: true,
        });
        if (!result.ok) refusals.add(result.reason);
      }
    for (const key of refusals) {
      const { en, zh } = MESSAGES[key as keyof typeof MESSAGES];
      expect(en).not.toBe(zh);
      expect(zh).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(refusals.size).toBe(13);
  });

  it('audits every action, creation, views and downloads', () => {
    expect(AUDIT_ACTIONS).toEqual(expect.arrayContaining([...CONTRACT_ACTIONS]));
    expect(AUDIT_ACTIONS).toEqual(expect.arrayContaining(['create', 'view', 'download']));
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });
});
