import { PERSONAL_CONSOLE_ID } from '@esign/platform';

/**
 * Where the fee screens are (spec 001 §2): buying in the user center (the personal console) and in
 * the enterprise console (a company), and the fee center both at /cost-center (the current
 * console's) and under /enterprise-console/cost (the company's). A screen links within the area
 * it is shown in; which console's figures it shows is the session's.
 */
export type ShopArea = 'userCenter' | 'enterpriseConsole';

const SHOP_BASE: Record<ShopArea, string> = {
  userCenter: '/user-center',
  enterpriseConsole: '/enterprise-console',
};

/** The buying screens of an area: the packages, the order's confirmation, its payment. */
export const shopPaths = (area: ShopArea) => ({
  mall: `${SHOP_BASE[area]}/mall`,
  confirm: `${SHOP_BASE[area]}/confirm`,
  submit: `${SHOP_BASE[area]}/submit`,
});

/** The fee center's screens of an area. */
export interface CostPaths {
  wallet: string;
  order: string;
  bill: string;
  gifts: string;
  /** The invoice requests (pages/invoices): linked from the accounts, not built here. */
  invoices: string;
}

export const COST_CENTER_PATHS: CostPaths = {
  wallet: '/cost-center/wallet',
  order: '/cost-center/order',
  bill: '/cost-center/bill',
  gifts: '/cost-center/gave',
  invoices: '/cost-center/open-ticket',
};

export const COMPANY_COST_PATHS: CostPaths = {
  wallet: '/enterprise-console/cost/wallet',
  order: '/enterprise-console/cost/order',
  bill: '/enterprise-console/cost/bill',
  gifts: '/enterprise-console/cost/free',
  invoices: '/enterprise-console/cost/open-ticket',
};

/**
 * The area a page buys in: its own (the user center's, the enterprise console's); from the fee
 * center, the console's — the user center's for the personal console, the enterprise console's in
 * a company.
 */
export function areaOf(pathname: string, companyId: number): ShopArea {
  if (pathname.startsWith(`${SHOP_BASE.enterpriseConsole}/`)) return 'enterpriseConsole';
  if (pathname.startsWith(`${SHOP_BASE.userCenter}/`)) return 'userCenter';
  return companyId === PERSONAL_CONSOLE_ID ? 'userCenter' : 'enterpriseConsole';
}

/** Whether a page is the enterprise console's (its fee center is cost/…, not /cost-center). */
export const inEnterpriseConsole = (pathname: string) =>
  pathname.startsWith(`${SHOP_BASE.enterpriseConsole}/`);

/** The fee center's screens for a page: the enterprise console's own, /cost-center otherwise. */
export const costPathsOf = (pathname: string): CostPaths =>
  inEnterpriseConsole(pathname) ? COMPANY_COST_PATHS : COST_CENTER_PATHS;

export const confirmPath = (area: ShopArea, packageId: string) =>
  `${shopPaths(area).confirm}?${new URLSearchParams({ packageId }).toString()}`;

export const submitPath = (area: ShopArea, orderId: string) =>
  `${shopPaths(area).submit}?${new URLSearchParams({ orderId }).toString()}`;
