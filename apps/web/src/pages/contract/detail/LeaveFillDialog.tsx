import { Button, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBlocker, type Location } from 'react-router-dom';
import { session } from '../../../session';

const where = (location: Location) => `${location.pathname}${location.search}`;

/**
 * Asks before leaving fields filled in but not submitted, as the template editor's question does
 * (pages/template/LeaveUnsavedDialog.tsx) — for any other address, the same page's details
 * (`?id=` without `&action=fill`) included. A session that ended is left to its own question.
 */
export function LeaveFillDialog({ when }: { when: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && session.getState().token !== null && where(currentLocation) !== where(nextLocation),
  );
  return (
    <Modal
      open={blocker.state === 'blocked'}
      destroyOnHidden
      title={t('templateEditor.leaveTitle')}
      onCancel={() => blocker.reset?.()}
      footer={
        <Space>
          <Button onClick={() => blocker.reset?.()}>{t('templateEditor.stay')}</Button>
          <Button danger type="primary" onClick={() => blocker.proceed?.()}>
            {t('templateEditor.leave')}
          </Button>
        </Space>
      }
    >
      <p>{t('templateEditor.leaveQuestion')}</p>
    </Modal>
  );
}
