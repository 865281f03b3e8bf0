import { MOBILE_BREAKPOINT_PX } from '@esign/platform';
import { useSyncExternalStore } from 'react';

const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
const subscribe = (changed: () => void) => {
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};

/** Whether the page is narrower than 992 px: the mobile layout with a drawer sidebar. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => query.matches);
}
