import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  LoadingOutlined,
} from '@ant-design/icons';
import type { BatchSignInfo, BatchSignItem, BatchSignItemState } from '@esign/platform';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Progress, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { batchSignQueries } from '../../../api/batchSign';
import { contractKeys } from '../../../api/contracts';
import { failureMessage } from '../../../api/templateEditor';
import { useIsMobile } from '../../../layout/useIsMobile';
import { useSession } from '../../../session';
import { contractDetailsPath } from '../paths';
import './batchSign.css';

const STATE_ICONS: Record<BatchSignItemState, React.ReactNode> = {
  waiting: <ClockCircleOutlined aria-hidden className="batch-item-icon-waiting" />,
  signing: <LoadingOutlined aria-hidden className="batch-item-icon-signing" />,
  signed: <CheckCircleFilled aria-hidden className="batch-item-icon-signed" />,
  failed: <CloseCircleFilled aria-hidden className="batch-item-icon-failed" />,
};

/** One contract of the batch: its name (a link to it), number, state and, when it failed, why. */
function BatchItem({ item }: { item: BatchSignItem }) {
  const { t } = useTranslation();
  return (
    <li className={`batch-item batch-item-${item.state}`}>
      <span className="batch-item-icon">{STATE_ICONS[item.state]}</span>
      <span className="batch-item-main">
        {/* Nothing is told of a contract the session may not see (refused as not found). */}
        {item.name ? (
          <Link to={contractDetailsPath(item.contractId)} className="batch-item-name">
            {item.name}
          </Link>
        ) : (
          <span className="batch-item-name">{t('batchSigning.unavailable')}</span>
        )}
        <span className="contract-muted contract-number">{item.number}</span>
        {item.state === 'failed' && item.reason ? (
          <span className="batch-item-reason">{item.reason}</span>
        ) : null}
      </span>
      <span className="batch-item-state">{t(`batchSigning.state.${item.state}`)}</span>
    </li>
  );
}

/** The counts and the bar: signed, failed and still to go, out of the batch. */
function BatchCounts({ batch }: { batch: BatchSignInfo }) {
  const { t } = useTranslation();
  const done = batch.signed + batch.failed;
  const percent = batch.total === 0 ? 100 : Math.round((done / batch.total) * 100);
  return (
    <>
      <Progress
        percent={percent}
        success={{ percent: batch.total === 0 ? 0 : (batch.signed / batch.total) * 100 }}
        status={batch.status === 'running' ? 'active' : batch.failed > 0 ? 'normal' : 'success'}
        aria-label={t('batchSigning.progress')}
        aria-valuetext={t('batchSigning.summary', { signed: batch.signed, failed: batch.failed })}
      />
      <dl className="batch-counts" aria-live="polite">
        <div className="batch-count batch-count-signed">
          <dt>{t('batchSigning.signed')}</dt>
          <dd>{batch.signed}</dd>
        </div>
        <div className="batch-count batch-count-failed">
          <dt>{t('batchSigning.failed')}</dt>
          <dd>{batch.failed}</dd>
        </div>
        <div className="batch-count">
          <dt>{t('batchSigning.remaining')}</dt>
          <dd>{batch.remaining}</dd>
        </div>
      </dl>
    </>
  );
}

/**
 * A batch's progress and, once it has finished, its outcome (issue 30): a drawer over the contract
 * list, opened by the list's `?batch=` (see batchMemory.ts). It asks getBatchSignInfo every
 * second while the batch runs (TanStack Query's refetchInterval), and stops once it has finished;
 * each contract is listed with its state, the reason of a failure and a link to it. As contracts
 * are signed the list behind is read again, so their rows move on too. Closing it leaves the batch
 * running on the server.
 */
export function BatchSignProgress({ id, onClose }: { id: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const client = useQueryClient();
  const companyId = useSession((state) => state.companyId);
  const batch = useQuery(batchSignQueries.info(companyId, id ?? ''));
  const info = batch.data;
  const done = info ? info.signed + info.failed : 0;

  // Each contract signed or failed changes the lists behind (their moves, their parties' states).
  useEffect(() => {
    if (done > 0) void client.invalidateQueries({ queryKey: contractKeys.all(companyId) });
  }, [client, companyId, done]);

  const finished = info?.status === 'finished';
  return (
    <Drawer
      open={id !== null}
      title={t('batchSigning.progressTitle')}
      placement={mobile ? 'bottom' : 'right'}
      size={mobile ? '85%' : 560}
      onClose={onClose}
      className="batch-progress"
      footer={
        <Button type={finished ? 'primary' : 'default'} onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      {info ? (
        <div className="batch-progress-body">
          <h2 className="batch-progress-title" aria-live="polite">
            {finished
              ? t('batchSigning.finishedTitle')
              : t('batchSigning.runningTitle', { count: info.total })}
          </h2>
          <BatchCounts batch={info} />
          {finished ? null : <p className="contract-muted">{t('batchSigning.leaveHint')}</p>}
          {batch.isError ? (
            <Alert type="warning" showIcon title={failureMessage(batch.error)} />
          ) : null}
          <ol className="batch-items" aria-label={t('batchSigning.contracts')}>
            {info.items.map((item) => (
              <BatchItem key={item.contractId} item={item} />
            ))}
          </ol>
        </div>
      ) : batch.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('batchSigning.loadFailed')}
          description={failureMessage(batch.error)}
          action={
            <Button size="small" onClick={() => void batch.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}
