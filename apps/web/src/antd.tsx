/**
 * antd's context for the screens built with it: the theme, antd's own texts in the interface
 * language (en_US or zh_CN) and `App` (for `App.useApp()`'s message, modal and notification).
 * Downloaded with the first screen that needs it, not with the login page.
 */
import { App as AntApp, ConfigProvider, message } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from './i18n/locale';
import { THEME } from './theme';

/**
 * Toasts sit just below the 56 px top bar, never over it: a toast stays while the pointer rests on
 * it, so one shown over the console switcher or the console buttons would block them for as long as
 * the person points there (as the request module's toasts do: lite/toast.ts).
 */
export const MESSAGE_CONFIG = { top: 64 } as const;

// Toasts raised outside React get the app's theme and language too.
ConfigProvider.config({ holderRender: (children) => <AppConfig>{children}</AppConfig> });
message.config(MESSAGE_CONFIG);

/** antd's theme and its own texts (en_US or zh_CN), following the interface language. */
export function AppConfig({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={localeOf(i18n) === 'zh' ? zhCN : enUS} theme={THEME}>
      {children}
    </ConfigProvider>
  );
}

/** antd's theme, texts and `App` around `children`. */
export function AntdProviders({ children }: { children: ReactNode }) {
  return (
    <AppConfig>
      <AntApp message={MESSAGE_CONFIG}>{children}</AntApp>
    </AppConfig>
  );
}
