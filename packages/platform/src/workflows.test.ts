import { describe, expect, it } from 'vitest';
import { check } from './index';
import { workflowNodesSchema, workflowProblems, type WorkflowNodeDraft } from './workflows';

describe('the rules of an approval flow (spec 001 §5)', () => {
  it('tells the editor every rule a flow breaks and at which nodes, as it is being built', () => {
    expect(workflowProblems([])).toEqual([
      { key: 'workflowNotEmpty', nodes: [] },
      { key: 'workflowApprovalNode', nodes: [] },
    ]);
    const halfDone: WorkflowNodeDraft[] = [
      { kind: 'approver', people: ['1', '2'] },
      { kind: 'countersign', people: ['3'] },
      { kind: 'carbonCopy', people: [] },
    ];
    expect(workflowProblems(halfDone)).toEqual([
      { key: 'workflowPeopleChosen', nodes: [2] },
      { key: 'workflowOneApprover', nodes: [0] },
      { key: 'workflowTwoCountersigners', nodes: [1] },
    ]);
    expect(workflowProblems([{ kind: 'carbonCopy', people: ['1'] }])).toEqual([
      { key: 'workflowApprovalNode', nodes: [] },
    ]);
  });

  it('lets a flow of an approver and a countersign of two pass, and refuses others in both languages', () => {
    const flow: WorkflowNodeDraft[] = [
      { kind: 'approver', people: ['1'] },
      { kind: 'countersign', people: ['2', '3'] },
      { kind: 'carbonCopy', people: ['4'] },
    ];
    expect(workflowProblems(flow)).toEqual([]);
    expect(check(workflowNodesSchema, flow, 'en').ok).toBe(true);
    const refused = check(workflowNodesSchema, [{ kind: 'countersign', people: ['2'] }], 'zh');
    expect(refused).toEqual({
      ok: false,
      issues: [{ path: '0', message: '会签人需要两人或以上' }],
    });
  });
});
