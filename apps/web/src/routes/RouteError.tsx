import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { StandalonePage } from './Root';

/**
 * What a page that failed to load says when even the error page's code cannot be downloaded (the
 * network is down, or a new release replaced the files this tab was built against): a reload.
 */
function Unloadable() {
  const { t } = useTranslation();
  return (
    <StandalonePage>
      <div role="alert" className="route-error">
        <h1 className="result-title">{t('error.title')}</h1>
        <p>{t('error.description')}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
      </div>
    </StandalonePage>
  );
}

// The error page (antd's Result and its pictures, in antd's context) is downloaded when a page has
// failed, not with the login page.
const ErrorPage = lazy(() =>
  Promise.all([import('../pages/system/ErrorPage'), import('../antd')]).then(
    ([page, antd]) => ({
      default: () => (
        <antd.AntdProviders>
          <page.default />
        </antd.AntdProviders>
      ),
    }),
    () => ({ default: Unloadable }),
  ),
);

/** The router's error element: the app's error page, or a bare reload when it cannot load. */
export function RouteError() {
  return (
    <Suspense fallback={<StandalonePage />}>
      <ErrorPage />
    </Suspense>
  );
}
