import type { ContractStatus } from '@esign/platform';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** antd's preset colour of each status: under way in colour, ended unsigned in red or grey. */
const COLOURS: Record<ContractStatus, string> = {
  filling: 'purple',
  approving: 'gold',
  signing: 'blue',
  completed: 'green',
  refused: 'red',
  approval_rejected: 'volcano',
  expired: 'default',
  withdrawn: 'default',
  cancelled: 'magenta',
};

/** Each status's label: the home screen's, whose counts use the same names camel-cased. */
export const STATUS_LABELS = {
  filling: 'dashboard.status.filling',
  approving: 'dashboard.status.approving',
  signing: 'dashboard.status.signing',
  completed: 'dashboard.status.completed',
  refused: 'dashboard.status.refused',
  approval_rejected: 'dashboard.status.approvalRejected',
  expired: 'dashboard.status.expired',
  withdrawn: 'dashboard.status.withdrawn',
  cancelled: 'dashboard.status.cancelled',
} as const satisfies Record<ContractStatus, string>;

/** A contract's status as a coloured tag with its label in the interface language. */
export function ContractStatusTag({ status }: { status: ContractStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[status]} className="contract-status">
      {t(STATUS_LABELS[status])}
    </Tag>
  );
}
