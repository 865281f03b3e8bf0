import { builtinGrants, type CompanyRole, type StaffListItem } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import {
  givableRoles,
  memberActions,
  roleName,
  tabFromSearch,
  transferCandidates,
} from './staffList';

const member = (fields: Partial<StaffListItem> & Pick<StaffListItem, 'id'>): StaffListItem => ({
  name: `Member ${fields.id}`,
  phone: `1390000${fields.id.padStart(4, '0')}`,
  role: 'employee',
  roleId: 'r5',
  roleBuiltin: 'employee',
  roleName: 'employee',
  status: 'active',
  joinedAt: '2025-01-01 00:00:00',
  ...fields,
});

const role = (fields: Partial<CompanyRole> & Pick<CompanyRole, 'id'>): CompanyRole => ({
  name: fields.id,
  builtin: null,
  grants: [],
  memberCount: 0,
  ...fields,
});

describe('the staff screen’s rules', () => {
  it('opens the applications for a staff message (?isMsg=true) and the tab the address names', () => {
    expect(tabFromSearch(new URLSearchParams(''))).toBe('members');
    expect(tabFromSearch(new URLSearchParams('isMsg=true'))).toBe('applications');
    expect(tabFromSearch(new URLSearchParams('isMsg=false'))).toBe('members');
    expect(tabFromSearch(new URLSearchParams('tab=invitations&isMsg=true'))).toBe('invitations');
    expect(tabFromSearch(new URLSearchParams('tab=nonsense'))).toBe('members');
  });

  it('names built-in roles in the interface language and custom roles as their author did', () => {
    expect(roleName({ builtin: 'sealUser', name: 'sealUser' }, 'en')).toBe('Seal user');
    expect(roleName({ builtin: 'sealUser', name: 'sealUser' }, 'zh')).toBe('用章人');
    expect(roleName({ builtin: null, name: 'Finance reviewer' }, 'zh')).toBe('Finance reviewer');
    expect(roleName(null, 'en')).toBe('');
  });

  it('offers each action only with its permission, never on the administrator nor oneself', () => {
    const all = builtinGrants('admin');
    expect(memberActions(member({ id: '2' }), all, '1')).toEqual({
      setRole: true,
      forbid: true,
      unforbid: false,
      remove: true,
    });
    expect(memberActions(member({ id: '2', status: 'forbidden' }), all, '1')).toMatchObject({
      forbid: false,
      unforbid: true,
    });
    const none = { setRole: false, forbid: false, unforbid: false, remove: false };
    expect(memberActions(member({ id: '2', roleBuiltin: 'admin' }), all, '1')).toEqual(none);
    expect(memberActions(member({ id: '1' }), all, '1')).toEqual(none);
    expect(memberActions(member({ id: '2' }), ['staff:view', 'staff:edit'], '1')).toEqual({
      ...none,
      setRole: true,
    });
  });

  it('gives only roles within one’s own grants, never the administrator’s', () => {
    const roles = [
      role({ id: 'r1', builtin: 'admin', grants: builtinGrants('admin') }),
      role({ id: 'r4', builtin: 'sealUser', grants: ['seal:view', 'company:view'] }),
      role({ id: 'r6', grants: ['staff:view'] }),
    ];
    expect(givableRoles(roles, builtinGrants('admin'), true).map(({ id }) => id)).toEqual([
      'r4',
      'r6',
    ]);
    expect(givableRoles(roles, ['staff:view', 'staff:edit'], false).map(({ id }) => id)).toEqual([
      'r6',
    ]);
  });

  it('hands work over only to an active colleague other than the one leaving', () => {
    const members = [
      member({ id: '1' }),
      member({ id: '2', status: 'forbidden' }),
      member({ id: '3' }),
    ];
    expect(transferCandidates(members, '3').map(({ id }) => id)).toEqual(['1']);
  });
});
