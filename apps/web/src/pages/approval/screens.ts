import type { ComponentType } from 'react';
import { lazyScreen } from '../../routes/lazyScreen';
import { APPROVAL_DETAIL_PATH, APPROVAL_INDEX_PATH } from './paths';

/** /approval's screens by full path, each downloaded when first shown. */
export const APPROVAL_INBOX_SCREENS: Readonly<Record<string, ComponentType>> = {
  [APPROVAL_INDEX_PATH]: lazyScreen(() => import('./ApprovalListPage')),
  [APPROVAL_DETAIL_PATH]: lazyScreen(() => import('./ApprovalViewPage')),
};
