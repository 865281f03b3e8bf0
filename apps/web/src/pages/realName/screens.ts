import type { ComponentType } from 'react';
import { lazyScreen } from '../../routes/lazyScreen';

/**
 * The personal real-name verification screens by full path, each downloaded when first shown,
 * and the platform operators' review screen (/operator/reviews) that decides manual reviews.
 */
export const REAL_NAME_SCREENS: Readonly<Record<string, ComponentType>> = {
  '/real-name/index': lazyScreen(() => import('./RealNameIndexPage')),
  '/real-name/person': lazyScreen(() => import('./RealNamePersonPage')),
  '/operator/reviews': lazyScreen(() => import('../operator/OperatorReviewsPage')),
};
