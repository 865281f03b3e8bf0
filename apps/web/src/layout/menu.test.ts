import type { MenuRoute } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { SECTIONS } from '../routes/table';
import { menuEntries, openGroups, permittedPaths } from './menu';

const section = (id: string) => SECTIONS.find((candidate) => candidate.id === id)!;
const admin = { permitted: null, isAdmin: true, showFees: true };

const node = (path: string, children: MenuRoute[] = [], hidden = false): MenuRoute => ({
  path,
  name: `route${path.replaceAll('/', '.')}`,
  code: path.slice(1).replaceAll('/', ':'),
  hidden,
  children,
});

describe('the sidebar', () => {
  it('shows the workbench areas, their visible pages, and no hidden routes', () => {
    const menu = menuEntries(section('workbench'), admin);
    expect(menu.map((entry) => entry.key)).toEqual([
      '/dashboard',
      '/agency-contract',
      '/management/index',
      '/template/index',
      '/approval/index',
      '/relative',
    ]);
    expect(menu[1]!.children!.map((entry) => entry.key)).toEqual([
      '/agency-contract/index',
      '/agency-contract/directly-launch',
      '/agency-contract/directly-template',
    ]);
    expect(menu.find((entry) => entry.key === '/template/index')!.title).toBe('templates');
  });

  it('shows a centre’s own pages, nested groups included', () => {
    const menu = menuEntries(section('enterpriseConsole'), admin);
    expect(menu[0]!.key).toBe('/enterprise-console/company_info');
    const cost = menu.find((entry) => entry.key === '/enterprise-console/cost')!;
    expect(cost.children!.map((entry) => entry.key)).toContain('/enterprise-console/cost/wallet');
    expect(menu.some((entry) => entry.key === '/enterprise-console/seal-add')).toBe(false);
  });

  it('keeps to the routes the server permits unless the role is admin', () => {
    const permitted = permittedPaths([
      node('/dashboard'),
      node('/agency-contract', [node('/agency-contract/index')]),
      node('/real-name', [node('/real-name/index')], true),
    ]);
    expect([...permitted]).toEqual([
      '/dashboard',
      '/agency-contract',
      '/agency-contract/index',
      '/real-name/index',
    ]);
    const staff = menuEntries(section('workbench'), { permitted, isAdmin: false, showFees: true });
    expect(staff).toEqual([
      { key: '/dashboard', title: 'dashboard' },
      { key: '/agency-contract/index', title: 'contracts' },
    ]);
    const asAdmin = menuEntries(section('workbench'), { ...admin, permitted });
    expect(asAdmin.length).toBeGreaterThan(staff.length);
  });

  it('leaves fee pages out when the system type hides fees', () => {
    const keys = (showFees: boolean) =>
      menuEntries(section('userCenter'), { ...admin, showFees }).map((entry) => entry.key);
    expect(keys(true)).toContain('/user-center/account');
    expect(keys(false)).not.toContain('/user-center/account');
    expect(keys(false)).toContain('/user-center/basic');
    const company = (showFees: boolean) =>
      menuEntries(section('enterpriseConsole'), { ...admin, showFees }).map((entry) => entry.key);
    expect(company(true)).toEqual(
      expect.arrayContaining(['/enterprise-console/account', '/enterprise-console/cost']),
    );
    expect(company(false)).not.toContain('/enterprise-console/account');
    expect(company(false)).not.toContain('/enterprise-console/cost');
    expect(company(false)).toContain('/enterprise-console/company_info');
    expect(menuEntries(section('costCenter'), { ...admin, showFees: true }).length).toBe(5);
    expect(menuEntries(section('costCenter'), { ...admin, showFees: false })).toEqual([]);
  });

  it('opens the groups that lead to the current page', () => {
    const menu = menuEntries(section('enterpriseConsole'), admin);
    expect(openGroups(menu, '/enterprise-console/cost/bill')).toEqual(['/enterprise-console/cost']);
    expect(openGroups(menu, '/enterprise-console/cert')).toEqual([]);
  });
});
