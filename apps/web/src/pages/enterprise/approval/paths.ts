/** The approval flow screens' addresses. */
export const APPROVAL_LIST_PATH = '/enterprise-console/examine';
/** The flow editor: a new flow, or `?id=` to edit one. */
export const APPROVAL_EDIT_PATH = '/enterprise-console/approval-add';
/** One flow, read-only: `?id=`. */
export const APPROVAL_VIEW_PATH = '/enterprise-console/approval-view';
