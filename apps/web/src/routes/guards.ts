/**
 * What the route guard decides (spec 000 §2, §4, §6), as pure functions: where a visitor without a
 * session goes, where a signed-in visitor to /login goes, and which areas need real-name
 * verification first.
 */
import { PERSONAL_CONSOLE_ID, routePermission, type UserInfo } from '@esign/platform';
import { redirect, type LoaderFunction } from 'react-router-dom';
import { ensureSession, type SessionCalls } from '../session/refresh';
import type { SessionStore } from '../session/store';
import { PUBLIC_ROUTES } from './table';

/** Where the real-name prompt sends the user. */
export const REAL_NAME_PATH = '/real-name/index?isPerson=true';

/**
 * Areas a user who is not real-name verified may not enter (spec 000 §6, spec 001 §2): seals,
 * initiating, creating an enterprise, messages, user and cost center, and the whole enterprise
 * console. Switching company is checked where it happens (the company switcher).
 */
const REAL_NAME_AREAS = [
  '/user-center',
  '/cost-center',
  '/msg-center',
  '/enterprise-console',
  '/agency-contract/directly-launch',
  '/agency-contract/directly-template',
  '/real-name/company',
  '/custom-auth/company',
  '/custom-auth/business',
];

/** The login page, stamped with the time (spec 000 §2), and where to return after login. */
export function loginPath(now: number, from?: string): string {
  const query = new URLSearchParams({ time: String(now) });
  if (from && from !== '/' && !from.startsWith(PUBLIC_ROUTES.login.path)) {
    query.set('redirect', from);
  }
  return `${PUBLIC_ROUTES.login.path}?${query.toString()}`;
}

/** The `redirect` of the login page when it is a path of this app; home otherwise. */
export function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return '/';
  if (target.startsWith(PUBLIC_ROUTES.login.path)) return '/';
  return target;
}

/** A signed-in route: without a token, the login page that leads back here. */
export function guardedRedirect(hasToken: boolean, url: URL, now: number): string | null {
  return hasToken ? null : loginPath(now, `${url.pathname}${url.search}`);
}

/** The login page: a signed-in visitor goes home. */
export function loginPageRedirect(hasToken: boolean): string | null {
  return hasToken ? '/' : null;
}

/** Whether a path is in an area that needs personal real-name verification. */
export function requiresRealName(pathname: string): boolean {
  return REAL_NAME_AREAS.some((area) => pathname.startsWith(area));
}

/** Whether this user must verify their real name before opening the path. */
export function mustVerifyRealName(pathname: string, user: UserInfo | null): boolean {
  return user?.authStep === 'NOT' && requiresRealName(pathname);
}

/** Sections that exist only in a company: the personal console has no enterprise console. */
const COMPANY_SECTIONS = ['/enterprise-console'];
/**
 * Pages of those sections that the personal console has too: the staff page, where a person
 * answers invitations to join a company and applies to join one.
 */
export const PERSONAL_PAGES = ['/enterprise-console/staff_list'];

/**
 * Whether the user's role in the current console withholds the page (`ROUTE_PERMISSIONS`, the
 * rule the server's menu and calls follow), or the page is a company's and the user is in the
 * personal console: a direct visit then shows 'No permission for now'. Unknown while the user is
 * not loaded: the server still refuses every call.
 */
export function lacksPermission(pathname: string, user: UserInfo | null): boolean {
  if (user === null) return false;
  const companyOnly = COMPANY_SECTIONS.some(
    (section) => pathname === section || pathname.startsWith(`${section}/`),
  );
  const personalPage = PERSONAL_PAGES.includes(pathname.replace(/\/$/, ''));
  if (companyOnly && !personalPage && user.companyId === PERSONAL_CONSOLE_ID) return true;
  const needed = routePermission(pathname);
  return needed !== null && !user.permissions.includes(needed);
}

export interface GuardDependencies {
  store: SessionStore;
  calls: SessionCalls;
  now(): number;
}

/**
 * The loader of every signed-in route: sends visitors without a token to /login, renews a token in
 * its refresh window, fetches the user when unknown, and sends to /login when that fails.
 */
export function guardLoader({ store, calls, now }: GuardDependencies): LoaderFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const target = guardedRedirect(Boolean(store.getState().token), url, now());
    if (target) throw redirect(target);
    if (!(await ensureSession(store, calls, now))) {
      throw redirect(loginPath(now(), `${url.pathname}${url.search}`));
    }
    return null;
  };
}

/** The loader of /login: a signed-in visitor goes home. */
export function loginLoader(store: SessionStore): LoaderFunction {
  return () => {
    const target = loginPageRedirect(Boolean(store.getState().token));
    return target ? redirect(target) : null;
  };
}
