import type { ComponentType } from 'react';
import { lazyScreen } from '../../routes/lazyScreen';
import { SEAL_SCREENS } from '../seals/screens';

/** The user center screens by full path, each downloaded when first shown. */
export const USER_CENTER_SCREENS: Readonly<Record<string, ComponentType>> = {
  '/user-center/basic': lazyScreen(() => import('./BasicPage')),
  '/user-center/address': lazyScreen(() => import('./AddressPage')),
  '/user-center/hardware-key': lazyScreen(() => import('./HardwareKeysPage')),
  '/user-center/account': lazyScreen(() => import('./AccountPage')),
  '/user-center/userAgreement': lazyScreen(() => import('./AgreementPage')),
  '/user-center/contact': lazyScreen(() => import('./ContactPage')),
  '/user-center/about': lazyScreen(() => import('./AboutPage')),
  ...SEAL_SCREENS,
};
