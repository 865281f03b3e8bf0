import type { ComponentType } from 'react';
import { lazyScreen } from '../../../routes/lazyScreen';
import { APPROVAL_EDIT_PATH, APPROVAL_LIST_PATH, APPROVAL_VIEW_PATH } from './paths';

/** The enterprise console's approval flow screens by full path, each downloaded when first shown. */
export const APPROVAL_SCREENS: Readonly<Record<string, ComponentType>> = {
  [APPROVAL_LIST_PATH]: lazyScreen(() => import('./ApprovalFlowListPage')),
  [APPROVAL_EDIT_PATH]: lazyScreen(() => import('./ApprovalFlowEditPage')),
  [APPROVAL_VIEW_PATH]: lazyScreen(() => import('./ApprovalFlowViewPage')),
};
