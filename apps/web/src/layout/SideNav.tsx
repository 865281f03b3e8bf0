import { ArrowLeftOutlined } from '@ant-design/icons';
import { PERSONAL_CONSOLE_ID } from '@esign/platform';
import { Menu, type MenuProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { queries } from '../api/queries';
import { PERSONAL_PAGES } from '../routes/guards';
import { HOME_PATH, sectionOf } from '../routes/table';
import { useSession } from '../session';
import { Brand } from './Brand';
import { menuEntries, openGroups, permittedPaths, type MenuEntry } from './menu';
import { useGuardedNavigate } from './useGuardedNavigate';

/**
 * The sidebar: the product, and the pages of the section the user is in, as far as the role's
 * routes from the server allow.
 */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { go } = useGuardedNavigate();
  const companyId = useSession((state) => state.companyId);
  const sysType = useSession((state) => state.sysType);
  const menu = useQuery(queries.menu(companyId));
  const section = sectionOf(pathname);
  const navigate = useNavigate();

  // The enterprise console stands on the role's routes (spec 001 §2): when they cannot be loaded
  // on entering it, the user goes home (the request module has said why).
  const consoleFailed = section.id === 'enterpriseConsole' && menu.isError;
  useEffect(() => {
    if (consoleFailed) void navigate(HOME_PATH, { replace: true });
  }, [consoleFailed, navigate]);

  const all = menuEntries(section, {
    permitted: menu.data ? permittedPaths(menu.data.routes) : null,
    isAdmin: menu.data?.roles.includes('admin') ?? false,
    showFees: sysType === 0,
  });
  // The personal console has no enterprise console, only the page that answers invitations.
  const entries =
    companyId === PERSONAL_CONSOLE_ID && section.id === 'enterpriseConsole'
      ? all.filter((entry) => PERSONAL_PAGES.includes(entry.key))
      : all;
  const items = (list: MenuEntry[]): MenuProps['items'] =>
    list.map((entry) => ({
      key: entry.key,
      label: t(`routes.${entry.title}`),
      children: entry.children ? items(entry.children) : undefined,
    }));

  return (
    <nav className="side-nav" aria-label={t('layout.navigation')}>
      <Link to={HOME_PATH} className="side-brand brand-link" onClick={onNavigate}>
        <Brand />
      </Link>
      {section.id === 'workbench' ? null : (
        <>
          <Link to={HOME_PATH} className="side-back" onClick={onNavigate}>
            <ArrowLeftOutlined aria-hidden /> {t('layout.backToWorkbench')}
          </Link>
          <h2 className="side-section">{t(`routes.${section.title}`)}</h2>
        </>
      )}
      <Menu
        key={section.id}
        mode="inline"
        inlineIndent={16}
        selectedKeys={[pathname]}
        defaultOpenKeys={openGroups(entries, pathname)}
        items={items(entries)}
        onClick={({ key }) => {
          onNavigate?.();
          go(key);
        }}
      />
    </nav>
  );
}
