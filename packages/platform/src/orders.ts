/**
 * Signing packages, orders and their payment (spec 001 §3 Order, §5 Order, §7 sicpay-account,
 * §9 "Packages valid for one year from purchase", "Payment methods: Alipay, WeChat Pay and cloud
 * flash pay via QR code", "prices are in yuan"; issue 33). What the server and the web app share:
 * the order's states and the one table of how they change, money as whole fen, the payment
 * methods, and the rules of a purchase. ORDERS.md draws the table (a test keeps it equal to the
 * data) and maps the spec's two readings of the statuses onto it.
 */
import * as z from 'zod/mini';
import type { Locale } from './constants';
import type { FeeUnit } from './fees';
import type { MessageKey } from './messages';
import { pageBody, recordIdSchema } from './paging';

const err = (key: MessageKey) => ({ error: key });

/** The calls of this area, under /api (joined into `PATHS`; spec 001 §7 sicpay-account). */
export const ORDER_PATHS = {
  /** POST `{ kind? }`: the packages on sale for the session's console (`SignPackage[]`). */
  signPackageList: '/sicpay-account/busi-sign-package/list',
  /** POST `BuildOrderBody`: an unpaid order of a package (`Order`). */
  buildOrder: '/sicpay-account/busi-order/build-order',
  /** POST `OrderListBody`: a page of the console's orders, newest first (`Page<Order>`). */
  orderList: '/sicpay-account/busi-order/qry-list',
  /** POST `{ id }`: one order of the console (`Order`). */
  getOrder: '/sicpay-account/busi-order/get-order',
  /** POST: the console's totals (`OrderSummary`). */
  sumOrder: '/sicpay-account/busi-order/sum-order',
  /** POST `QrCodePayBody`: a QR code to pay an unpaid order (`QrCodePayment`). */
  qrCodePay: '/sicpay-account/busi-pay-order/qr-code-pay',
  /**
   * POST (no session: the payment provider calls it): a payment notice, verified by the
   * provider's signature; answers what the provider expects. The last segment names the provider.
   */
  paymentNotify: '/sicpay-account/busi-pay-order/nologin/notify',
  /** GET `?reference=` (development only): the development provider's page behind a QR code. */
  devPaymentPage: '/dev/qr-pay',
  /** POST `{ reference, outcome }` (development only): that page's Pay / Fail buttons. */
  devPaymentSettle: '/dev/qr-pay/settle',
} as const;

// ---- Money ----

/**
 * Money is a whole number of fen (1 yuan = 100 fen), never a floating-point yuan: prices, amounts
 * paid, refunds and invoiced sums are added and compared as integers. `Fen` says so in a type.
 */
export type Fen = number;

/** Whether a value is a whole, non-negative, safe number of fen. */
export function isFen(value: unknown): value is Fen {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Fen as yuan for people: `¥1,234.50` in English, `¥1,234.50` in Chinese too (the symbol and the
 * two decimals are what both readers expect on a price). Throws on anything that is not fen.
 */
export function formatYuan(fen: Fen, locale: Locale = 'en'): string {
  if (!isFen(fen)) throw new Error(`not an amount of fen: ${String(fen)}`);
  const yuan = Math.floor(fen / 100).toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US');
  return `¥${yuan}.${String(fen % 100).padStart(2, '0')}`;
}

/**
 * Yuan as a person types it (`12`, `12.5`, `12.50`, `1,234.50`) to fen, by its digits (no
 * floating point); null for anything else (a third decimal, a sign, letters).
 */
export function parseYuan(text: string): Fen | null {
  const match = /^\s*¥?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const fen = Number(match[1]!.replaceAll(',', '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(fen) ? fen : null;
}

// ---- Packages ----

/** Who a package is for: a person's console (user center) or a company's (corporate account). */
export const PACKAGE_KINDS = ['personal', 'enterprise'] as const;
export type PackageKind = (typeof PACKAGE_KINDS)[number];

/** Spec 001 §9: a package is valid for one year from the day it takes effect. */
export const PACKAGE_VALID_DAYS = 365;

/** A package on sale (busi-sign-package/list). */
export interface SignPackage {
  id: string;
  kind: PackageKind;
  /** What it holds: signings (one a contract) or evidence report copies (one a report). */
  unit: FeeUnit;
  name: string;
  nameZh: string;
  /** Units it holds (signings, or evidence report copies: `unit`). */
  signings: number;
  /** Its price, in fen. */
  priceFen: Fen;
  /** Days it is valid from taking effect. */
  validDays: number;
}

// ---- Orders ----

/**
 * An order's status, one set for both of the spec's readings (ORDERS.md maps them):
 * - `pendingPayment`: made, not paid; it can be paid until it lapses;
 * - `pendingEffect`: paid, its package starts on a later day the buyer chose (buying next year's
 *   package before this year's ends);
 * - `inEffect`: its signings can be consumed until it expires;
 * - `invalid`: ended without being of use any more — never paid (it lapsed or was cancelled) or
 *   expired (`invalidReason` says which);
 * - `terminated`: the platform ended it (a refund), whatever signings were left.
 */
export const ORDER_STATUSES = [
  'pendingPayment',
  'pendingEffect',
  'inEffect',
  'invalid',
  'terminated',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Why an order is invalid. */
export const ORDER_INVALID_REASONS = ['lapsed', 'cancelled', 'expired'] as const;
export type OrderInvalidReason = (typeof ORDER_INVALID_REASONS)[number];

/**
 * What happens to an order, and who makes it happen:
 * - `pay` (the payment provider's verified notice, for the order's exact amount);
 * - `start` (the clock reaches the day it takes effect);
 * - `lapse` (the clock passes the end of its payment window: its last QR code expired);
 * - `cancel` (the buyer gives up an unpaid order);
 * - `expire` (the clock reaches one year after it took effect);
 * - `terminate` (a platform operator ends it, refunding).
 */
export const ORDER_EVENTS = ['pay', 'start', 'lapse', 'cancel', 'expire', 'terminate'] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

export interface OrderTransition {
  who: 'provider' | 'clock' | 'buyer' | 'operator';
  to: OrderStatus;
  /** `pay` arrives in `pendingEffect` instead when the package starts on a later day. */
  laterStart?: OrderStatus;
  /** For `invalid`: why. */
  reason?: OrderInvalidReason;
}

/**
 * How an order's status changes: one row a status, one entry an event it accepts; any event not
 * listed is refused and changes nothing (a second payment notice for a paid order is not a new
 * payment: the server answers it as already handled). The server consults this table alone
 * (`nextOrderStatus`); ORDERS.md draws it.
 */
export const ORDER_TRANSITIONS: Record<
  OrderStatus,
  Partial<Record<OrderEvent, OrderTransition>>
> = {
  pendingPayment: {
    pay: { who: 'provider', to: 'inEffect', laterStart: 'pendingEffect' },
    lapse: { who: 'clock', to: 'invalid', reason: 'lapsed' },
    cancel: { who: 'buyer', to: 'invalid', reason: 'cancelled' },
  },
  pendingEffect: {
    start: { who: 'clock', to: 'inEffect' },
    terminate: { who: 'operator', to: 'terminated' },
  },
  inEffect: {
    expire: { who: 'clock', to: 'invalid', reason: 'expired' },
    terminate: { who: 'operator', to: 'terminated' },
  },
  invalid: {},
  terminated: {},
};

/** The status an event moves an order to, or null when the status does not accept it. */
export function nextOrderStatus(
  status: OrderStatus,
  event: OrderEvent,
  facts: { startsLater?: boolean } = {},
): { to: OrderStatus; reason: OrderInvalidReason | null } | null {
  const transition = ORDER_TRANSITIONS[status][event];
  if (!transition) return null;
  const to = facts.startsLater && transition.laterStart ? transition.laterStart : transition.to;
  return { to, reason: transition.reason ?? null };
}

/** Whether an order's signings may be consumed now. */
export const orderConsumable = (status: OrderStatus) => status === 'inEffect';

/**
 * The spec's two readings of an order's statuses (spec 001 §3), each onto `ORDER_STATUSES`: the
 * first one's unpaid, pending, in effect, expired, terminated, voided; the second one's pending
 * payment, pending effect, in effect, invalid, terminated.
 */
export const ORDER_STATUS_READINGS = {
  first: {
    unpaid: 'pendingPayment',
    pending: 'pendingEffect',
    'in effect': 'inEffect',
    expired: 'invalid (expired)',
    terminated: 'terminated',
    voided: 'invalid (lapsed or cancelled)',
  },
  second: {
    'pending payment': 'pendingPayment',
    'pending effect': 'pendingEffect',
    'in effect': 'inEffect',
    invalid: 'invalid',
    terminated: 'terminated',
  },
} as const;

// ---- Payment ----

/** Spec 001 §9: Alipay, WeChat Pay and cloud flash pay (UnionPay's 云闪付), each by QR code. */
export const PAYMENT_METHODS = ['alipay', 'wechat', 'unionpay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A QR code to pay an order is valid this long; the order lapses when its last one expires. */
export const PAYMENT_QR_TTL_S = 15 * 60;

/** An order buys at most this many of one package at a time. */
export const ORDER_QUANTITY_MAX = 100;

/** POST busi-order/build-order: a package, how many, and the purchase agreement accepted. */
export const buildOrderBody = z.object({
  packageId: recordIdSchema,
  quantity: z._default(
    z
      .number()
      .check(
        z.int(err('invalidValue')),
        z.minimum(1, err('invalidValue')),
        z.maximum(ORDER_QUANTITY_MAX, err('invalidValue')),
      ),
    1,
  ),
  /** Spec 001 §5: the purchase agreement must be accepted. */
  agreement: z.literal(true, err('purchaseAgreementRequired')),
  /** The day the package takes effect (yyyy-MM-dd, today or later); today when absent. */
  startsOn: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, err('invalidValue')))),
});
export type BuildOrderBody = z.input<typeof buildOrderBody>;

/** POST busi-order/qry-list */
export const orderListBody = z.object({
  ...pageBody,
  status: z.optional(z.enum(ORDER_STATUSES, err('invalidValue'))),
});
export type OrderListBody = z.input<typeof orderListBody>;

/** POST busi-order/get-order */
export const orderIdBody = z.object({ id: recordIdSchema });

/** POST busi-sign-package/list: the console's kind of package unless another is asked. */
export const signPackageListBody = z.object({
  kind: z.optional(z.enum(PACKAGE_KINDS, err('invalidValue'))),
});

/** POST busi-pay-order/qr-code-pay: a QR code to pay an order with a method. */
export const qrCodePayBody = z.object({
  orderId: recordIdSchema,
  method: z.enum(PAYMENT_METHODS, err('invalidValue')),
});

/** An order as the lists and the detail show it (spec 001 §3 Order). */
export interface Order {
  id: string;
  number: string;
  /** When it was made, yyyy-MM-dd HH:mm:ss UTC. */
  createTime: string;
  packageId: string;
  packageKind: PackageKind;
  /** What the package holds; `signings*` count these units. */
  unit: FeeUnit;
  packageName: string;
  packageNameZh: string;
  /** Signings in one package, its price (fen), how many were bought, and the total (fen). */
  signingsEach: number;
  unitPriceFen: Fen;
  quantity: number;
  amountFen: Fen;
  status: OrderStatus;
  invalidReason: OrderInvalidReason | null;
  /** The package's validity: the day it takes effect and the moment it ends (ISO), once paid. */
  startsOn: string;
  expiresAt: string | null;
  /** Signings bought, used and remaining. */
  signingsTotal: number;
  signingsUsed: number;
  signingsRemaining: number;
  /** How and when it was paid (null until then). */
  paidAt: string | null;
  paymentMethod: PaymentMethod | null;
  /** Until when an unpaid order can still be paid (its last QR code's expiry, ISO). */
  payBefore: string | null;
}

/** POST busi-order/sum-order: the console's totals over its orders. */
export interface OrderSummary {
  /** Paid, in fen, over every order ever paid. */
  paidFen: Fen;
  /** Signings remaining in packages in effect now. */
  signingsRemaining: number;
  /** … of which in packages that end within 30 days. */
  signingsExpiringSoon: number;
  /** Orders waiting for payment. */
  pendingPayment: number;
}

/** POST busi-pay-order/qr-code-pay */
export interface QrCodePayment {
  orderId: string;
  method: PaymentMethod;
  /** What the QR code holds (the provider's payment link); the client draws it. */
  qrText: string;
  expiresAt: string;
  amountFen: Fen;
  /** True for the development provider, which moves no money: the client says so. */
  development: boolean;
}

export const ORDER_MESSAGES = {
  purchaseAgreementRequired: {
    en: 'Please read and accept the purchase agreement',
    zh: '请阅读并同意购买协议',
  },
  qrCodeExpired: { en: 'QR code expired, please refresh', zh: '二维码已过期，请刷新' },
  orderNotPayable: {
    en: 'This order can no longer be paid',
    zh: '该订单已无法支付',
  },
  packageNotOnSale: {
    en: 'This package is not on sale for this account',
    zh: '该套餐不适用于当前账户',
  },
  startsOnPast: { en: 'The start day cannot be in the past', zh: '生效日期不能早于今天' },
  paymentUnavailable: {
    en: 'Online payment is not available on this platform',
    zh: '本平台暂不支持在线支付',
  },
  paymentAmountMismatch: {
    en: 'The amount paid does not match the order',
    zh: '支付金额与订单不符',
  },
} as const;

// ---- Examples (the OpenAPI document's and the stories') ----

const unpaidExample: Order = {
  id: '41',
  number: 'DD2026120512345678',
  createTime: '2026-12-05 06:40:00',
  packageId: '3',
  packageKind: 'enterprise',
  unit: 'signing',
  packageName: 'Enterprise 100',
  packageNameZh: '企业 100 份',
  signingsEach: 100,
  unitPriceFen: 50_000,
  quantity: 1,
  amountFen: 50_000,
  status: 'pendingPayment',
  invalidReason: null,
  startsOn: '2026-12-05',
  expiresAt: null,
  signingsTotal: 100,
  signingsUsed: 0,
  signingsRemaining: 100,
  paidAt: null,
  paymentMethod: null,
  payBefore: '2026-12-05T07:25:00.000Z',
};

export const ORDER_EXAMPLES = {
  packages: [
    {
      id: '3',
      kind: 'enterprise',
      unit: 'signing',
      name: 'Enterprise 100',
      nameZh: '企业 100 份',
      signings: 100,
      priceFen: 50_000,
      validDays: 365,
    },
    {
      id: '4',
      kind: 'enterprise',
      unit: 'signing',
      name: 'Enterprise 500',
      nameZh: '企业 500 份',
      signings: 500,
      priceFen: 200_000,
      validDays: 365,
    },
  ] satisfies SignPackage[],
  unpaid: unpaidExample,
  paid: {
    ...unpaidExample,
    status: 'inEffect',
    expiresAt: '2027-12-05T06:41:10.000Z',
    signingsUsed: 3,
    signingsRemaining: 97,
    paidAt: '2026-12-05T06:41:10.000Z',
    paymentMethod: 'alipay',
    payBefore: null,
  } satisfies Order,
  summary: {
    paidFen: 50_000,
    signingsRemaining: 97,
    signingsExpiringSoon: 0,
    pendingPayment: 0,
  } satisfies OrderSummary,
  qrCode: {
    orderId: '41',
    method: 'alipay',
    qrText: 'https://esign.example.com/api/dev/qr-pay?reference=0f3kq8Zx2pLw',
    expiresAt: '2026-12-05T06:55:00.000Z',
    amountFen: 50_000,
    development: true,
  } satisfies QrCodePayment,
};
