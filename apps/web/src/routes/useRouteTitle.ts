import { useMatches } from 'react-router-dom';
import type { RouteTitle } from './table';

/** What every route of the app carries in its `handle`. */
export interface RouteHandle {
  title: RouteTitle;
}

/** The title of the deepest matched route that has one. */
export function useRouteTitle(): RouteTitle | null {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const handle = match.handle as Partial<RouteHandle> | undefined;
    if (handle?.title) return handle.title;
  }
  return null;
}
