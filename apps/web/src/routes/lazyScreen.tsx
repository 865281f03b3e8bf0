import { Suspense, lazy, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../lite/bits';

// Inline: the app's stylesheet is all there is before the screen's own code arrives.
const LOADING_STYLE = { display: 'grid', placeItems: 'center', gap: 12, padding: 64 } as const;

/** What a screen shows while its code downloads (without antd, which may be downloading too). */
function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <div style={LOADING_STYLE}>
      <Spinner label={t('app.loading')} />
      <span aria-hidden>{t('app.loading')}</span>
    </div>
  );
}

/**
 * A screen whose code is downloaded when it is first shown, not with the app: the template editor
 * (Konva, pdf.js) stays out of the bundle of the login page and the dashboard.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Screen = lazy(load);
  return function LazyScreen() {
    return (
      <Suspense fallback={<ScreenLoading />}>
        <Screen />
      </Suspense>
    );
  };
}
