import { TOKEN_REFRESH_WINDOW_S, type TokenResponse, type UserInfo } from '@esign/platform';
import type { SessionState, SessionStore } from './store';
import { markSpent, waitUntil, wasSpent, withRenewalLock, type LockManagerLike } from './tabs';

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

/**
 * Renews the token with the refresh token, then signs into the current console again — once for
 * all the tabs of the browser: under the renewal lock, a tab first takes what another tab may
 * have written meanwhile, and renews only if that is still due.
 */
export async function refreshSession(
  store: SessionStore,
  calls: SessionCalls,
  now: () => number,
  locks?: LockManagerLike,
): Promise<void> {
  await withRenewalLock(async () => {
    store.getState().adopt();
    if (!inRefreshWindow(store.getState(), now())) return;
    const { refreshToken, companyId } = store.getState();
    if (!refreshToken) throw new Error('No refresh token');
    if (await wasSpent(refreshToken, locks)) {
      // Another tab renewed with this very token: its new tokens are on their way to this tab.
      await waitUntil(() => {
        store.getState().adopt();
        return store.getState().refreshToken !== refreshToken;
      });
      if (!inRefreshWindow(store.getState(), now())) return;
    }
    const spending = store.getState().refreshToken ?? refreshToken;
    const renewed = await calls.refresh(spending);
    await markSpent(spending, locks);
    store.getState().signIn(renewed, now());
    store.getState().signIn(await calls.signInToConsole(companyId), now());
  }, locks);
}

/**
 * What the route guard does before a signed-in screen (spec 000 §4): renews a token in the
 * refresh window and fetches the user when unknown. On any failure this tab forgets the session
 * (see `drop`) and the answer is false: the guard then sends the visitor to /login.
 */
export async function ensureSession(
  store: SessionStore,
  calls: SessionCalls,
  now: () => number,
  locks?: LockManagerLike,
): Promise<boolean> {
  const { token, refreshToken } = store.getState();
  try {
    if (inRefreshWindow(store.getState(), now())) await refreshSession(store, calls, now, locks);
    if (!store.getState().userInfo) store.getState().setUserInfo(await calls.userInfo());
    return true;
  } catch {
    const current = store.getState();
    // What was refused: the tokens renewed in this call, if it got that far.
    store
      .getState()
      .drop(
        current.token
          ? { token: current.token, refreshToken: current.refreshToken }
          : { token, refreshToken },
      );
    return false;
  }
}
