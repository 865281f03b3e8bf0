import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { PERSONAL_CONSOLE_ID } from '@esign/platform';
import { Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { HOME_PATH, sectionOf } from '../routes/table';
import { useSession } from '../session';
import { ConsoleSwitcher } from './ConsoleSwitcher';
import { LanguageSwitch } from './LanguageSwitch';
import { MessageBell } from './MessageBell';
import { UserMenu } from './UserMenu';
import { useLogout } from './useLogout';

const ENTERPRISE_CONSOLE = '/enterprise-console';

/**
 * "Console" while in the enterprise console (back to the workbench); "Operating Console" in a
 * company's workbench (to its enterprise console); the personal console has no enterprise console.
 */
function ConsoleLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const companyId = useSession((state) => state.companyId);
  if (sectionOf(pathname).id === 'enterpriseConsole') {
    return (
      <Button type="link" onClick={() => navigate(HOME_PATH)}>
        {t('layout.console')}
      </Button>
    );
  }
  if (companyId === PERSONAL_CONSOLE_ID) {
    return <span className="console-label">{t('layout.console')}</span>;
  }
  return (
    <Button type="link" onClick={() => navigate(ENTERPRISE_CONSOLE)}>
      {t('layout.operatingConsole')}
    </Button>
  );
}

/** The top bar: console and switcher, language, messages, the user's menu and log out. */
export function TopBar({ onOpenMenu }: { onOpenMenu?: () => void }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const compact = Boolean(onOpenMenu);
  return (
    <Layout.Header className="app-header">
      {onOpenMenu ? (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label={t('layout.openMenu')}
          onClick={onOpenMenu}
        />
      ) : null}
      <div className="app-header-console">
        <ConsoleSwitcher />
        {compact ? null : <ConsoleLink />}
      </div>
      <div className="app-header-actions">
        <LanguageSwitch compact={compact} />
        <MessageBell />
        <UserMenu compact={compact} />
        {compact ? null : (
          <Button type="text" icon={<LogoutOutlined />} onClick={() => void logout()}>
            {t('layout.logout')}
          </Button>
        )}
      </div>
    </Layout.Header>
  );
}
