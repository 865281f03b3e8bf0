import { MAIN_MARGIN_PX, SIDEBAR_WIDTH_PX } from '@esign/platform';
import { Drawer, Layout } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { useMessageStream } from '../api/messageStream';
import { lacksPermission, mustVerifyRealName } from '../routes/guards';
import { useSession } from '../session';
import { useHasUnsavedWork } from '../session/unsavedWork';
import { NoPermission } from './NoPermission';
import { RealNameRequired } from './RealNameRequired';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';
import { useIsMobile } from './useIsMobile';

/**
 * The signed-in layout: a sidebar of 214 px beside the main area (left margin 210 px), or below
 * 992 px a drawer opened from the top bar. A page the user's role withholds, or that needs
 * real-name authentication the user has not done yet, shows why instead.
 */
export default function MainLayout() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const user = useSession((state) => state.userInfo);
  const signedIn = useSession((state) => state.token !== null);

  const unsaved = useHasUnsavedWork();
  // New messages reach the bell, the message centre and the tab's title as they are written.
  useMessageStream();

  // Right after logout, before the login page opens: nothing here may ask the server any more —
  // unless the page holds unsaved work, which stays on screen while the user decides.
  if (!signedIn && !unsaved) return null;

  return (
    <Layout className="app-shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      {isMobile ? (
        <Drawer
          placement="left"
          size={SIDEBAR_WIDTH_PX}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          styles={{ body: { padding: 0 } }}
          aria-label={t('layout.navigation')}
        >
          <SideNav onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider width={SIDEBAR_WIDTH_PX} theme="light" className="app-sider">
          <SideNav />
        </Layout.Sider>
      )}
      <Layout style={{ marginLeft: isMobile ? 0 : MAIN_MARGIN_PX }} className="app-body">
        <TopBar onOpenMenu={isMobile ? () => setDrawerOpen(true) : undefined} />
        <Layout.Content id="main" tabIndex={-1} className="app-content">
          {lacksPermission(pathname, user) ? (
            <NoPermission />
          ) : mustVerifyRealName(pathname, user) ? (
            <RealNameRequired />
          ) : (
            <Outlet />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
