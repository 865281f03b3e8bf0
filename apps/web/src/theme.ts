import type { ThemeConfig } from 'antd';

/** The app's look on top of antd: one accent, calm surfaces, rounded corners. */
export const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#2457d6',
    colorInfo: '#2457d6',
    borderRadius: 8,
    colorBgLayout: '#f5f7fb',
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'PingFang SC', 'Microsoft YaHei', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerHeight: 56, headerPadding: '0 16px' },
    Menu: { itemBorderRadius: 6, activeBarBorderWidth: 0 },
  },
};
