import type { ComponentType } from 'react';
import { lazyScreen } from '../../../routes/lazyScreen';
import { ROLE_EDIT_PATH, ROLE_LIST_PATH } from './paths';

/** The enterprise console's roles screens by full path, each downloaded when first shown. */
export const ROLES_SCREENS: Readonly<Record<string, ComponentType>> = {
  [ROLE_LIST_PATH]: lazyScreen(() => import('./RoleListPage')),
  [ROLE_EDIT_PATH]: lazyScreen(() => import('./RoleEditPage')),
};
