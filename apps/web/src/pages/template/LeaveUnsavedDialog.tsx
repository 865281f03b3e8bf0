import { Button, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { session } from '../../session';

/**
 * Asks before an in-app navigation leaves a page with unsaved work (closing or reloading the tab
 * is asked by the browser, see session/unsavedWork.ts). A session that ended is left alone: its
 * own question (layout/SessionEnded.tsx) decides whether the page goes.
 */
export function LeaveUnsavedDialog({ when }: { when: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      session.getState().token !== null &&
      currentLocation.pathname !== nextLocation.pathname,
  );
  const blocked = blocker.state === 'blocked';
  return (
    <Modal
      open={blocked}
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
