import type { ComponentType } from 'react';
import { lazyScreen } from '../../../routes/lazyScreen';

/** The enterprise console's subCompany screens by full path, each downloaded when first shown. */
export const SUB_COMPANY_SCREENS: Readonly<Record<string, ComponentType>> = {
  '/enterprise-console/sub_company': lazyScreen(() => import('./SubCompanyPage')),
};
