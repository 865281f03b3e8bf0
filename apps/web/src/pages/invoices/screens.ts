import type { ComponentType } from 'react';
import { lazyScreen } from '../../routes/lazyScreen';

/**
 * The invoice requests screen by full path: the fee center's (the session's console) and the
 * enterprise console's cost/open-ticket (the company's), downloaded when first shown.
 */
export const INVOICE_SCREENS: Readonly<Record<string, ComponentType>> = {
  '/cost-center/open-ticket': lazyScreen(() => import('./InvoicesPage')),
  '/enterprise-console/cost/open-ticket': lazyScreen(() => import('./InvoicesPage')),
};
