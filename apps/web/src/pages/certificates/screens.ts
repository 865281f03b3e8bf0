import type { ComponentType } from 'react';
import { lazyScreen } from '../../routes/lazyScreen';

/**
 * A company's certificate screens by full path, downloaded when first shown: its digital
 * certificates (and hardware key applications), and its communication certificates.
 */
export const CERTIFICATE_SCREENS: Readonly<Record<string, ComponentType>> = {
  '/enterprise-console/cert': lazyScreen(() => import('./DigitalCertificatesPage')),
  '/enterprise-console/application/application_cert': lazyScreen(
    () => import('./CommunicationCertificatesPage'),
  ),
};
