import { permissionTree, type Permission } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { toggleGrant, treeChecks } from './grantTree';

const tree = permissionTree('en');
const all = () => true;

describe('the role editor’s tree checks', () => {
  it('checks a group only when all its leaves are granted, half-checks it when some are', () => {
    expect(treeChecks(tree, ['company:view'])).toEqual({
      checked: ['company:view'],
      halfChecked: ['company'],
    });
    expect(treeChecks(tree, ['role:view', 'role:edit']).checked).toEqual([
      'role:view',
      'role:edit',
      'role',
    ]);
  });

  it('checks a group’s leaves, then unchecks them on a second click', () => {
    const checked = toggleGrant(tree, ['template:view'], 'role', all);
    expect(checked).toEqual(['role:view', 'role:edit', 'template:view']);
    expect(toggleGrant(tree, checked, 'role', all)).toEqual(['template:view']);
  });

  it('never changes a permission the editor may not, by group or by leaf', () => {
    const editable = (permission: Permission) => permission !== 'company:writeOff';
    const grants = toggleGrant(tree, [], 'company', editable);
    expect(grants).not.toContain('company:writeOff');
    expect(grants).toContain('company:legal');
    // Every reachable leaf is checked: the next click on the group clears them, not the others.
    expect(toggleGrant(tree, [...grants, 'fee:wallet'], 'company', editable)).toEqual([
      'fee:wallet',
    ]);
    expect(toggleGrant(tree, ['company:writeOff'], 'company:writeOff', editable)).toEqual([
      'company:writeOff',
    ]);
    expect(toggleGrant(tree, [], 'staff:view', editable)).toEqual(['staff:view']);
  });
});
