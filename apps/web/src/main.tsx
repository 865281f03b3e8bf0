import { PERSONAL_CONSOLE_ID } from '@esign/platform';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { refreshTokens, signInToConsole } from './api/auth';
import { TOAST_SECONDS, bindRenewal, bindRequestUi, leaveForLogin } from './api/client';
import { fetchUserInfo } from './api/shell';
import { i18n } from './i18n';
import { whenLoaded } from './i18n/locale';
import { queries } from './api/queries';
import { queryClient } from './api/queryClient';
import { loginPath } from './routes/guards';
import { HOME_PATH } from './routes/table';
import { createAppRouter } from './routes/router';
import { session, tabChannel } from './session';
import { inRefreshWindow, refreshSession } from './session/refresh';
import { endSession } from './session/sessionEnd';
import { linkTabs } from './session/tabs';
import { showToast } from './lite/toast';
import './styles.css';

const router = createAppRouter();

bindRequestUi({
  showToast: (text, closed) => showToast(text, { seconds: TOAST_SECONDS, closed }),
  toLogin: () => {
    const { pathname, search } = router.state.location;
    void router.navigate(loginPath(Date.now(), `${pathname}${search}`), { replace: true });
  },
  // Forbidden or removed in the session's company: on into the personal console, at home.
  leaveCompany: async () => {
    try {
      session.getState().signIn(await signInToConsole(PERSONAL_CONSOLE_ID), Date.now());
      queryClient.clear();
      await router.navigate(HOME_PATH, { replace: true });
    } catch {
      // The toast has said why; a session that cannot move ends with its next 401.
    }
  },
});

const sessionCalls = { refresh: refreshTokens, signInToConsole, userInfo: fetchUserInfo };
// A page left open past the refresh window renews the session when it next calls the server.
bindRenewal(async () => {
  if (inRefreshWindow(session.getState(), Date.now())) {
    await refreshSession(session, sessionCalls, Date.now);
  }
});

// The other tabs of this browser: their renewals, logins and company switches are taken here, and
// a logout in one of them ends the session here too.
linkTabs({
  store: session,
  events: window,
  channel: tabChannel,
  onLoggedOutElsewhere: () => {
    const { token, refreshToken } = session.getState();
    session.getState().drop({ token, refreshToken });
    endSession('loggedOutElsewhere', leaveForLogin);
  },
  onConsoleChanged: () => {
    void queryClient.invalidateQueries();
    void fetchUserInfo().then(
      (user) => session.getState().setUserInfo(user),
      () => undefined,
    );
  },
});

// The tenant and system type of this domain; until (or unless) they arrive the defaults hold.
void queryClient.fetchQuery(queries.systemInfo(window.location.hostname)).then(
  (system) => session.getState().setSystem(system),
  () => undefined,
);

// English comes with the app; Chinese is downloaded first when it was chosen on the last visit
// (shown in English, the fallback, should that fail).
void whenLoaded(i18n).finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  ),
);
