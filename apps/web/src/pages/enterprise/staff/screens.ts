import type { ComponentType } from 'react';
import { lazyScreen } from '../../../routes/lazyScreen';

/** The enterprise console's staff screens by full path, each downloaded when first shown. */
export const STAFF_SCREENS: Readonly<Record<string, ComponentType>> = {
  '/enterprise-console/staff_list': lazyScreen(() => import('./StaffListPage')),
};
