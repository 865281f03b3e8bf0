import { App, Button, Modal, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { leaveForLogin } from '../api/client';
import { loginPath } from '../routes/guards';
import { useSession } from '../session';
import { sessionEnd } from '../session/sessionEnd';

/**
 * Asks what to do when the session ended while this page held unsaved work: sign in again in a
 * new tab — this tab takes that session from the shared storage, the dialog closes and the work
 * can be saved — or leave for the login page without saving.
 */
export function SessionEnded() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pending = useStore(sessionEnd, (state) => state.pending);
  const signedIn = useSession((state) => state.token !== null);

  useEffect(() => {
    if (pending && signedIn) {
      sessionEnd.setState({ pending: null });
      void message.success(t('session.signedInAgain'));
    }
  }, [pending, signedIn, message, t]);

  return (
    <Modal
      open={pending !== null && !signedIn}
      title={t('session.endedTitle')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Space>
          <Button danger onClick={leaveForLogin}>
            {t('session.leaveWithoutSaving')}
          </Button>
          <Button
            type="primary"
            onClick={() => window.open(loginPath(Date.now()), '_blank', 'noopener')}
          >
            {t('session.signInInNewTab')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>
        {t(pending === 'loggedOutElsewhere' ? 'session.loggedOutElsewhere' : 'session.expired')}
      </Typography.Paragraph>
      <Typography.Paragraph>{t('session.unsavedWork')}</Typography.Paragraph>
    </Modal>
  );
}
