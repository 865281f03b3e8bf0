/**
 * The tabs of one browser share one session (localStorage), so they must agree on it:
 *
 * - Renewal: a refresh token rotates on the server, so only one tab may spend it. Renewals run
 *   under one Web Lock for the origin; a tab that waited takes the tokens the first one wrote
 *   instead of spending the same refresh token again (the server's reuse interval covers a
 *   browser without Web Locks, and two devices).
 * - Following: a renewal, a login or a company switch in one tab is taken by the others from the
 *   storage event; a logout is announced on a BroadcastChannel and the others leave for /login.
 */
import type { SessionStore } from './store';
import { STORAGE_KEYS } from './keys';

/** The name of the Web Lock held while a tab renews the session. */
export const RENEWAL_LOCK = 'esign-session-renewal';
/** The channel on which tabs announce a logout. */
export const SESSION_CHANNEL = 'esign-session';

/** What a tab says to the others. */
export type TabMessage = { type: 'logout' };

/** The part of `navigator.locks` used here (absent in old browsers and in plain Node). */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
  query?(): Promise<{ held?: { name?: string }[] }>;
}

const browserLocks = (): LockManagerLike | undefined =>
  globalThis.navigator?.locks as LockManagerLike | undefined;

/** Runs `work` while no other tab of this browser renews the session. */
export function withRenewalLock<T>(
  work: () => Promise<T>,
  locks: LockManagerLike | undefined = browserLocks(),
): Promise<T> {
  return locks ? locks.request(RENEWAL_LOCK, work) : work();
}

/** How long a tab that renewed the session says which refresh token it spent. */
const SPENT_MARK_MS = 30_000;

async function spentLockName(refreshToken: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(refreshToken));
  const hex = [...new Uint8Array(digest).slice(0, 12)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
  return `${RENEWAL_LOCK}:spent:${hex}`;
}

/**
 * Says, for a while, that this tab has spent `refreshToken`: a lock named after its digest, held
 * for 30 s. The other tabs learn it from the lock manager, which unlike localStorage is the same
 * for every tab at once (Chromium brings one tab's localStorage writes to the others a moment
 * later, so a tab may get the renewal lock before it sees the tokens the last holder wrote).
 */
export async function markSpent(
  refreshToken: string,
  locks: LockManagerLike | undefined = browserLocks(),
): Promise<void> {
  if (!locks?.query) return;
  const name = await spentLockName(refreshToken);
  await new Promise<void>((granted) => {
    void locks.request(name, () => {
      granted();
      return new Promise((resolve) => setTimeout(resolve, SPENT_MARK_MS));
    });
  });
}

/** Whether another tab has said it spent `refreshToken` (see `markSpent`). */
export async function wasSpent(
  refreshToken: string,
  locks: LockManagerLike | undefined = browserLocks(),
): Promise<boolean> {
  if (!locks?.query) return false;
  const name = await spentLockName(refreshToken);
  const { held = [] } = await locks.query();
  return held.some((lock) => lock.name === name);
}

/** Waits (polling, at most `limitMs`) until `ready` says yes; answers whether it did. */
export async function waitUntil(ready: () => boolean, limitMs = 3_000): Promise<boolean> {
  const until = Date.now() + limitMs;
  while (!ready()) {
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/** The keys whose change in another tab means the session changed. */
const SESSION_STORAGE_KEYS: ReadonlySet<string> = new Set([
  STORAGE_KEYS.token,
  STORAGE_KEYS.companyId,
  STORAGE_KEYS.companyAuth,
]);

export interface TabLinks {
  store: SessionStore;
  /** Another tab logged out. */
  onLoggedOutElsewhere(): void;
  /** Another tab moved the session into another console (company or personal). */
  onConsoleChanged(): void;
  /** Where storage events arrive (window), and the channel between tabs; absent ones are skipped. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined;
  channel?: BroadcastChannel | undefined;
}

/** Follows the other tabs of this browser; answers a function that stops following. */
export function linkTabs({
  store,
  onLoggedOutElsewhere,
  onConsoleChanged,
  events,
  channel,
}: TabLinks): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && !SESSION_STORAGE_KEYS.has(event.key)) return;
    const before = store.getState();
    store.getState().adopt();
    const after = store.getState();
    if (after.companyId !== before.companyId || after.companyAuth !== before.companyAuth) {
      onConsoleChanged();
    }
  };
  const onMessage = (event: MessageEvent<TabMessage>) => {
    if (event.data?.type === 'logout') onLoggedOutElsewhere();
  };
  events?.addEventListener('storage', onStorage);
  channel?.addEventListener('message', onMessage);
  return () => {
    events?.removeEventListener('storage', onStorage);
    channel?.removeEventListener('message', onMessage);
  };
}
