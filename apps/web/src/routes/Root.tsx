import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router-dom';
import { Spinner } from '../lite/bits';
import { RouteEffects } from './RouteEffects';

/** The root of every route: title and scroll effects, and a bar while a navigation loads. */
export function Root() {
  const navigation = useNavigation();
  return (
    <>
      <RouteEffects />
      {navigation.state === 'loading' ? (
        <div className="navigation-progress" role="presentation" />
      ) : null}
      <Outlet />
    </>
  );
}

/** A page outside the signed-in layout; a spinner while it has nothing else to show. */
export function StandalonePage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="standalone-page lite-root">
      {children ?? <Spinner label={t('app.loading')} />}
    </main>
  );
}
