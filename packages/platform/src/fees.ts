/**
 * What a console holds and spends (spec 001 §2 fee center, §3 "bill, consume records: fields not
 * shown", §7 busi-order/qry-bill-list, export-package-bill, busi-consume/*; spec 000 §1 "one copy
 * is consumed per issuance"; issue 33): the units a console spends, its wallet, the platform's
 * gifts, its bills and its consume records. Orders and packages are `orders.ts`.
 *
 * How a contract spends a signing (the choice the issue leaves open, made once here):
 * a contract TAKES one signing from the initiator's console when it is initiated — from the
 * source (a package in effect or a gift) that expires first — and holds it; when the contract
 * COMPLETES the signing is consumed; when it ends any other way (refused, its approval rejected,
 * expired, withdrawn) the signing goes back to its source (lost with it if the source has expired
 * meanwhile). So the initiator learns at initiation, not after every party signed, that nothing
 * remains; a contract that never completes costs nothing; two initiations cannot both take the
 * last signing; and a completion never fails for want of one.
 */
import * as z from 'zod/mini';
import type { ContractStatus } from './contracts';
import type { MessageKey } from './messages';
import { pageBody } from './paging';

const err = (key: MessageKey) => ({ error: key });

/** What a console spends: signings (one a contract) and evidence report copies (one a report). */
export const FEE_UNITS = ['signing', 'evidence'] as const;
export type FeeUnit = (typeof FEE_UNITS)[number];

/** A source of units is "expiring soon" when it ends within this many days (the wallet's figure). */
export const EXPIRING_SOON_DAYS = 30;

/** The calls of this area, under /api (joined into `PATHS`). */
export const FEE_PATHS = {
  /**
   * POST: the console's wallet — per unit what remains, what is held by contracts under way and
   * what expires within 30 days, and each source with its expiry (`Wallet`). Beyond the spec's
   * calls (its wallet screen's call is not shown).
   */
  wallet: '/sicpay-account/busi-wallet/balance',
  /** POST `GiftListBody`: the platform's gifts to the console (`Page<Gift>`). Beyond the spec. */
  giftList: '/sicpay-account/busi-gift/qry-list',
  /** POST `BillListBody`: the console's payments, newest first (`Page<Bill>`). */
  billList: '/sicpay-account/busi-order/qry-bill-list',
  /** POST `BillFilter`: the same bills as an .xlsx file (streamed). */
  billExport: '/sicpay-account/busi-order/export-package-bill',
  /** POST `{ unit? }`: counts of the console's consume records (`ConsumeCount[]`). */
  consumeCount: '/sicpay-account/busi-consume/consume-count',
  /** POST `ConsumeListBody`: the console's consume records, newest first (`Page<ConsumeRecord>`). */
  consumeList: '/sicpay-account/busi-consume/qry-list',
  /** POST `ConsumeFilter`: the same records as an .xlsx file (streamed). */
  consumeExport: '/sicpay-account/busi-consume/export-list',
} as const;

/** Where a unit comes from: a package bought (an order) or a gift of the platform. */
export const FEE_SOURCE_KINDS = ['order', 'gift'] as const;
export type FeeSourceKind = (typeof FEE_SOURCE_KINDS)[number];

/**
 * A consume record's state: `held` by a contract under way (or a report being issued),
 * `consumed` when it completed (was issued), `returned` to its source when it ended otherwise.
 */
export const CONSUME_STATES = ['held', 'consumed', 'returned'] as const;
export type ConsumeState = (typeof CONSUME_STATES)[number];

/**
 * What becomes of a contract's held signing when the contract reaches each status: `consumed`
 * when it completes, `returned` to its source when it ends any other way, `null` while it is
 * under way (still held). Every status is named, so a new one cannot be forgotten; migration 40's
 * trigger applies this table in the transaction that changes the status, and a test holds the two
 * equal status by status. ORDERS.md draws it.
 */
export const CONTRACT_SIGNING_SETTLEMENT: Record<ContractStatus, 'consumed' | 'returned' | null> = {
  filling: null,
  approving: null,
  signing: null,
  completed: 'consumed',
  refused: 'returned',
  approval_rejected: 'returned',
  expired: 'returned',
  withdrawn: 'returned',
  cancelled: 'returned',
};

/** Why the platform gave units: every console's welcome gift, or an operator's. */
export const GIFT_REASONS = ['welcome', 'operator'] as const;
export type GiftReason = (typeof GIFT_REASONS)[number];

/** One source of units in the wallet: a package in effect (or starting later) or a gift. */
export interface WalletSource {
  kind: FeeSourceKind;
  /** The order's or the gift's id. */
  id: string;
  unit: FeeUnit;
  /** The package's name, or the gift's reason as a name. */
  name: string;
  nameZh: string;
  total: number;
  used: number;
  remaining: number;
  /** When it takes effect and ends (ISO). */
  startsAt: string;
  expiresAt: string;
  /** Not in effect yet (a package bought to start on a later day). */
  pending: boolean;
  /** It ends within `EXPIRING_SOON_DAYS`. */
  expiringSoon: boolean;
}

/** Per unit: what can be spent now, what contracts under way hold, what ends within 30 days. */
export interface WalletUnit {
  unit: FeeUnit;
  remaining: number;
  held: number;
  expiringSoon: number;
  /** Units in packages that start on a later day (not spendable yet). */
  pending: number;
}

/** POST busi-wallet/balance */
export interface Wallet {
  units: WalletUnit[];
  /** Sources with units left, in the order they are spent (the first to expire first). */
  sources: WalletSource[];
}

/** A gift of the platform (the fee center's Gifts: /cost-center/gave, cost/free). */
export interface Gift {
  id: string;
  unit: FeeUnit;
  reason: GiftReason;
  /** An operator's note (empty for the welcome gift). */
  note: string;
  total: number;
  used: number;
  remaining: number;
  grantedAt: string;
  expiresAt: string;
  /** In effect, used up, or expired. */
  status: 'inEffect' | 'usedUp' | 'expired';
}

/** A payment of the console (bills): one a paid order. */
export interface Bill {
  /** The order's id. */
  id: string;
  orderNumber: string;
  /** When it was paid (ISO). */
  paidAt: string;
  packageName: string;
  packageNameZh: string;
  unit: FeeUnit;
  quantity: number;
  /** Units bought. */
  units: number;
  amountFen: number;
  paymentMethod: 'alipay' | 'wechat' | 'unionpay';
}

/** One unit taken by a contract or a report (consume records). */
export interface ConsumeRecord {
  id: string;
  unit: FeeUnit;
  state: ConsumeState;
  /** The contract that took it (number and name kept even if the contract is removed later). */
  contractId: string | null;
  contractNumber: string;
  contractName: string;
  /** The evidence report that took it. */
  reportId: string | null;
  sourceKind: FeeSourceKind;
  /** The package's name (its order's number beside) or the gift's. */
  sourceName: string;
  sourceNameZh: string;
  orderNumber: string | null;
  /** Who initiated the contract or applied for the report. */
  userName: string;
  /** When it was taken, and when it was consumed or returned (ISO). */
  takenAt: string;
  settledAt: string | null;
}

/** POST busi-consume/consume-count: per unit, how many records in each state, and this month. */
export interface ConsumeCount {
  unit: FeeUnit;
  held: number;
  consumed: number;
  returned: number;
  /** Consumed since the first day of this month (UTC). */
  consumedThisMonth: number;
}

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, err('invalidValue')));

/** The filters of consume records (the list and its export). */
export const consumeFilter = {
  unit: z.optional(z.enum(FEE_UNITS, err('invalidValue'))),
  state: z.optional(z.enum(CONSUME_STATES, err('invalidValue'))),
  /** Taken on or after this day, on or before that day (yyyy-MM-dd, UTC). */
  from: z.optional(day),
  to: z.optional(day),
};
export const consumeFilterBody = z.object(consumeFilter);
export const consumeListBody = z.object({ ...pageBody, ...consumeFilter });
export type ConsumeListBody = z.input<typeof consumeListBody>;
export type ConsumeFilter = z.input<typeof consumeFilterBody>;

/** The filters of bills (the list and its export): paid on or after / on or before a day. */
export const billFilter = { from: z.optional(day), to: z.optional(day) };
export const billFilterBody = z.object(billFilter);
export const billListBody = z.object({ ...pageBody, ...billFilter });
export type BillListBody = z.input<typeof billListBody>;
export type BillFilter = z.input<typeof billFilterBody>;

export const giftListBody = z.object({ ...pageBody });
export const consumeCountBody = z.object({
  unit: z.optional(z.enum(FEE_UNITS, err('invalidValue'))),
});
export const walletBody = z.object({});

export const FEE_MESSAGES = {
  noSigningsLeft: {
    en: 'No signings remain for this account: buy a signing package to initiate the contract',
    zh: '当前账户签署份数已用完，请购买签署套餐后再发起合同',
  },
  noEvidenceCopiesLeft: {
    en: 'No evidence report copies remain for this account: buy a package of copies first',
    zh: '当前账户出证份数已用完，请先购买出证套餐',
  },
} as const;

// ---- Examples (the OpenAPI document's and the stories') ----

export const FEE_EXAMPLES = {
  wallet: {
    units: [
      { unit: 'signing', remaining: 115, held: 2, expiringSoon: 18, pending: 0 },
      { unit: 'evidence', remaining: 2, held: 0, expiringSoon: 0, pending: 0 },
    ],
    sources: [
      {
        kind: 'gift',
        id: '7',
        unit: 'signing',
        name: 'Welcome gift',
        nameZh: '新用户赠送',
        total: 20,
        used: 2,
        remaining: 18,
        startsAt: '2025-12-20T02:00:00.000Z',
        expiresAt: '2026-12-20T02:00:00.000Z',
        pending: false,
        expiringSoon: true,
      },
      {
        kind: 'order',
        id: '41',
        unit: 'signing',
        name: 'Enterprise 100',
        nameZh: '企业 100 份',
        total: 100,
        used: 3,
        remaining: 97,
        startsAt: '2026-12-05T06:41:10.000Z',
        expiresAt: '2027-12-05T06:41:10.000Z',
        pending: false,
        expiringSoon: false,
      },
      {
        kind: 'gift',
        id: '8',
        unit: 'evidence',
        name: 'Welcome gift',
        nameZh: '新用户赠送',
        total: 2,
        used: 0,
        remaining: 2,
        startsAt: '2025-12-20T02:00:00.000Z',
        expiresAt: '2027-12-20T02:00:00.000Z',
        pending: false,
        expiringSoon: false,
      },
    ],
  } satisfies Wallet,
  gifts: [
    {
      id: '7',
      unit: 'signing',
      reason: 'welcome',
      note: '',
      total: 20,
      used: 2,
      remaining: 18,
      grantedAt: '2025-12-20T02:00:00.000Z',
      expiresAt: '2026-12-20T02:00:00.000Z',
      status: 'inEffect',
    },
  ] satisfies Gift[],
  bills: [
    {
      id: '41',
      orderNumber: 'DD2026120512345678',
      paidAt: '2026-12-05T06:41:10.000Z',
      packageName: 'Enterprise 100',
      packageNameZh: '企业 100 份',
      unit: 'signing',
      quantity: 1,
      units: 100,
      amountFen: 50_000,
      paymentMethod: 'alipay',
    },
  ] satisfies Bill[],
  consumeRecords: [
    {
      id: '305',
      unit: 'signing',
      state: 'consumed',
      contractId: '88',
      contractNumber: 'HT20261205123456',
      contractName: 'Purchase agreement',
      reportId: null,
      sourceKind: 'gift',
      sourceName: 'Welcome gift',
      sourceNameZh: '新用户赠送',
      orderNumber: null,
      userName: 'Wang Fang',
      takenAt: '2026-12-05T07:02:00.000Z',
      settledAt: '2026-12-05T08:15:40.000Z',
    },
    {
      id: '306',
      unit: 'signing',
      state: 'held',
      contractId: '89',
      contractNumber: 'HT20261205654321',
      contractName: 'Service agreement',
      reportId: null,
      sourceKind: 'gift',
      sourceName: 'Welcome gift',
      sourceNameZh: '新用户赠送',
      orderNumber: null,
      userName: 'Wang Fang',
      takenAt: '2026-12-05T09:30:00.000Z',
      settledAt: null,
    },
  ] satisfies ConsumeRecord[],
  consumeCount: [
    { unit: 'signing', held: 1, consumed: 1, returned: 0, consumedThisMonth: 1 },
    { unit: 'evidence', held: 0, consumed: 0, returned: 0, consumedThisMonth: 0 },
  ] satisfies ConsumeCount[],
};

/** A gift's name as the wallet and the records show it. */
export const GIFT_NAMES: Record<GiftReason, { en: string; zh: string }> = {
  welcome: { en: 'Welcome gift', zh: '新用户赠送' },
  operator: { en: 'Platform gift', zh: '平台赠送' },
};
