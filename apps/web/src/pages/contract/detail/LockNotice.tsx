import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../i18n/dates';
import { localeOf } from '../../../i18n/locale';
import type { LockState } from './useContractLock';

/** Says that someone else of the party is working on the contract, while they are. */
export function LockNotice({ lock }: { lock: LockState }) {
  const { t, i18n } = useTranslation();
  if (lock.state !== 'held') return null;
  const locale = localeOf(i18n);
  return (
    <Alert
      className="contract-detail-alert"
      type="warning"
      showIcon
      role="alert"
      title={t('contractDetail.lockedTitle')}
      description={
        lock.holder && lock.until
          ? t('contractDetail.lockedBy', {
              holder: lock.holder,
              time: formatTime(lock.until, locale),
            })
          : t('contractDetail.lockedHint')
      }
    />
  );
}
