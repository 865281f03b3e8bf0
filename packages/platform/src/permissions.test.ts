import { describe, expect, it } from 'vitest';
import { CONTRACT_MANAGE_PERMISSION, mayLockParty, mayManageContract } from './contract-actions';
import {
  BUILTIN_ROLES,
  BUILTIN_ROLE_GRANTS,
  PERMISSIONS,
  ROUTE_PERMISSIONS,
  builtinGrants,
  isPermission,
  permissionLabel,
  permissionTree,
  routePermission,
  type Permission,
} from './permissions';

describe('the permission tree', () => {
  it('holds each permission once, as group:leaf, labelled in both languages', () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    for (const permission of PERMISSIONS) {
      expect(permission).toMatch(/^[a-zA-Z]+:[a-zA-Z]+$/);
      expect(permissionLabel(permission, 'en')).toMatch(/^\S.* · \S/);
      expect(permissionLabel(permission, 'zh')).toMatch(/[\u4e00-\u9fff]/);
    }
    // The spec's sub-rights are there (spec 001 §6).
    expect(PERMISSIONS).toEqual(
      expect.arrayContaining([
        'staff:delete',
        'staff:audit',
        'company:writeOff',
        'seal:authorize',
        'fee:gift',
        'application:callback',
        'account:buy',
      ]),
    );
  });

  it('gives the role editor groups whose leaves are exactly the permissions', () => {
    const tree = permissionTree('zh');
    expect(tree.flatMap((group) => group.children!.map((leaf) => leaf.key))).toEqual(PERMISSIONS);
    expect(tree.find((group) => group.key === 'staff')?.title).toBe('员工列表');
  });

  it('grants the administrator everything and the other built-in roles a part of the tree', () => {
    expect(builtinGrants('admin')).toEqual(PERMISSIONS);
    for (const role of BUILTIN_ROLES.filter((candidate) => candidate !== 'admin')) {
      const grants = BUILTIN_ROLE_GRANTS[role];
      expect(grants.every(isPermission)).toBe(true);
      expect(grants.length).toBeLessThan(PERMISSIONS.length);
    }
    expect(builtinGrants('sealManager')).toContain('seal:authorize');
    expect(builtinGrants('employee')).not.toContain('staff:view');
  });

  it('gives the right to manage every contract to the administrator and the legal representative only', () => {
    expect(isPermission(CONTRACT_MANAGE_PERMISSION)).toBe(true);
    expect(permissionLabel(CONTRACT_MANAGE_PERMISSION, 'en')).toBe(
      'Contracts · Manage every contract (withdraw, remove, urge, lock)',
    );
    expect(BUILTIN_ROLES.filter((role) => builtinGrants(role).includes('contract:manage'))).toEqual(
      ['admin', 'legal'],
    );
  });

  it('lets the initiator, the grant’s holders and the personal console’s owner manage a contract, and names the signer for the lock', () => {
    const none = new Set<Permission>();
    const launching = new Set<Permission>(builtinGrants('employee'));
    const managing = new Set<Permission>(['contract:manage']);
    const member = { personal: false, initiator: false };
    expect(mayManageContract({ ...member, grants: launching })).toBe(false);
    expect(mayManageContract({ ...member, grants: none })).toBe(false);
    expect(mayManageContract({ ...member, grants: managing })).toBe(true);
    expect(mayManageContract({ ...member, initiator: true, grants: none })).toBe(true);
    expect(mayManageContract({ personal: true, initiator: false, grants: none })).toBe(true);
    for (const role of BUILTIN_ROLES) {
      const grants = new Set(builtinGrants(role));
      expect(mayManageContract({ ...member, grants }), role).toBe(
        role === 'admin' || role === 'legal',
      );
    }
    expect(mayLockParty({ ...member, grants: none, namesMe: true })).toBe(true);
    expect(mayLockParty({ ...member, grants: launching, namesMe: false })).toBe(false);
    expect(mayLockParty({ ...member, grants: managing, namesMe: false })).toBe(true);
  });

  it('names a permission of the tree for each guarded page, and none for a member’s own pages', () => {
    expect(Object.values(ROUTE_PERMISSIONS).every(isPermission)).toBe(true);
    expect(routePermission('/enterprise-console/staff_list/')).toBe('staff:view');
    expect(routePermission('/agency-contract/index')).toBeNull();
    expect(isPermission('staff:everything')).toBe(false);
  });
});
