import type { ComponentType } from 'react';
import { lazyScreen } from '../../../routes/lazyScreen';

/** The enterprise console's seal screens by full path, each downloaded when first shown. */
export const COMPANY_SEAL_SCREENS: Readonly<Record<string, ComponentType>> = {
  '/enterprise-console/seal': lazyScreen(() => import('./CompanySealListPage')),
  '/enterprise-console/seal-add': lazyScreen(() => import('./CompanySealAddPage')),
  '/enterprise-console/seal-add-legal': lazyScreen(() => import('./CompanySealAddLegalPage')),
  '/enterprise-console/seal-view': lazyScreen(() => import('./CompanySealViewPage')),
};
