import type { ComponentType } from 'react';
import { APPROVAL_SCREENS } from './approval/screens';
import { COMPANY_INFO_SCREENS } from './company/screens';
import { ROLES_SCREENS } from './roles/screens';
import { COMPANY_SEAL_SCREENS } from './seals/screens';
import { STAFF_SCREENS } from './staff/screens';
import { SUB_COMPANY_SCREENS } from './subCompany/screens';

/** The enterprise console's organisation screens by full path, for routes/screens.tsx. */
export const ENTERPRISE_SCREENS: Readonly<Record<string, ComponentType>> = {
  ...COMPANY_INFO_SCREENS,
  ...STAFF_SCREENS,
  ...ROLES_SCREENS,
  ...SUB_COMPANY_SCREENS,
  ...COMPANY_SEAL_SCREENS,
  ...APPROVAL_SCREENS,
};
