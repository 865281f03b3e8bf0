import { useStore } from 'zustand';
import { documentCookies } from './cookies';
import { COOKIE_KEYS } from './keys';
import { createSessionStore, type Session } from './store';
import { SESSION_CHANNEL, type TabMessage } from './tabs';

/** The browser's session: localStorage and the document's cookies. */
export const session = createSessionStore(
  window.localStorage,
  documentCookies,
  window.sessionStorage,
);

/** A slice of the session, re-rendering when it changes. */
export function useSession<T>(selector: (state: Session) => T): T {
  return useStore(session, selector);
}

/** The `Company-Auth` header's value, read from its cookie (spec 000 §7). */
export function companyAuthCookie(): string {
  return documentCookies.get(COOKIE_KEYS.companyAuth) ?? '';
}

/** The channel on which this browser's tabs tell each other of a logout (where there is one). */
export const tabChannel: BroadcastChannel | undefined =
  typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(SESSION_CHANNEL);

/** Tells the other tabs that this one logged out: they leave for /login too. */
export function announceLogout(): void {
  tabChannel?.postMessage({ type: 'logout' } satisfies TabMessage);
}
