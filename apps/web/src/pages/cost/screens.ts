import type { ComponentType } from 'react';
import { lazyScreen } from '../../routes/lazyScreen';
import { COMPANY_COST_PATHS, COST_CENTER_PATHS, shopPaths } from './paths';

const mall = lazyScreen(() => import('./MallPage'));
const confirm = lazyScreen(() => import('./ConfirmPage'));
const submit = lazyScreen(() => import('./SubmitPage'));
const wallet = lazyScreen(() => import('./WalletPage'));
const orders = lazyScreen(() => import('./OrdersPage'));
const bills = lazyScreen(() => import('./BillsPage'));
const gifts = lazyScreen(() => import('./GiftsPage'));

/**
 * The fee screens by full path (spec 001 §2), each downloaded when first shown: buying in the user
 * center and the enterprise console, the corporate account, and the fee center in both places.
 * The invoice requests (open-ticket) are not here.
 */
export const FEE_SCREENS: Readonly<Record<string, ComponentType>> = {
  ...Object.fromEntries(
    (['userCenter', 'enterpriseConsole'] as const).flatMap((area) => {
      const paths = shopPaths(area);
      return [
        [paths.mall, mall],
        [paths.confirm, confirm],
        [paths.submit, submit],
      ];
    }),
  ),
  '/enterprise-console/account': lazyScreen(() => import('./CompanyAccountPage')),
  ...Object.fromEntries(
    [COST_CENTER_PATHS, COMPANY_COST_PATHS].flatMap((paths) => [
      [paths.wallet, wallet],
      [paths.order, orders],
      [paths.bill, bills],
      [paths.gifts, gifts],
    ]),
  ),
};
