import { APPROVAL_VIEW_ACTIVE, type ApprovalTab, type ApprovalViewActive } from '@esign/platform';

/** /approval/index: the approvals of the session's company, by tab (`?tab=`). */
export const APPROVAL_INDEX_PATH = '/approval/index';
/** /approval/view?active=0-2&id=: one approval (spec 001 §4, redirect type 3). */
export const APPROVAL_DETAIL_PATH = '/approval/view';

/** The tab of /approval/index an approval opened in the capacity `active` returns to. */
export const TAB_OF_ACTIVE: Record<ApprovalViewActive, ApprovalTab> = {
  [APPROVAL_VIEW_ACTIVE.applicant]: 'initiated',
  [APPROVAL_VIEW_ACTIVE.decider]: 'received',
  [APPROVAL_VIEW_ACTIVE.carbonCopy]: 'copied',
};

/** The index on one tab (the first, `initiated`, needs no query). */
export const approvalIndexPath = (tab: ApprovalTab) =>
  tab === 'initiated' ? APPROVAL_INDEX_PATH : `${APPROVAL_INDEX_PATH}?tab=${tab}`;
