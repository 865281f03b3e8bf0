import type { ThemeConfig } from 'antd';

/**
 * Preset tag colours (`<Tag color="green">`) write their text in shade 7, too light on shade 1 for
 * these hues: shade 8 (gold, yellow and lime: 9) reaches 4.5:1. Set under both of antd's names of
 * the shade: its CSS variables (--ant-green-7) are made from the hyphenated one.
 */
const PRESET_TEXT = Object.fromEntries(
  Object.entries({
    volcano: '#ad2102',
    orange: '#ad4e00',
    gold: '#874d00',
    yellow: '#876800',
    lime: '#3f6600',
    green: '#237804',
    cyan: '#006d75',
  }).flatMap(([hue, color]) => [
    [`${hue}7`, color],
    [`${hue}-7`, color],
  ]),
);

/** The app's look on top of antd: one accent, calm surfaces, rounded corners. */
export const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#2457d6',
    colorInfo: '#2457d6',
    borderRadius: 8,
    colorBgLayout: '#f5f7fb',
    // Hovered, the accent turns darker, not lighter (antd's #4b7be3 is 4:1 on white, a hovered
    // link's #75a0f0 2.6:1): the words a pointer rests on stay readable, as buttons' white words.
    colorPrimaryHover: '#1a45c2',
    colorLinkHover: '#1a45c2',
    // A button waiting (loading) is faded to 65 % by default: its white words on the accent fall
    // to 3:1. At 90 % they keep 5:1; the spinner says it is waiting.
    opacityLoading: 0.9,
    // WCAG 2 AA: text at least 4.5:1 against its background (axe-core checks every story and
    // screen). antd's defaults are lighter: secondary text and placeholders (#8c8c8c, #bfbfbf),
    // error red (#ff4d4f), success green and warning gold on their tinted backgrounds. The tinted
    // backgrounds and borders keep antd's values: derived from the darker colours they would turn
    // grey.
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    colorError: '#cf1322',
    colorErrorBg: '#fff2f0',
    colorErrorBgHover: '#fff1f0',
    colorErrorBorder: '#ffccc7',
    colorErrorBorderHover: '#ffa39e',
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBgHover: '#d9f7be',
    colorSuccessBorder: '#b7eb8f',
    colorSuccessBorderHover: '#95de64',
    colorWarning: '#874d00',
    colorWarningBg: '#fffbe6',
    colorWarningBgHover: '#fff1b8',
    colorWarningBorder: '#ffe58f',
    colorWarningBorderHover: '#ffd666',
    ...PRESET_TEXT,
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'PingFang SC', 'Microsoft YaHei', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerHeight: 56, headerPadding: '0 16px' },
    Menu: { itemBorderRadius: 6, activeBarBorderWidth: 0 },
    // An unchecked switch writes its white label on colorTextQuaternary (25 % black), and on
    // colorTextTertiary when hovered: both darker here, so the label reaches 4.5:1.
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.6)', colorTextTertiary: 'rgba(0, 0, 0, 0.72)' },
  },
};
