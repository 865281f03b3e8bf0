import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { queryClient } from './api/queryClient';
import { localeOf } from './i18n/locale';
import type { createAppRouter } from './routes/router';
import { THEME } from './theme';

/** antd's theme and its own texts (en_US or zh_CN), following the interface language. */
export function AppConfig({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={localeOf(i18n) === 'zh' ? zhCN : enUS} theme={THEME}>
      {children}
    </ConfigProvider>
  );
}

/**
 * Toasts sit just below the 56 px top bar, never over it: a toast stays while the pointer rests on it,
 * so one shown over the console switcher or the console buttons would block them for as long as the
 * person points there.
 */
export const MESSAGE_CONFIG = { top: 64 } as const;

/** The app: antd's context, the server-state cache (the app's own by default) and the router. */
export function App({
  router,
  client = queryClient,
}: {
  router: ReturnType<typeof createAppRouter>;
  client?: QueryClient;
}) {
  return (
    <AppConfig>
      <AntApp message={MESSAGE_CONFIG}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </AppConfig>
  );
}
