import type { UserInfo } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import type { CookieJar } from './keys';
import { ensureSession, inRefreshWindow, remainingLifeSeconds, type SessionCalls } from './refresh';
import { createSessionStore } from './store';
import { memoryStorage, tokenResponse } from './testing';

function memoryCookies() {
  const map = new Map<string, string>();
  const cookies: CookieJar = {
    get: (name) => map.get(name) ?? null,
    set: (name, value) => void map.set(name, value),
    remove: (name) => void map.delete(name),
  };
  return { cookies, map };
}

const tokens = tokenResponse;

const user: UserInfo = {
  id: '7',
  name: 'Demo',
  phone: '13800000001',
  avatar: '',
  authStep: 'VERIFIED',
  launchAuth: true,
  companyId: -1,
  companyName: '',
  roles: ['admin'],
  permissions: [],
};

function setup(entries: Record<string, string> = {}) {
  const storage = memoryStorage(entries);
  const map = storage.map;
  const { cookies, map: cookieMap } = memoryCookies();
  const store = createSessionStore(storage, cookies);
  return { store, storage: map, cookies: cookieMap };
}

const T0 = 1_700_000_000_000;

describe('the session', () => {
  it('keeps a login under the localStorage keys of the spec, and the company in cookies', () => {
    const { store, storage, cookies } = setup();
    store
      .getState()
      .signIn(tokens({ company_id: 42, company_name: 'Demo Co.', company_auth: 'ca-42' }), T0);
    expect(Object.fromEntries(storage)).toEqual({
      token: 'access-1',
      refresh_token: 'refresh-1',
      expires_in: '1800',
      lastStamp: String(T0),
      company_id: '42',
      companyName: 'Demo Co.',
      'Company-Auth': 'ca-42',
      lastConsoles: JSON.stringify({ '000000:7': { companyId: 42, companyName: 'Demo Co.' } }),
    });
    expect(Object.fromEntries(cookies)).toEqual({ company_id: '42', 'Company-Auth': 'ca-42' });
  });

  it('is restored from localStorage on the next visit', () => {
    const { store } = setup({
      token: 'a',
      refresh_token: 'r',
      expires_in: '1800',
      lastStamp: String(T0),
      company_id: '42',
      companyName: 'Demo Co.',
      'Company-Auth': 'ca-42',
    });
    expect(store.getState()).toMatchObject({
      token: 'a',
      refreshToken: 'r',
      expiresIn: 1800,
      lastStamp: T0,
      companyId: 42,
      companyName: 'Demo Co.',
      companyAuth: 'ca-42',
      userInfo: null,
    });
  });

  it('is gone after logout, localStorage and cookies with it, but the language and the console last used stay', () => {
    const { store, storage, cookies } = setup({ locale: 'zh', other: 'x' });
    store.getState().signIn(tokens({ company_id: 42, company_auth: 'ca' }), T0);
    store.getState().setUserInfo(user);
    store.getState().logout();
    expect(Object.fromEntries(storage)).toEqual({
      locale: 'zh',
      lastConsoles: JSON.stringify({ '000000:7': { companyId: 42, companyName: '' } }),
    });
    expect(cookies.size).toBe(0);
    expect(store.getState()).toMatchObject({ token: null, userInfo: null, companyId: -1 });
    expect(store.getState().lastConsoleOf(tokens())).toEqual({ companyId: 42, companyName: '' });
  });

  it('remembers the console each user of the browser last worked in, apart', () => {
    const { store } = setup({ lastConsoles: 'not json' });
    const wang = tokens({ user_id: '8' });
    expect(store.getState().lastConsoleOf(wang)).toBeNull();
    store.getState().signIn(wang, T0);
    store.getState().signIn(tokens({ user_id: '8', company_id: 42, company_name: 'Demo Co.' }), T0);
    store.getState().logout();
    store.getState().signIn(tokens(), T0);
    expect(store.getState().lastConsoleOf(wang)).toEqual({
      companyId: 42,
      companyName: 'Demo Co.',
    });
    expect(store.getState().lastConsoleOf(tokens())).toEqual({ companyId: -1, companyName: '' });
    // The same user id in another tenant is another user.
    expect(store.getState().lastConsoleOf({ tenant_id: '000001', user_id: '8' })).toBeNull();
  });
});

describe('the refresh window', () => {
  const issued = { token: 't', expiresIn: 1800, lastStamp: T0 };
  const at = (secondsLeft: number) => T0 + (1800 - secondsLeft) * 1000;

  it('opens when 900 s or less are left and closes when the token has expired', () => {
    expect(remainingLifeSeconds(issued, at(1000))).toBe(1000);
    expect(inRefreshWindow(issued, at(901))).toBe(false);
    expect(inRefreshWindow(issued, at(900))).toBe(true);
    expect(inRefreshWindow(issued, at(1))).toBe(true);
    expect(inRefreshWindow(issued, at(0))).toBe(true);
    expect(inRefreshWindow(issued, at(-1))).toBe(false);
    expect(inRefreshWindow({ ...issued, token: null }, at(100))).toBe(false);
  });
});

describe('the route guard’s session check', () => {
  function calls(log: string[], fail?: keyof SessionCalls): SessionCalls {
    const step = <T>(name: keyof SessionCalls, value: T) => {
      log.push(name);
      return name === fail ? Promise.reject(new Error(name)) : Promise.resolve(value);
    };
    return {
      refresh: (refreshToken) =>
        step('refresh', tokens({ access_token: `after-${refreshToken}`, refresh_token: 'r2' })),
      signInToConsole: (companyId) =>
        step('signInToConsole', tokens({ access_token: `console-${companyId}`, company_id: 42 })),
      userInfo: () => step('userInfo', user),
    };
  }

  it('refreshes in the window, signs into the current console again, then fetches the user', async () => {
    const { store, storage } = setup();
    store.getState().signIn(tokens({ company_id: 42 }), T0);
    const log: string[] = [];
    const later = T0 + 1000 * 1000;
    expect(await ensureSession(store, calls(log), () => later)).toBe(true);
    expect(log).toEqual(['refresh', 'signInToConsole', 'userInfo']);
    expect(store.getState()).toMatchObject({ token: 'console-42', companyId: 42, userInfo: user });
    expect(storage.get('lastStamp')).toBe(String(later));
    expect(storage.get('token')).toBe('console-42');
  });

  it('leaves a fresh token alone and fetches the user only when unknown', async () => {
    const { store } = setup();
    store.getState().signIn(tokens(), T0);
    const log: string[] = [];
    expect(await ensureSession(store, calls(log), () => T0 + 60_000)).toBe(true);
    expect(await ensureSession(store, calls(log), () => T0 + 120_000)).toBe(true);
    expect(log).toEqual(['userInfo']);
  });

  it('clears the session when the refresh or the user fetch fails', async () => {
    for (const failing of ['refresh', 'signInToConsole', 'userInfo'] as const) {
      const { store, storage } = setup();
      store.getState().signIn(tokens(), T0);
      const result = await ensureSession(store, calls([], failing), () => T0 + 1000 * 1000);
      expect(result, failing).toBe(false);
      expect(store.getState().token, failing).toBeNull();
      expect([...storage.keys()], failing).toEqual(['lastConsoles']);
    }
  });
});
