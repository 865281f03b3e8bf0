import type { ComponentType } from 'react';
import { lazyScreen } from '../../routes/lazyScreen';

/**
 * Application access by full path (issue 34): the API access parties and their callbacks; the
 * communication certificates (application_cert) are the certificates area's. Downloaded when
 * first shown.
 */
export const APPLICATION_SCREENS: Readonly<Record<string, ComponentType>> = {
  '/enterprise-console/application/access': lazyScreen(() => import('./AccessPartiesPage')),
  '/enterprise-console/application/application_notify': lazyScreen(() => import('./CallbacksPage')),
};
