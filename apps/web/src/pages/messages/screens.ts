import type { ComponentType } from 'react';
import { lazyScreen } from '../../routes/lazyScreen';

/** The message centre's screens by full path, downloaded when first shown. */
export const MESSAGE_SCREENS: Readonly<Record<string, ComponentType>> = {
  '/msg-center/all': lazyScreen(() => import('./MessageCenterPage')),
};
