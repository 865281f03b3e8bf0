import { DEFAULT_LOCALE, LOCALES, type Locale } from '@esign/platform';
import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en';
import zh from './zh';

/** The app's strings by language. */
export const RESOURCES = { en, zh } as const;

/** The localStorage key of the chosen language (spec 000 §3). */
export const LOCALE_KEY = 'locale';

/** Where the language choice is kept: `window.localStorage` in the browser, a map in tests. */
export type LocaleStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** A stored language, or English when nothing (or something unknown) is stored. */
export function storedLocale(storage: LocaleStorage): Locale {
  const value = storage.getItem(LOCALE_KEY);
  return LOCALES.find((locale) => locale === value) ?? DEFAULT_LOCALE;
}

/** An i18next instance with both languages loaded synchronously, bound to React. */
export function createI18n(locale: Locale): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    resources: { en: { translation: en }, zh: { translation: zh } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** The language an instance speaks now. */
export function localeOf(instance: i18n): Locale {
  return instance.language === 'zh' ? 'zh' : 'en';
}

/**
 * Switches the language at runtime (no reload): every `useTranslation` consumer re-renders and the
 * next request carries the new `Lang`. The choice is kept for the next visit.
 */
export async function switchLocale(
  instance: i18n,
  storage: LocaleStorage,
  locale: Locale,
): Promise<void> {
  storage.setItem(LOCALE_KEY, locale);
  await instance.changeLanguage(locale);
}
