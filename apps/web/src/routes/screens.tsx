import type { ComponentType } from 'react';
import { APPROVAL_INBOX_SCREENS } from '../pages/approval/screens';
import { CONTRACT_DETAIL_SCREENS } from '../pages/contract/detail/screens';
import { CONTRACT_LAUNCH_SCREENS } from '../pages/contract/launch/screens';
import DashboardPage from '../pages/dashboard/DashboardPage';
import ComingLaterPage from '../pages/system/ComingLaterPage';
import { COMPANY_AUTH_SCREENS } from '../pages/companyAuth/screens';
import { ENTERPRISE_SCREENS } from '../pages/enterprise/screens';
import { FEE_SCREENS } from '../pages/cost/screens';
import { MESSAGE_SCREENS } from '../pages/messages/screens';
import { REAL_NAME_SCREENS } from '../pages/realName/screens';
import { COUNTERPART_SCREENS } from '../pages/relative/screens';
import { INVOICE_SCREENS } from '../pages/invoices/screens';
import { CERTIFICATE_SCREENS } from '../pages/certificates/screens';
import { APPLICATION_SCREENS } from '../pages/application/screens';
import { USER_CENTER_SCREENS } from '../pages/userCenter/screens';
import { TEMPLATE_EDITOR_SCREENS } from '../pages/template/screens';
import { lazyScreen } from './lazyScreen';
import { StandalonePage } from './Root';

/**
 * This module and all it imports come with the first signed-in page (router.tsx's `lazy`), not
 * with the login page. The screens built so far, by full path. Every other route of the table shows a titled
 * "comes later" page until its issue fills it.
 */
export const SCREENS: Readonly<Record<string, ComponentType>> = {
  '/dashboard': DashboardPage,
  ...TEMPLATE_EDITOR_SCREENS,
  ...CONTRACT_LAUNCH_SCREENS,
  ...CONTRACT_DETAIL_SCREENS,
  ...ENTERPRISE_SCREENS,
  ...REAL_NAME_SCREENS,
  ...COMPANY_AUTH_SCREENS,
  ...USER_CENTER_SCREENS,
  ...MESSAGE_SCREENS,
  ...APPROVAL_INBOX_SCREENS,
  ...COUNTERPART_SCREENS,
  ...INVOICE_SCREENS,
  ...CERTIFICATE_SCREENS,
  ...FEE_SCREENS,
  ...APPLICATION_SCREENS,
  // The list's tables and dialogs come when it is first opened, not with the login page.
  '/template/index': lazyScreen(() => import('../pages/template/TemplateListPage')),
  '/agency-contract/index': lazyScreen(() => import('../pages/contract/ContractListPage')),
  '/management/index': lazyScreen(() => import('../pages/contract/archive/ContractArchivePage')),
};

/** The screen of a signed-in route: its own, or the titled "comes later" page. */
export function screenOf(fullPath: string): ComponentType {
  return SCREENS[fullPath] ?? ComingLaterPage;
}

/** A public page that a later release fills, outside the signed-in layout. */
export function PublicComingLater() {
  return (
    <StandalonePage>
      <ComingLaterPage />
    </StandalonePage>
  );
}
