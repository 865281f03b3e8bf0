import type { ComponentType } from 'react';
import { lazyScreen } from '../../../routes/lazyScreen';

/** The enterprise console's company screens by full path, each downloaded when first shown. */
export const COMPANY_INFO_SCREENS: Readonly<Record<string, ComponentType>> = {
  '/enterprise-console/company_info': lazyScreen(() => import('./CompanyInfoPage')),
};
