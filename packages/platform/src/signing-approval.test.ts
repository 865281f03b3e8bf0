import { describe, expect, it } from 'vitest';
import {
  SIGNING_APPROVAL_EXAMPLES,
  approvalState,
  approvalViewLink,
  applySigningBody,
  signingApprovalPageQuery,
  signingRejectBody,
  templateWorkflowsBody,
} from './signing-approval';
import { message } from './messages';
import './index';

const issueOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('signing approval shapes', () => {
  it('needs a reason of 1 to 500 characters to reject, and none to approve', () => {
    expect(issueOf(signingRejectBody.safeParse({ id: 1, comment: '   ' }))).toBe(
      'approvalCommentRequired',
    );
    expect(issueOf(signingRejectBody.safeParse({ id: 1 }))).toBe('approvalCommentRequired');
    expect(issueOf(signingRejectBody.safeParse({ id: 1, comment: 'x'.repeat(501) }))).toBe(
      'approvalCommentTooLong',
    );
    expect(signingRejectBody.parse({ id: '7', comment: ' Wrong date ' })).toEqual({
      id: 7,
      comment: 'Wrong date',
    });
    expect(message('approvalCommentRequired', 'zh')).toBe('请填写驳回原因');
    expect(applySigningBody.safeParse({ id: 3 }).success).toBe(true);
  });

  it('lists the first tab by default and refuses an unknown tab or state', () => {
    expect(signingApprovalPageQuery.parse({})).toMatchObject({
      tab: 'initiated',
      current: 1,
    });
    expect(signingApprovalPageQuery.safeParse({ tab: 'mine' }).success).toBe(false);
    expect(signingApprovalPageQuery.safeParse({ state: 'done' }).success).toBe(false);
  });

  it('shows a pending approval as pending only to whose turn it is; rejected and withdrawn as not passed', () => {
    expect(approvalState('pending', true)).toBe('pending');
    expect(approvalState('pending', false)).toBe('inProgress');
    expect(approvalState('approved', false)).toBe('approved');
    expect(approvalState('rejected', true)).toBe('notPassed');
    expect(approvalState('withdrawn', false)).toBe('notPassed');
  });

  it('links a message to the approval view in the reader’s capacity', () => {
    expect(approvalViewLink(2, '31')).toBe('/approval/view?active=2&id=31');
  });

  it('keeps a template’s choice: a flow, none (null) or unchanged (absent)', () => {
    expect(templateWorkflowsBody.parse(SIGNING_APPROVAL_EXAMPLES.setTemplateWorkflows)).toEqual({
      id: 12,
      beforeSign: 1,
      beforeInitiate: null,
    });
    expect(templateWorkflowsBody.parse({ id: 12 })).toEqual({ id: 12 });
  });
});
