import { LOCALES, type Locale } from '@esign/platform';
import { useTranslation } from 'react-i18next';
import { setLocale } from '../i18n';
import { localeOf } from '../i18n/locale';
import { GlobeIcon } from '../lite/icons';
import { MenuButton } from '../lite/MenuButton';

/**
 * Switches the interface between English and Chinese at once, without a reload. Built without antd:
 * the login page shows it too.
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = localeOf(i18n);
  return (
    <MenuButton
      label={t('language.label')}
      icon={<GlobeIcon />}
      text={compact ? null : <span>{t(`language.${current}`)}</span>}
      choices={LOCALES.map((locale) => ({ key: locale, label: t(`language.${locale}`) }))}
      chosen={current}
      onChoose={(locale) => void setLocale(locale as Locale)}
    />
  );
}
