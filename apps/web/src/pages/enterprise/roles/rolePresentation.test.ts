import { describe, expect, it } from 'vitest';
import { grantGroups, pagesOpened, roleName } from './rolePresentation';

describe('how the role screens present roles', () => {
  it('names a built-in role in the language and a custom one by its name', () => {
    expect(roleName({ builtin: 'sealUser', name: 'sealUser' }, 'zh')).toBe('用章人');
    expect(roleName({ builtin: null, name: 'Reviewer' }, 'zh')).toBe('Reviewer');
  });

  it('summarises grants by the groups they touch, in the tree’s order', () => {
    expect(grantGroups(['template:view', 'staff:view', 'staff:forbid'], 'en')).toEqual([
      { group: 'staff', label: 'Staff list', count: 2 },
      { group: 'template', label: 'Templates', count: 1 },
    ]);
  });

  it('lists the pages a set of grants opens, each once', () => {
    expect(pagesOpened(['staff:view'])).toEqual(['staffList']);
    expect(pagesOpened([])).toEqual([]);
    const seals = pagesOpened(['seal:view']);
    expect(seals).toContain('companySeals');
    expect(new Set(seals).size).toBe(seals.length);
  });
});
