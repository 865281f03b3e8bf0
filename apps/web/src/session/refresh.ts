import { TOKEN_REFRESH_WINDOW_S, type TokenResponse, type UserInfo } from '@esign/platform';
import type { SessionState, SessionStore } from './store';

/** The calls the session needs to renew itself. */
export interface SessionCalls {
  /** grant_type=refresh_token */
  refresh(refreshToken: string): Promise<TokenResponse>;
  /** grant_type=companyUser: signs into a company, or the personal console (-1). */
  signInToConsole(companyId: number): Promise<TokenResponse>;
  userInfo(): Promise<UserInfo>;
}

/** Seconds the access token has left (negative once it has expired). */
export function remainingLifeSeconds(
  session: Pick<SessionState, 'expiresIn' | 'lastStamp'>,
  now: number,
): number {
  return session.expiresIn - (now - session.lastStamp) / 1000;
}

/** Whether the token is due for renewal: its remaining life is between 0 and 900 s (spec 000 §4). */
export function inRefreshWindow(
  session: Pick<SessionState, 'token' | 'expiresIn' | 'lastStamp'>,
  now: number,
): boolean {
  if (!session.token) return false;
  const remaining = remainingLifeSeconds(session, now);
  return remaining >= 0 && remaining <= TOKEN_REFRESH_WINDOW_S;
}

/** Renews the token with the refresh token, then signs into the current console again. */
export async function refreshSession(
  store: SessionStore,
  calls: SessionCalls,
  now: () => number,
): Promise<void> {
  const { refreshToken, companyId } = store.getState();
  if (!refreshToken) throw new Error('No refresh token');
  store.getState().signIn(await calls.refresh(refreshToken), now());
  store.getState().signIn(await calls.signInToConsole(companyId), now());
}

/**
 * What the route guard does before a signed-in screen (spec 000 §4): renews a token in the
 * refresh window and fetches the user when unknown. On any failure the session is cleared and the
 * answer is false: the guard then sends the visitor to /login.
 */
export async function ensureSession(
  store: SessionStore,
  calls: SessionCalls,
  now: () => number,
): Promise<boolean> {
  try {
    if (inRefreshWindow(store.getState(), now())) await refreshSession(store, calls, now);
    if (!store.getState().userInfo) store.getState().setUserInfo(await calls.userInfo());
    return true;
  } catch {
    store.getState().logout();
    return false;
  }
}
