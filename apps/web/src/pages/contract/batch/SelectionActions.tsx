import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import type { ContractListItem } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { batchSignQueries } from '../../../api/batchSign';
import { useSession } from '../../../session';
import {
  batchOf,
  selectAllState,
  selectAllTargets,
  signableNow,
  toggleSelectAll,
} from './batchSelection';
import './batchSign.css';

/**
 * What the list's selection can do (batchSelection.ts): how many are selected, Download (all of
 * them) and "Sign N contracts" (those waiting for the console's signature), saying how many the
 * signing leaves out. A wide screen has it as a toolbar above the table; a phone as a bar held at
 * the bottom of the screen while something is selected, one thumb away.
 */
export function SelectionActions({
  records,
  selection,
  phone,
  downloading,
  onDownload,
  onSign,
}: {
  records: readonly ContractListItem[];
  selection: readonly string[];
  phone: boolean;
  downloading: boolean;
  onDownload(): void;
  onSign(contracts: ContractListItem[]): void;
}) {
  const { t } = useTranslation();
  const batch = batchOf(records, selection);
  const leftOut = batch.length > 0 ? selection.length - batch.length : 0;
  const anyToSign = records.some(signableNow);
  if (phone && selection.length === 0) return null;
  return (
    <div
      className={phone ? 'contract-phone-bar' : 'contract-bulk'}
      role="toolbar"
      aria-label={t('contractList.bulkActions')}
    >
      <span className="contract-bulk-count" aria-live="polite">
        {t('contractList.selected', { count: selection.length })}
      </span>
      <Button icon={<DownloadOutlined aria-hidden />} loading={downloading} onClick={onDownload}>
        {t('contractList.download')}
      </Button>
      {batch.length > 0 ? (
        <Button type="primary" icon={<EditOutlined aria-hidden />} onClick={() => onSign(batch)}>
          {t('batchSigning.signSelected', { count: batch.length })}
        </Button>
      ) : null}
      {leftOut > 0 ? (
        <span className="contract-muted contract-bulk-note" role="status">
          {t('batchSigning.leftOut', { count: leftOut })}
        </span>
      ) : !phone && anyToSign && batch.length === 0 ? (
        <span className="contract-bulk-hint">{t('batchSigning.selectHint')}</span>
      ) : null}
    </div>
  );
}

/**
 * A phone's select all, above the cards while the page has contracts to sign: it selects them (or
 * takes them back), as the table's header checkbox does on a wide screen.
 */
export function PhoneSelectAll({
  records,
  selection,
  onSelection,
}: {
  records: readonly ContractListItem[];
  selection: readonly string[];
  onSelection(ids: string[]): void;
}) {
  const { t } = useTranslation();
  const { ids, toSign } = selectAllTargets(records);
  if (!toSign) return null;
  const state = selectAllState(records, selection);
  return (
    <div className="contract-phone-select">
      <Checkbox
        checked={state === 'all'}
        indeterminate={state === 'some'}
        onChange={() => onSelection(toggleSelectAll(records, selection))}
      >
        {t('batchSigning.selectAllToSignShort', { count: ids.length })}
      </Checkbox>
    </div>
  );
}

/**
 * The way back to the console's last batch from the list (batchMemory.ts): under way, how far it
 * got; finished while the person was elsewhere, its outcome until it is seen or dismissed.
 */
export function BatchBanner({
  id,
  onShow,
  onDismiss,
}: {
  id: string;
  onShow(): void;
  onDismiss(): void;
}) {
  const { t } = useTranslation();
  const companyId = useSession((state) => state.companyId);
  const batch = useQuery(batchSignQueries.info(companyId, id));
  const info = batch.data;
  if (!info) return null;
  const finished = info.status === 'finished';
  return (
    <Alert
      className="batch-banner"
      type={finished ? (info.failed > 0 ? 'warning' : 'success') : 'info'}
      showIcon
      title={
        finished
          ? t('batchSigning.bannerFinished', { signed: info.signed, failed: info.failed })
          : t('batchSigning.bannerRunning', {
              done: info.signed + info.failed,
              total: info.total,
            })
      }
      action={
        <Button size="small" type="primary" onClick={onShow}>
          {t(finished ? 'batchSigning.showSummary' : 'batchSigning.showProgress')}
        </Button>
      }
      closable={finished ? { 'aria-label': t('batchSigning.dismiss') } : false}
      onClose={onDismiss}
    />
  );
}
