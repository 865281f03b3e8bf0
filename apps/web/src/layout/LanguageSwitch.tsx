import { GlobalOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@esign/platform';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLocale } from '../i18n';
import { localeOf } from '../i18n/locale';

/** Switches the interface between English and Chinese at once, without a reload. */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = localeOf(i18n);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LOCALES.map((locale) => ({ key: locale, label: t(`language.${locale}`) })),
        onClick: ({ key }) => void setLocale(key as Locale),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('language.label')}>
        {compact ? null : t(`language.${current}`)}
      </Button>
    </Dropdown>
  );
}
