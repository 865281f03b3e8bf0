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
import { SubCompanyTabs } from './SubCompanyTabs';
import { UserMenu } from './UserMenu';
import { useExitSigning, useLogout } from './useLogout';

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

/**
 * During custom-made signing the header is one button, "Exit signing" (spec 000 §2), beside the
 * language switch: the signer came from a partner's system and goes back there.
 */
function ExitSigningBar() {
  const { t } = useTranslation();
  const exitSigning = useExitSigning();
  return (
    <Layout.Header className="app-header">
      <div className="app-header-console" />
      <div className="app-header-actions">
        <LanguageSwitch compact={false} />
        <Button type="primary" danger icon={<LogoutOutlined />} onClick={() => void exitSigning()}>
          {t('layout.exitSigning')}
        </Button>
      </div>
    </Layout.Header>
  );
}

/** The top bar: console and switcher, language, messages, the user's menu and log out. */
export function TopBar({ onOpenMenu }: { onOpenMenu?: () => void }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const customMade = useSession((state) => state.customMade !== null);
  const compact = Boolean(onOpenMenu);
  if (customMade) return <ExitSigningBar />;
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
        {compact ? null : <SubCompanyTabs />}
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
