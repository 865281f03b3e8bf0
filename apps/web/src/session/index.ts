import { useStore } from 'zustand';
import { documentCookies } from './cookies';
import { COOKIE_KEYS } from './keys';
import { createSessionStore, type Session } from './store';

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
