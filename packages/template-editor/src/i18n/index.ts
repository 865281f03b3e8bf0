import { createInstance, type i18n, type TFunction } from 'i18next';
import type { Locale } from '../core';
import en from './en.json';
import zh from './zh.json';

export type { TFunction };

/** The library's own strings, in English and Chinese. */
export const EDITOR_RESOURCES = { en, zh } as const;

/**
 * The editor's own i18next instance: it never reads or changes the host's i18next, and each editor
 * on a page has its own.
 */
export function createEditorI18n(locale: Locale): i18n {
  const instance = createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: 'en',
    resources: { en: { translation: en }, zh: { translation: zh } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
