import type { ComponentType } from 'react';
import { lazyScreen } from '../../routes/lazyScreen';

/** The company real-name verification and custom-made authentication screens by full path, each downloaded when first shown. */
export const COMPANY_AUTH_SCREENS: Readonly<Record<string, ComponentType>> = {
  '/real-name/company': lazyScreen(() => import('./RealNameCompanyPage')),
  '/custom-auth/personal': lazyScreen(() => import('./CustomAuthPersonalPage')),
  '/custom-auth/company': lazyScreen(() => import('./CustomAuthCompanyPage')),
  '/custom-auth/business': lazyScreen(() => import('./CustomAuthBusinessPage')),
};
