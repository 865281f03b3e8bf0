import { ConfigProvider, message } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, AppConfig } from './App';
import { TOAST_SECONDS, bindRequestUi } from './api/client';
import { queries } from './api/queries';
import { queryClient } from './api/queryClient';
import { loginPath } from './routes/guards';
import { createAppRouter } from './routes/router';
import { session } from './session';
import './styles.css';

// Toasts raised outside React (by the request module) get the app's theme and language too.
ConfigProvider.config({ holderRender: (children) => <AppConfig>{children}</AppConfig> });

const router = createAppRouter();

bindRequestUi({
  showToast: (text, closed) =>
    void message.error({ content: text, duration: TOAST_SECONDS, onClose: closed }),
  toLogin: () => {
    const { pathname, search } = router.state.location;
    void router.navigate(loginPath(Date.now(), `${pathname}${search}`), { replace: true });
  },
});

// The tenant and system type of this domain; until (or unless) they arrive the defaults hold.
void queryClient.fetchQuery(queries.systemInfo(window.location.hostname)).then(
  (system) => session.getState().setSystem(system),
  () => undefined,
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
