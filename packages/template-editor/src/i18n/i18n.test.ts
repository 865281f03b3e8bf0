import { describe, expect, it } from 'vitest';
import { EDITOR_RESOURCES, createEditorI18n } from './index';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) =>
    keys(inner, prefix ? `${prefix}.${key}` : key),
  );
}

describe('the editor strings', () => {
  it('exist in both English and Chinese, key for key', () => {
    const en = keys(EDITOR_RESOURCES.en).sort();
    const zh = keys(EDITOR_RESOURCES.zh).sort();
    expect(zh).toEqual(en);
  });

  it('are never empty', () => {
    for (const resource of [EDITOR_RESOURCES.en, EDITOR_RESOURCES.zh]) {
      for (const key of keys(resource)) {
        const text = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resource);
        expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      }
    }
  });

  it('come from an instance of their own per editor', () => {
    const en = createEditorI18n('en');
    const zh = createEditorI18n('zh');
    expect(en.t('action.undo')).toBe('Undo');
    expect(zh.t('action.undo')).toBe('撤销');
    expect(zh.t('pages.page', { number: 3 })).toBe('第 3 页');
    expect(en.t('announce.selected', { count: 2, title: 'x' })).toBe('2 fields selected');
  });
});

describe('counted words', () => {
  it('say one field as one field, in both languages, never "(s)"', () => {
    const en = createEditorI18n('en');
    const zh = createEditorI18n('zh');
    expect(en.t('fill.intro', { count: 1, required: 1 })).toBe('1 field to fill in (1 required).');
    expect(en.t('fill.intro', { count: 3, required: 2 })).toBe(
      '3 fields to fill in, 2 of them required.',
    );
    expect(zh.t('fill.intro', { count: 1, required: 1 })).toBe('共 1 项需要填写，其中 1 项必填。');
    expect(en.t('checks.count', { count: 1 })).toBe('1 problem to fix');
    expect(en.t('checks.warningsCount', { count: 2 })).toBe(
      '2 warnings: the template may still be used',
    );
    expect(en.t('announce.removed', { count: 1 })).toBe('1 field removed');
    expect(JSON.stringify(EDITOR_RESOURCES.en)).not.toMatch(/\(s\)/);
  });
});
