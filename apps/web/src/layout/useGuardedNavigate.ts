import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { REAL_NAME_PATH, mustVerifyRealName } from '../routes/guards';
import { useSession } from '../session';

/**
 * Navigation that respects the real-name rule (spec 000 §6): a user who is not verified is asked to
 * authenticate first and, on confirm, sent to /real-name/index?isPerson=true.
 */
export function useGuardedNavigate(): {
  /** Opens a path, or asks for real-name authentication when its area needs it. */
  go(path: string): void;
  /** Runs an action that needs real-name authentication (switching company), or asks for it. */
  whenVerified(action: () => void): void;
} {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const user = useSession((state) => state.userInfo);

  const askForRealName = () =>
    void modal.confirm({
      title: t('realName.title'),
      content: t('realName.content'),
      okText: t('realName.authenticate'),
      cancelText: t('common.cancel'),
      onOk: () => navigate(REAL_NAME_PATH),
    });

  return {
    go: (path) => {
      if (mustVerifyRealName(path.split('?')[0]!, user)) askForRealName();
      else navigate(path);
    },
    whenVerified: (action) => {
      if (user?.authStep === 'NOT') askForRealName();
      else action();
    },
  };
}
