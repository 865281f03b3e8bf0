import type { TokenResponse, UserInfo } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from './keys';
import { ensureSession, type SessionCalls } from './refresh';
import { createSessionStore } from './store';
import { memoryStorage, noCookies, tokenResponse } from './testing';
import { linkTabs, withRenewalLock, type LockManagerLike } from './tabs';

/** One browser's localStorage, shared by its tabs. */
const sharedStorage = () => memoryStorage();

/** Web Locks as a browser grants them: one holder of a name at a time, the others queued. */
function lockManager(): LockManagerLike {
  const tails = new Map<string, Promise<unknown>>();
  const held = new Set<string>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const hold = async () => {
        held.add(name);
        try {
          return await callback();
        } finally {
          held.delete(name);
        }
      };
      const run = (tails.get(name) ?? Promise.resolve()).then(hold, hold);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
    query: async () => ({ held: [...held].map((name) => ({ name })) }),
  };
}

const tokens = (n: number, overrides: Partial<TokenResponse> = {}): TokenResponse =>
  tokenResponse({ access_token: `access-${n}`, refresh_token: `refresh-${n}`, ...overrides });

const user = { id: '7', name: 'Demo', roles: ['admin'] } as unknown as UserInfo;
const T0 = 1_700_000_000_000;
/** 1,000 s after login: 800 s of life left, inside the 900 s refresh window. */
const IN_WINDOW = T0 + 1000 * 1000;

/** A token endpoint that rotates each refresh token once, as the server does without its grace. */
function server() {
  const spent = new Set<string>();
  let issued = 1;
  const refreshes: string[] = [];
  const calls: SessionCalls = {
    async refresh(refreshToken) {
      refreshes.push(refreshToken);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (spent.has(refreshToken)) throw new Error('invalid_grant');
      spent.add(refreshToken);
      return tokens(++issued);
    },
    signInToConsole: async () => tokens(issued),
    userInfo: async () => user,
  };
  return { calls, refreshes };
}

function browser(tabCount: number) {
  const storage = sharedStorage();
  const first = createSessionStore(storage, noCookies);
  first.getState().signIn(tokens(1), T0);
  const tabs = Array.from({ length: tabCount }, () => createSessionStore(storage, noCookies));
  return { storage, tabs };
}

describe('tabs of one browser renewing one session', () => {
  for (const count of [2, 5]) {
    it(`renew once when ${count} tabs load at the same moment, and all stay signed in`, async () => {
      const { storage, tabs } = browser(count);
      const { calls, refreshes } = server();
      const locks = lockManager();
      const results = await Promise.all(
        tabs.map((tab) => ensureSession(tab, calls, () => IN_WINDOW, locks)),
      );
      expect(results).toEqual(tabs.map(() => true));
      expect(refreshes).toEqual(['refresh-1']);
      for (const tab of tabs) expect(tab.getState().token).toBe('access-2');
      expect(storage.map.get('token')).toBe('access-2');
    });
  }

  it('without the lock, the tab that loses the race would be refused (what the lock prevents)', async () => {
    const { tabs } = browser(2);
    const { calls } = server();
    const noLock: LockManagerLike = { request: (_name, callback) => callback() };
    const results = await Promise.all(
      tabs.map((tab) => ensureSession(tab, calls, () => IN_WINDOW, noLock)),
    );
    expect(results.sort()).toEqual([false, true]);
  });

  it('renew once even when a tab sees the other tab’s new tokens in storage only a moment later', async () => {
    const storage = sharedStorage();
    const writer = createSessionStore(storage, noCookies);
    writer.getState().signIn(tokens(1), T0);
    // The second tab's view of localStorage lags: it sees the first tab's writes 200 ms late.
    let visible = new Map(storage.map);
    const tracked: KeyValueStorage = {
      ...storage,
      setItem: (key, value) => {
        storage.setItem(key, value);
        setTimeout(() => (visible = new Map(storage.map)), 200);
      },
    };
    const lagging: KeyValueStorage = {
      ...storage,
      getItem: (key) => visible.get(key) ?? null,
      setItem: (key, value) => {
        storage.setItem(key, value);
        visible.set(key, value);
      },
    };
    const first = createSessionStore(tracked, noCookies);
    const second = createSessionStore(lagging, noCookies);
    const { calls, refreshes } = server();
    const locks = lockManager();
    const renewals = Promise.all(
      [first, second].map((tab) => ensureSession(tab, calls, () => IN_WINDOW, locks)),
    );
    expect(await renewals).toEqual([true, true]);
    expect(refreshes).toEqual(['refresh-1']);
    expect(second.getState().token).toBe('access-2');
  });

  it('a refused tab forgets its session but leaves another tab’s newer one in storage', async () => {
    const { storage, tabs } = browser(2);
    const [stale, fresh] = tabs as [(typeof tabs)[0], (typeof tabs)[0]];
    // The other tab logged in again meanwhile.
    fresh.getState().signIn(tokens(9), IN_WINDOW);
    stale.getState().drop({ token: 'access-1', refreshToken: 'refresh-1' });
    expect(stale.getState().token).toBeNull();
    expect(storage.map.get('token')).toBe('access-9');
    // Refused with the tokens storage still holds: they are removed, the language and the
    // console last used stay.
    storage.map.set('locale', 'zh');
    fresh.getState().drop({ token: 'access-9', refreshToken: 'refresh-9' });
    expect([...storage.map.keys()].sort()).toEqual(['lastConsoles', 'locale']);
  });

  it('withRenewalLock runs the work directly where the browser has no Web Locks', async () => {
    expect(await withRenewalLock(async () => 42, undefined)).toBe(42);
  });
});

describe('tabs following each other', () => {
  function linked() {
    const storage = sharedStorage();
    const here = createSessionStore(storage, noCookies);
    here.getState().signIn(tokens(1), T0);
    here.getState().setUserInfo(user);
    const there = createSessionStore(storage, noCookies);
    const listeners = new Map<string, (event: never) => void>();
    const target = {
      addEventListener: (type: string, listener: (event: never) => void) =>
        void listeners.set(type, listener),
      removeEventListener: (type: string) => void listeners.delete(type),
    };
    const log: string[] = [];
    const unlink = linkTabs({
      store: here,
      events: target as never,
      channel: target as never,
      onLoggedOutElsewhere: () => log.push('logged out elsewhere'),
      onConsoleChanged: () => log.push('console changed'),
    });
    const storageEvent = (key: string | null) =>
      listeners.get('storage')?.({ key } as StorageEvent as never);
    const message = (data: unknown) => listeners.get('message')?.({ data } as never);
    return { here, there, log, storageEvent, message, unlink, listeners };
  }

  it('take a renewal made in another tab, keeping the user', () => {
    const { here, there, log, storageEvent } = linked();
    there.getState().signIn(tokens(2), IN_WINDOW);
    storageEvent('token');
    expect(here.getState()).toMatchObject({
      token: 'access-2',
      lastStamp: IN_WINDOW,
      userInfo: user,
    });
    expect(log).toEqual([]);
  });

  it('show the company another tab switched to, and fetch its user again', () => {
    const { here, there, log, storageEvent } = linked();
    there
      .getState()
      .signIn(tokens(3, { company_id: 42, company_name: 'Demo Co.', company_auth: '42' }), T0);
    storageEvent('company_id');
    expect(here.getState()).toMatchObject({
      companyId: 42,
      companyName: 'Demo Co.',
      userInfo: null,
    });
    expect(log).toEqual(['console changed']);
  });

  it('leave for the login page when another tab logs out, and ignore other messages and keys', () => {
    const { here, there, log, storageEvent, message, unlink, listeners } = linked();
    storageEvent('locale');
    message({ type: 'something else' });
    expect(log).toEqual([]);
    there.getState().logout();
    storageEvent(null);
    // Storage emptied by the other tab does not log this one out by itself…
    expect(here.getState().token).toBe('access-1');
    // …the logout message does.
    message({ type: 'logout' });
    expect(log).toEqual(['logged out elsewhere']);
    unlink();
    expect(listeners.size).toBe(0);
  });
});
