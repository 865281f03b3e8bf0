/**
 * Migration 35: signing approval (contract/applySigning, signingApprove; issue 30). Migration 31's
 * `approvals`, `approval_nodes` and `approval_node_people` hold the approvals; this adds what they
 * lacked:
 *
 * - the audit trail's `approve_initiation` action (the last approval before initiating while
 *   parties still fill: the contract goes to `filling`), the CHECK being the platform's
 *   AUDIT_ACTIONS written out (audit-tables.ts);
 * - `approvals.applicant_comment`: what the applicant wrote with contract/applySigning;
 * - `approvals.because`: `workflow` (the template requires the flow) or `seal` (the signer may not
 *   use the company's seal; an approval with no nodes, decided by an administrator of the
 *   company);
 * - `approvals.party`: the company's party of the contract the approval lets sign (before signing);
 * - `approvals.decided_by_user_id`, `decision_comment`: the administrator's decision of an
 *   approval with no nodes (with nodes, each person's sits on `approval_node_people`);
 * - indexes for /approval/index's tabs: by applicant, and the node people by user.
 */
export const SIGNING_APPROVAL_MIGRATION = {
  version: 35,
  name: 'signing approval',
  sql: `
ALTER TABLE audit_entries DROP CONSTRAINT audit_entries_action_check;
ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_action_check CHECK (action IN ('create',
  'view', 'download', 'fill', 'sign', 'refuse', 'urge', 'withdraw', 'remove', 'rescind', 'expire',
  'apply_signing', 'approve', 'reject_approval', 'approve_initiation'));

ALTER TABLE approvals ADD COLUMN applicant_comment text NOT NULL DEFAULT ''
  CHECK (char_length(applicant_comment) <= 500);
ALTER TABLE approvals ADD COLUMN because text NOT NULL DEFAULT 'workflow'
  CHECK (because IN ('workflow', 'seal'));
ALTER TABLE approvals ADD COLUMN party text;
ALTER TABLE approvals ADD COLUMN decided_by_user_id bigint REFERENCES users (id);
ALTER TABLE approvals ADD COLUMN decision_comment text NOT NULL DEFAULT ''
  CHECK (char_length(decision_comment) <= 500);
CREATE INDEX approvals_applicant ON approvals (applicant_user_id, created_at DESC);
CREATE INDEX approval_node_people_person ON approval_node_people (user_id, approval_id);
`,
};
