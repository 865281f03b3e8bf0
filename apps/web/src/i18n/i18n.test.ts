import { describe, expect, it } from 'vitest';
import {
  LOCALE_KEY,
  createI18n,
  loadScreenStrings,
  storedLocale,
  switchLocale,
  whenLoaded,
} from './locale';
import { RESOURCES } from './resources';

/** Every leaf of a strings tree as `[dotted key, text]`. */
function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  if (typeof tree !== 'object' || tree === null) return [[prefix, tree]];
  return Object.entries(tree).flatMap(([key, inner]) =>
    leaves(inner, prefix ? `${prefix}.${key}` : key),
  );
}

/** A key missing on one side, as `language: key`. */
function missingKeys(a: unknown, b: unknown, [nameA, nameB]: [string, string]): string[] {
  const keysA = new Set(leaves(a).map(([key]) => key));
  const keysB = new Set(leaves(b).map(([key]) => key));
  return [
    ...[...keysA].filter((key) => !keysB.has(key)).map((key) => `${nameB}: ${key}`),
    ...[...keysB].filter((key) => !keysA.has(key)).map((key) => `${nameA}: ${key}`),
  ];
}

const memoryStorage = (entries: Record<string, string> = {}) => {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    map,
  };
};

describe('the app strings', () => {
  it('have every key in both English and Chinese', () => {
    expect(missingKeys(RESOURCES.en, RESOURCES.zh, ['en', 'zh'])).toEqual([]);
  });

  it('notice a key that exists in one language only', () => {
    const en = { a: { b: 'x', c: 'y' } };
    const zh = { a: { b: 'x' }, d: 'z' };
    expect(missingKeys(en, zh, ['en', 'zh'])).toEqual(['zh: a.c', 'en: d']);
  });

  it('are non-empty strings with the same placeholders in both languages', () => {
    const zh = new Map(leaves(RESOURCES.zh));
    for (const [key, text] of leaves(RESOURCES.en)) {
      const other = zh.get(key);
      expect(typeof text === 'string' && text.trim() !== '', `en ${key}`).toBe(true);
      expect(typeof other === 'string' && other.trim() !== '', `zh ${key}`).toBe(true);
      const placeholders = (value: unknown) =>
        String(value)
          .match(/{{\w+}}/g)
          ?.sort() ?? [];
      expect(placeholders(other), key).toEqual(placeholders(text));
    }
  });
});

describe('the English of the first load', () => {
  it('has the login page’s strings at once and the screens’ strings once they are loaded', async () => {
    const i18n = createI18n('en');
    expect(i18n.t('login.heading')).toBe('Log in to eSign');
    expect(i18n.exists('contractList.initiate')).toBe(false);
    await loadScreenStrings(i18n);
    expect(i18n.t('contractList.initiate')).toBe('Initiate a contract');
    // The first load's strings are kept as they were.
    expect(i18n.t('routes.login')).toBe('Log in');
  });

  it('together with the screens’ strings is the whole English', async () => {
    const i18n = createI18n('en');
    await loadScreenStrings(i18n);
    const loaded = new Map(leaves(i18n.getResourceBundle('en', 'translation')));
    for (const [key, text] of leaves(RESOURCES.en)) expect(loaded.get(key), key).toBe(text);
  });
});

describe('the language', () => {
  it('is English unless Chinese was chosen before', () => {
    expect(storedLocale(memoryStorage())).toBe('en');
    expect(storedLocale(memoryStorage({ [LOCALE_KEY]: 'fr' }))).toBe('en');
    expect(storedLocale(memoryStorage({ [LOCALE_KEY]: 'zh' }))).toBe('zh');
  });

  it('switches at runtime and is kept in localStorage `locale`', async () => {
    const storage = memoryStorage();
    const i18n = createI18n('en');
    expect(i18n.t('routes.login')).toBe('Log in');
    await switchLocale(i18n, storage, 'zh');
    expect(i18n.t('routes.login')).toBe('登录');
    expect(storage.map.get(LOCALE_KEY)).toBe('zh');
    await switchLocale(i18n, storage, 'en');
    expect(i18n.t('app.documentTitle', { page: 'Home' })).toBe('Home · eSign');
    expect(storage.map.get(LOCALE_KEY)).toBe('en');
  });
});

describe('counted words', () => {
  it('say one as one and several as several, never "(s)"', async () => {
    const en = createI18n('en');
    const zh = createI18n('zh');
    await Promise.all([whenLoaded(zh), loadScreenStrings(en)]);
    expect(en.t('contractEvidence.verdict.intact', { count: 1 })).toBe('The signature is intact');
    expect(en.t('contractEvidence.verdict.intact', { count: 2 })).toBe(
      'All 2 signatures are intact',
    );
    expect(zh.t('contractEvidence.verdict.intact', { count: 1 })).toBe('签章完整（共 1 个）');
    expect(en.t('contractDetail.fixFields', { count: 1 })).toBe(
      'Please check 1 field before submitting',
    );
    expect(en.t('templateNew.ready', { name: 'Lease.pdf', count: 2 })).toBe(
      'Lease.pdf is ready: 2 pages',
    );
    expect(zh.t('templatePreview.documentPages', { name: 'a.pdf', count: 1 })).toBe(
      'a.pdf：共 1 页',
    );
    for (const [key, text] of leaves(RESOURCES.en)) expect(String(text), key).not.toMatch(/\(s\)/);
  });
});
