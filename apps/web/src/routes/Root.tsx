import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';
import { SessionEnded } from '../layout/SessionEnded';
import { RouteEffects } from './RouteEffects';

/**
 * The root of every route: title and scroll effects, a bar while a navigation loads, and the
 * question asked when the session ends over unsaved work.
 */
export function Root() {
  const navigation = useNavigation();
  return (
    <>
      <RouteEffects />
      <SessionEnded />
      {navigation.state === 'loading' ? (
        <div className="navigation-progress" role="presentation" />
      ) : null}
      <Outlet />
    </>
  );
}

/** A page outside the signed-in layout; a spinner while it has nothing else to show. */
export function StandalonePage({ children }: { children?: ReactNode }) {
  return <main className="standalone-page">{children ?? <Spin size="large" />}</main>;
}
