import type { ComponentType } from 'react';
import { lazyScreen } from '../../routes/lazyScreen';
import { COUNTERPART_LIST_PATHS, COUNTERPART_VIEW_PATHS } from './paths';

/** The counterpart book's screens by full path, each downloaded when first shown. */
export const COUNTERPART_SCREENS: Readonly<Record<string, ComponentType>> = {
  [COUNTERPART_LIST_PATHS.person]: lazyScreen(() =>
    import('./CounterpartListPage').then((module) => ({ default: module.PeoplePage })),
  ),
  [COUNTERPART_LIST_PATHS.company]: lazyScreen(() =>
    import('./CounterpartListPage').then((module) => ({ default: module.CompaniesPage })),
  ),
  [COUNTERPART_VIEW_PATHS.person]: lazyScreen(() =>
    import('./CounterpartDetailPage').then((module) => ({ default: module.PersonDetailPage })),
  ),
  [COUNTERPART_VIEW_PATHS.company]: lazyScreen(() =>
    import('./CounterpartDetailPage').then((module) => ({ default: module.CompanyDetailPage })),
  ),
};
