import type { ApprovalNodeStatus, ApprovalState, WorkflowType } from '@esign/platform';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** antd's preset colour of each approval state (spec 001 §3): under way blue, asked gold. */
const STATE_COLOURS: Record<ApprovalState, string> = {
  inProgress: 'blue',
  pending: 'gold',
  approved: 'green',
  notPassed: 'red',
};

/** An approval's state as the viewer sees it: in progress, pending (their turn), approved, not passed. */
export function ApprovalStateTag({ state }: { state: ApprovalState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOURS[state]} className="approval-state">
      {t(`approvalInbox.state.${state}`)}
    </Tag>
  );
}

/** When the approval runs: before initiating, or before signing. */
export function ApprovalTypeTag({ type }: { type: WorkflowType }) {
  const { t } = useTranslation();
  return <Tag className="approval-type">{t(`approvalPage.type.${type}`)}</Tag>;
}

const NODE_COLOURS: Record<ApprovalNodeStatus, string> = {
  waiting: 'default',
  deciding: 'gold',
  approved: 'green',
  rejected: 'red',
  notified: 'blue',
};

/** Where a node of the flow stands: waiting, deciding now, approved, rejected or told. */
export function ApprovalNodeStatusTag({ status }: { status: ApprovalNodeStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={NODE_COLOURS[status]} className="approval-node-status">
      {t(`approvalInbox.nodeStatus.${status}`)}
    </Tag>
  );
}
