import { DEFAULT_LOCALE, LOCALES, type Locale } from '@esign/platform';
import { createInstance, type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import EN_FIRST from './enFirst';
import type zh from './zh';

/**
 * The languages downloaded when first used, not with the login page: English, the default and the
 * fallback, comes with the app.
 */
const LOADERS: Readonly<Record<string, () => Promise<{ default: typeof zh }>>> = {
  zh: () => import('./zh'),
};

/** Gives i18next a language's strings from its loader. */
const lazyLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = LOADERS[language];
    if (!load) return callback(null, {});
    load().then(
      (strings) => callback(null, strings.default),
      (error: Error) => callback(error, null),
    );
  },
};

/** The localStorage key of the chosen language (spec 000 §3). */
export const LOCALE_KEY = 'locale';

/** Where the language choice is kept: `window.localStorage` in the browser, a map in tests. */
export type LocaleStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** A stored language, or English when nothing (or something unknown) is stored. */
export function storedLocale(storage: LocaleStorage): Locale {
  const value = storage.getItem(LOCALE_KEY);
  return LOCALES.find((locale) => locale === value) ?? DEFAULT_LOCALE;
}

const loading = new WeakMap<i18n, Promise<unknown>>();

/**
 * An i18next instance bound to React, with the English of the first load (enFirst.ts) loaded
 * synchronously and the other languages downloaded when chosen (`whenLoaded` waits for the first).
 * The English of the screens after login comes with the first of them (`loadScreenStrings`).
 */
export function createI18n(locale: Locale): i18n {
  const instance = createInstance();
  const loaded = instance
    .use(lazyLanguages)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      resources: { en: { translation: EN_FIRST } },
      partialBundledLanguages: true,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  loading.set(instance, loaded);
  return instance;
}

const screensLoading = new WeakMap<i18n, Promise<void>>();

/**
 * Adds the English strings of the screens after login (enScreens.ts) to an instance, downloading
 * them once; the routes of those screens wait for it before showing (router.tsx). English is also
 * every language's fallback, so it is needed whichever language is chosen.
 */
export function loadScreenStrings(instance: i18n): Promise<void> {
  let loaded = screensLoading.get(instance);
  if (!loaded) {
    loaded = import('./enScreens').then((strings) => {
      instance.addResourceBundle('en', 'translation', strings.default, true, false);
    });
    // A failed download is asked again on the next screen.
    loaded.catch(() => screensLoading.delete(instance));
    screensLoading.set(instance, loaded);
  }
  return loaded;
}

/** Resolves once an instance has the strings of its first language (at once for English). */
export function whenLoaded(instance: i18n): Promise<unknown> {
  return loading.get(instance) ?? Promise.resolve();
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
