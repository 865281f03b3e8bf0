import type { ComponentType } from 'react';
import { lazyScreen } from '../../routes/lazyScreen';

/** The personal seal screens (/user-center/seal, /user-center/create) by full path, each downloaded when first shown. */
export const SEAL_SCREENS: Readonly<Record<string, ComponentType>> = {
  '/user-center/seal': lazyScreen(() => import('./SealsPage')),
  '/user-center/create': lazyScreen(() => import('./SealCreatePage')),
};

/** The phone's handwriting page (/seal-handwrite?ticket=…), without a session. */
export const SealHandwriteScreen: ComponentType = lazyScreen(() => import('./SealHandwritePage'));
