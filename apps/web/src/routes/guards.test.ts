import { builtinGrants, type Permission, type TokenResponse, type UserInfo } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import type { SessionCalls } from '../session/refresh';
import { createSessionStore } from '../session/store';
import {
  REAL_NAME_PATH,
  guardLoader,
  guardedRedirect,
  loginLoader,
  loginPath,
  mustVerifyRealName,
  safeRedirect,
  lacksPermission,
} from './guards';
import { SECTIONS, landingPath, sectionOf } from './table';

const NOW = 1_700_000_000_000;

const user = (authStep: UserInfo['authStep']): UserInfo => ({
  id: '1',
  name: 'Demo',
  phone: '13800000001',
  avatar: '',
  authStep,
  launchAuth: authStep === 'VERIFIED',
  companyId: -1,
  companyName: '',
  roles: ['admin'],
  permissions: [],
});

function memorySession(signedIn: boolean) {
  const map = new Map<string, string>();
  const store = createSessionStore(
    {
      getItem: (key) => map.get(key) ?? null,
      setItem: (key, value) => void map.set(key, value),
      removeItem: (key) => void map.delete(key),
      clear: () => map.clear(),
    },
    { get: () => null, set: () => {}, remove: () => {} },
  );
  if (signedIn) {
    store
      .getState()
      .signIn({ access_token: 'a', refresh_token: 'r', expires_in: 1800 } as TokenResponse, NOW);
  }
  return store;
}

async function runLoader(loader: ReturnType<typeof guardLoader>, url: string) {
  try {
    return await loader({ request: new Request(url), params: {}, context: undefined } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const location = (result: unknown) =>
  result instanceof Response ? result.headers.get('Location') : null;

describe('the route guard', () => {
  it('sends a visitor without a token to /login with the time and the way back', () => {
    const url = new URL('http://app/template/index?tab=2');
    expect(guardedRedirect(false, url, NOW)).toBe(
      `/login?time=${NOW}&redirect=%2Ftemplate%2Findex%3Ftab%3D2`,
    );
    expect(guardedRedirect(true, url, NOW)).toBeNull();
    expect(loginPath(NOW, '/')).toBe(`/login?time=${NOW}`);
    expect(loginPath(NOW, `/login?time=1&redirect=%2Fdashboard`)).toBe(`/login?time=${NOW}`);
  });

  it('returns after login only to paths of this app', () => {
    expect(safeRedirect('/template/index?tab=2')).toBe('/template/index?tab=2');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/login?time=1')).toBe('/');
  });

  it('lets a signed-in visitor through once the user is known, and fetches the user once', async () => {
    const store = memorySession(true);
    let fetched = 0;
    const calls = {
      userInfo: async () => {
        fetched++;
        return user('VERIFIED');
      },
    } as SessionCalls;
    const loader = guardLoader({ store, calls, now: () => NOW + 60_000 });
    expect(await runLoader(loader, 'http://app/dashboard')).toBeNull();
    expect(await runLoader(loader, 'http://app/template/index')).toBeNull();
    expect(fetched).toBe(1);
  });

  it('redirects to /login when there is no token, or when the user cannot be fetched', async () => {
    const calls = { userInfo: () => Promise.reject(new Error('401')) } as unknown as SessionCalls;
    const signedOut = guardLoader({ store: memorySession(false), calls, now: () => NOW });
    expect(location(await runLoader(signedOut, 'http://app/dashboard'))).toBe(
      `/login?time=${NOW}&redirect=%2Fdashboard`,
    );

    const store = memorySession(true);
    const failing = guardLoader({ store, calls, now: () => NOW });
    expect(location(await runLoader(failing, 'http://app/approval/index'))).toBe(
      `/login?time=${NOW}&redirect=%2Fapproval%2Findex`,
    );
    expect(store.getState().token).toBeNull();
  });

  it('sends a signed-in visitor of /login home', async () => {
    expect(location(await loginLoader(memorySession(true))({} as never))).toBe('/');
    expect(await loginLoader(memorySession(false))({} as never)).toBeNull();
  });
});

describe('the real-name guard', () => {
  it('stops an unverified user at seals, initiating, enterprises, messages, user and cost center', () => {
    const guarded = [
      '/user-center/basic',
      '/user-center/seal',
      '/cost-center/wallet',
      '/msg-center/all',
      '/enterprise-console/seal',
      '/enterprise-console/seal-add',
      '/enterprise-console/company_info',
      '/enterprise-console/staff_list',
      '/agency-contract/directly-launch',
      '/agency-contract/directly-template',
      '/real-name/company',
    ];
    for (const path of guarded) {
      expect(mustVerifyRealName(path, user('NOT')), path).toBe(true);
      expect(mustVerifyRealName(path, user('VERIFIED')), path).toBe(false);
    }
    for (const path of ['/dashboard', '/agency-contract/index', '/real-name/person']) {
      expect(mustVerifyRealName(path, user('NOT')), path).toBe(false);
    }
    expect(REAL_NAME_PATH).toBe('/real-name/index?isPerson=true');
  });
});

describe('the permission guard', () => {
  const member = (permissions: Permission[]): UserInfo => ({
    ...user('VERIFIED'),
    companyId: 7,
    roles: ['employee'],
    permissions,
  });

  it('withholds the console pages the role does not grant, as the server’s menu does', () => {
    const employee = member(builtinGrants('employee'));
    expect(lacksPermission('/enterprise-console/staff_list', employee)).toBe(true);
    expect(lacksPermission('/enterprise-console/right_role', employee)).toBe(true);
    expect(lacksPermission('/enterprise-console/company_info', employee)).toBe(false);
    expect(lacksPermission('/agency-contract/directly-launch', employee)).toBe(false);
    expect(lacksPermission('/agency-contract/directly-launch', member([]))).toBe(true);
    expect(lacksPermission('/enterprise-console/seal-view', member(['seal:view']))).toBe(false);
  });

  it('lets every member open their own pages, and decides nothing before the user is known', () => {
    expect(lacksPermission('/dashboard', member([]))).toBe(false);
    expect(lacksPermission('/agency-contract/index', member([]))).toBe(false);
    expect(lacksPermission('/enterprise-console/staff_list', null)).toBe(false);
    expect(lacksPermission('/enterprise-console/staff_list/', member(['staff:view']))).toBe(false);
  });

  it('has no enterprise console in the personal console, whatever the owner may do there', () => {
    const owner = { ...member(builtinGrants('admin')), companyId: -1 };
    expect(lacksPermission('/enterprise-console/company_info', owner)).toBe(true);
    expect(lacksPermission('/enterprise-console', owner)).toBe(true);
    expect(lacksPermission('/template/index', owner)).toBe(false);
    // The staff page answers one's invitations there.
    expect(lacksPermission('/enterprise-console/staff_list', owner)).toBe(false);
  });
});

describe('the route table', () => {
  it('lands a section visit on its default page', () => {
    const top = (path: string) =>
      SECTIONS.flatMap((section) => section.routes).find((route) => route.path === path)!;
    expect(landingPath(top('/agency-contract'), '/agency-contract')).toBe('/agency-contract/index');
    expect(landingPath(top('/enterprise-console'), '/enterprise-console')).toBe(
      '/enterprise-console/company_info',
    );
    expect(landingPath(top('/cost-center'), '/cost-center')).toBe('/cost-center/wallet');
    expect(landingPath(top('/relative'), '/relative')).toBe('/relative/personal');
    expect(landingPath(top('/dashboard'), '/dashboard')).toBe('/dashboard');
  });

  it('knows which section a path is in', () => {
    expect(sectionOf('/enterprise-console/cost/wallet').id).toBe('enterpriseConsole');
    expect(sectionOf('/template/index').id).toBe('workbench');
    expect(sectionOf('/user-center/basic').id).toBe('userCenter');
  });

  it('has one route per path', () => {
    const paths: string[] = [];
    const walk = (routes: readonly { path: string; children?: unknown }[], parent: string) => {
      for (const route of routes) {
        const full = parent ? `${parent}/${route.path}` : route.path;
        paths.push(full);
        walk((route.children ?? []) as typeof routes, full);
      }
    };
    walk(
      SECTIONS.flatMap((section) => section.routes),
      '',
    );
    expect(new Set(paths).size).toBe(paths.length);
  });
});
