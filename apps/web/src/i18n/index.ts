import type { Locale } from '@esign/platform';
import type en from './en';
import { createI18n, localeOf, storedLocale, switchLocale } from './locale';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
    returnNull: false;
  }
}

/** The app's one i18next instance, in the language chosen on the last visit. */
export const i18n = createI18n(storedLocale(window.localStorage));

const documentLanguage = (locale: string) => (locale === 'zh' ? 'zh-CN' : 'en');
document.documentElement.lang = documentLanguage(i18n.language);
i18n.on('languageChanged', (locale) => {
  document.documentElement.lang = documentLanguage(locale);
});

/** The language of the interface now (sent as `Lang` on every request). */
export function currentLocale(): Locale {
  return localeOf(i18n);
}

/** Switches the interface language and keeps the choice in localStorage `locale`. */
export function setLocale(locale: Locale): Promise<void> {
  return switchLocale(i18n, window.localStorage, locale);
}
