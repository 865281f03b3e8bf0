/**
 * Invoices of paid orders (spec 001 §3 Invoice, §5 Invoice, §7 `busi-invoice/invoice`, the fee
 * center's open-ticket screen; issue 33). What the server and the web app share: an invoice
 * request's fields and their rules with their messages, its states and the one table of how they
 * change (drawn in INVOICES.md), the paper invoice's courier fee, the calls and their shapes.
 *
 * A request invoices amounts of one or more paid orders of the console; over the requests that
 * still stand (every state but `rejected`), what an order has invoiced never passes what was paid
 * for it. Money is whole fen (`Fen`, orders.ts).
 */
import * as z from 'zod/mini';
import type { Page } from './api';
import type { MessageKey } from './messages';
import type { Fen } from './orders';
import { pageBody, recordIdSchema } from './paging';
import { EMAIL_PATTERN, PHONE_PATTERN } from './validation';

const err = (key: MessageKey) => ({ error: key });

/**
 * The calls of this area, under /api (joined into `PATHS`). The spec names one
 * (`busi-invoice/invoice`); the list and the invoiceable orders are the platform's own, which the
 * screen needs beside it.
 */
export const INVOICE_PATHS = {
  /** POST `InvoiceApplyBody`: requests an invoice of paid orders (`InvoiceRequest`). */
  invoiceApply: '/sicpay-account/busi-invoice/invoice',
  /** POST `InvoiceListBody`: the console's requests, newest first (`InvoiceRequestPage`). */
  invoiceList: '/sicpay-account/busi-invoice/qry-list',
  /**
   * POST `InvoiceableBody`: the console's paid orders with something left to invoice, newest first
   * (`Page<InvoiceableOrder>`).
   */
  invoiceable: '/sicpay-account/busi-invoice/invoiceable',
  /**
   * POST `{ id, event }` (development only): issues, rejects or mails a request of the session's
   * console as an operator would, with the development e-invoice issuer — for testers.
   */
  devInvoiceAdvance: '/dev/invoices/advance',
} as const;

// ---- Kinds and limits ----

/** Spec 001 §3: a VAT general invoice (增值税普通发票) or a VAT special one (增值税专用发票). */
export const INVOICE_TYPES = ['vatGeneral', 'vatSpecial'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

/** Spec 001 §3: an electronic invoice (sent to an email) or a paper one (mailed). */
export const INVOICE_FORMS = ['electronic', 'paper'] as const;
export type InvoiceForm = (typeof INVOICE_FORMS)[number];

/** Spec 001 §5 Invoice: the detailed (mailing) address, at most 33 characters. */
export const INVOICE_ADDRESS_MAX = 33;
/** Spec 001 §5 Invoice: the tax registration address, at most 33 characters. */
export const INVOICE_REGISTERED_ADDRESS_MAX = 33;
/** Spec 001 §5 Invoice: the account bank, at most 20 characters. */
export const INVOICE_BANK_NAME_MAX = 20;
/** Spec 001 §5 Invoice: the bank card (account number), at most 30 characters. */
export const INVOICE_BANK_ACCOUNT_MAX = 30;
/** The title (a company's full name, or a person's), the platform's own limit. */
export const INVOICE_TITLE_MAX = 100;
/** The recipient of a paper invoice, as an address book's name. */
export const INVOICE_RECIPIENT_MAX = 30;
/** Orders one request may invoice. */
export const INVOICE_ORDERS_MAX = 50;
/** A rejection's reason, as the operator writes it. */
export const INVOICE_REASON_MAX = 200;
/** A paper invoice's courier tracking number. */
export const INVOICE_TRACKING_MAX = 60;

/**
 * What mailing a paper invoice costs, in fen, shown to the person before they ask. It is not part
 * of the invoice and not collected by the platform: the courier collects it from the recipient on
 * delivery (寄付到付, freight collect), so nobody pays it before the invoice exists and a rejected
 * request costs nothing. Each request records the fee it was shown.
 */
export const PAPER_INVOICE_COURIER_FEE_FEN: Fen = 1_500;

/**
 * A taxpayer identification number: the 18 characters of a unified social credit code, or the
 * older 15, 17 or 20 (digits and capital letters).
 */
export const TAXPAYER_NUMBER_PATTERN = /^(?:[0-9A-Z]{15}|[0-9A-Z]{17,18}|[0-9A-Z]{20})$/;
/** A phone on a VAT special invoice: a mobile or a landline with its area code (010-12345678). */
export const INVOICE_PHONE_PATTERN = /^[0-9][0-9 ()+-]{4,19}$/;

// ---- States ----

/**
 * A request's state:
 * - `requested`: waiting for an operator; its amounts count against its orders;
 * - `issued`: the invoice exists (its number recorded; an electronic one was sent to the email);
 * - `mailed`: a paper invoice handed to the courier (its tracking number recorded);
 * - `rejected`: an operator refused it (the reason is shown); its amounts are free to invoice
 *   again.
 */
export const INVOICE_STATUSES = ['requested', 'issued', 'mailed', 'rejected'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * What happens to a request, each by a platform operator (the operator command, or the development
 * call for testers): `issue` (with the invoice's number), `reject` (with a reason), `mail` (a paper
 * invoice, with the courier's tracking number).
 */
export const INVOICE_EVENTS = ['issue', 'reject', 'mail'] as const;
export type InvoiceEvent = (typeof INVOICE_EVENTS)[number];

export interface InvoiceTransition {
  who: 'operator';
  to: InvoiceStatus;
  /** The forms the event applies to (every form when absent). */
  forms?: readonly InvoiceForm[];
}

/**
 * How a request's state changes: one row a state, one entry an event it accepts; anything else is
 * refused and changes nothing. The server consults this table alone (`nextInvoiceStatus`);
 * INVOICES.md draws it. An issued electronic invoice is final; a paper one is final once mailed.
 */
export const INVOICE_TRANSITIONS: Record<
  InvoiceStatus,
  Partial<Record<InvoiceEvent, InvoiceTransition>>
> = {
  requested: {
    issue: { who: 'operator', to: 'issued' },
    reject: { who: 'operator', to: 'rejected' },
  },
  issued: {
    mail: { who: 'operator', to: 'mailed', forms: ['paper'] },
  },
  mailed: {},
  rejected: {},
};

/** The state an event moves a request of a form to, or null when it is refused. */
export function nextInvoiceStatus(
  status: InvoiceStatus,
  event: InvoiceEvent,
  form: InvoiceForm,
): InvoiceStatus | null {
  const transition = INVOICE_TRANSITIONS[status][event];
  if (!transition || (transition.forms && !transition.forms.includes(form))) return null;
  return transition.to;
}

/** Whether a request's amounts count against its orders (every state but `rejected`). */
export const invoiceHolds = (status: InvoiceStatus) => status !== 'rejected';

/** The request accepts no more events in this form: nothing more will happen to it. */
export const invoiceSettled = (status: InvoiceStatus, form: InvoiceForm) =>
  INVOICE_EVENTS.every((event) => nextInvoiceStatus(status, event, form) === null);

// ---- The request ----

const trimmed = () => z.string(err('required')).check(z.trim());
/** A field some requests need and others may leave empty: '' when absent. */
const optionalText = (max: number, tooLong: MessageKey) =>
  z._default(trimmed().check(z.maxLength(max, err(tooLong))), '');
const optionalMatching = (pattern: RegExp, invalid: MessageKey) =>
  z._default(
    trimmed().check(z.refine((text) => text === '' || pattern.test(text), err(invalid))),
    '',
  );

/** An amount to invoice: whole fen, at least one. */
const invoiceAmountSchema = z
  .number(err('invalidValue'))
  .check(
    z.int(err('invalidValue')),
    z.minimum(1, err('invalidValue')),
    z.maximum(Number.MAX_SAFE_INTEGER, err('invalidValue')),
  );

/** One order of a request and the amount of it to invoice (fen). */
export const invoiceItemSchema = z.object({
  orderId: recordIdSchema,
  amountFen: invoiceAmountSchema,
});

/**
 * The fields each kind of request needs beside the title (rules across fields, each reported at
 * the field it names): a VAT special invoice needs the taxpayer number, the tax registration
 * address and phone, the account bank and the bank card; an electronic invoice needs the email it
 * is sent to; a paper one needs whom to mail it to, their phone and the detailed address.
 */
export const INVOICE_REQUIRED_FIELDS = {
  vatSpecial: {
    taxpayerNumber: 'invoiceTaxpayerNumberRequired',
    registeredAddress: 'invoiceRegisteredAddressRequired',
    registeredPhone: 'invoiceRegisteredPhoneRequired',
    bankName: 'invoiceBankNameRequired',
    bankAccount: 'invoiceBankAccountRequired',
  },
  electronic: { email: 'invoiceEmailRequired' },
  paper: {
    recipient: 'invoiceRecipientRequired',
    recipientPhone: 'phoneRequired',
    address: 'invoiceAddressRequired',
  },
} as const satisfies Record<string, Record<string, MessageKey>>;

/**
 * POST busi-invoice/invoice (spec 001 §3, §5 Invoice): the orders and amounts to invoice, the
 * invoice's type and form, the title and the fields its type and form need. A VAT general
 * invoice's taxpayer number may be empty (a person's title has none); when given, it must be one.
 */
export const invoiceApplyBody = z
  .object({
    items: z.array(invoiceItemSchema).check(
      z.minLength(1, err('invoiceOrdersRequired')),
      z.maxLength(INVOICE_ORDERS_MAX, err('invoiceOrdersTooMany')),
      z.refine(
        (items) => new Set(items.map((item) => item.orderId)).size === items.length,
        err('invoiceOrderRepeated'),
      ),
    ),
    type: z.enum(INVOICE_TYPES, err('invalidValue')),
    form: z.enum(INVOICE_FORMS, err('invalidValue')),
    title: trimmed().check(
      z.minLength(1, err('invoiceTitleRequired')),
      z.maxLength(INVOICE_TITLE_MAX, err('invoiceTitleTooLong')),
    ),
    taxpayerNumber: optionalMatching(TAXPAYER_NUMBER_PATTERN, 'invoiceTaxpayerNumberInvalid'),
    /** Spec 001 §5: a valid format. */
    email: optionalMatching(EMAIL_PATTERN, 'emailInvalid'),
    /** Spec 001 §5: the tax registration address, at most 33. */
    registeredAddress: optionalText(
      INVOICE_REGISTERED_ADDRESS_MAX,
      'invoiceRegisteredAddressTooLong',
    ),
    registeredPhone: optionalMatching(INVOICE_PHONE_PATTERN, 'invoicePhoneInvalid'),
    /** Spec 001 §5: the account bank, at most 20. */
    bankName: optionalText(INVOICE_BANK_NAME_MAX, 'invoiceBankNameTooLong'),
    /** Spec 001 §5: the bank card, at most 30. */
    bankAccount: optionalText(INVOICE_BANK_ACCOUNT_MAX, 'invoiceBankAccountTooLong'),
    recipient: optionalText(INVOICE_RECIPIENT_MAX, 'invoiceRecipientTooLong'),
    recipientPhone: optionalMatching(PHONE_PATTERN, 'phoneInvalid'),
    /** Spec 001 §5: the detailed address, at most 33. */
    address: optionalText(INVOICE_ADDRESS_MAX, 'invoiceAddressTooLong'),
  })
  .check(
    z.superRefine((request, ctx) => {
      const needed = {
        ...(request.type === 'vatSpecial' ? INVOICE_REQUIRED_FIELDS.vatSpecial : {}),
        ...INVOICE_REQUIRED_FIELDS[request.form],
      } as Record<string, MessageKey>;
      for (const [field, key] of Object.entries(needed)) {
        if (request[field as keyof typeof request] === '') {
          ctx.addIssue({ code: 'custom', path: [field], message: key });
        }
      }
    }),
  );
export type InvoiceApplyBody = z.input<typeof invoiceApplyBody>;
export type InvoiceApplication = z.output<typeof invoiceApplyBody>;

/** The fields of the request the form fills (all but the items), in the order it shows them. */
export const INVOICE_FIELDS = [
  'title',
  'taxpayerNumber',
  'email',
  'registeredAddress',
  'registeredPhone',
  'bankName',
  'bankAccount',
  'recipient',
  'recipientPhone',
  'address',
] as const satisfies readonly (keyof InvoiceApplication)[];
export type InvoiceField = (typeof INVOICE_FIELDS)[number];

/** POST busi-invoice/qry-list: a page of the console's requests, optionally of one state. */
export const invoiceListBody = z.object({
  ...pageBody,
  status: z.optional(z.enum(INVOICE_STATUSES, err('invalidValue'))),
});
export type InvoiceListBody = z.input<typeof invoiceListBody>;

/** POST busi-invoice/invoiceable: a page of the console's orders with something left. */
export const invoiceableBody = z.object({ ...pageBody });
export type InvoiceableBody = z.input<typeof invoiceableBody>;

/** POST dev/invoices/advance (development only). */
export const devInvoiceAdvanceBody = z.object({
  id: recordIdSchema,
  event: z.enum(INVOICE_EVENTS, err('invalidValue')),
});

// ---- Shapes ----

/** A paid order of the console and what of it can still be invoiced. */
export interface InvoiceableOrder {
  orderId: string;
  orderNumber: string;
  packageName: string;
  packageNameZh: string;
  /** When it was paid (ISO). */
  paidAt: string;
  /** What was paid, what standing requests invoice of it, and what remains (fen). */
  amountFen: Fen;
  invoicedFen: Fen;
  remainingFen: Fen;
}

/** One order of a request. */
export interface InvoiceItem {
  orderId: string;
  orderNumber: string;
  packageName: string;
  packageNameZh: string;
  amountFen: Fen;
}

/** An invoice request as the list shows it (spec 001 §3 Invoice). */
export interface InvoiceRequest {
  id: string;
  /** The request's number: KP, the UTC date as yyyyMMdd, 8 random digits. */
  number: string;
  /** When it was made, yyyy-MM-dd HH:mm:ss UTC. */
  createTime: string;
  type: InvoiceType;
  form: InvoiceForm;
  title: string;
  taxpayerNumber: string;
  email: string;
  registeredAddress: string;
  registeredPhone: string;
  bankName: string;
  bankAccount: string;
  recipient: string;
  recipientPhone: string;
  address: string;
  items: InvoiceItem[];
  /** The invoice's total: the items' amounts (fen). */
  amountFen: Fen;
  /** A paper invoice's courier fee as shown when asked (fen; 0 for an electronic one), paid on delivery. */
  courierFeeFen: Fen;
  status: InvoiceStatus;
  /** Why it was rejected. */
  rejectReason: string | null;
  /** The invoice's number once issued. */
  invoiceNumber: string | null;
  issuedAt: string | null;
  /** The email an electronic invoice was sent to. */
  sentTo: string | null;
  /** The courier's tracking number of a mailed paper invoice. */
  trackingNumber: string | null;
  mailedAt: string | null;
  /** Issued by the development issuer: no real invoice exists (the screen says so). */
  development: boolean;
}

/** busi-invoice/qry-list's answer. */
export interface InvoiceRequestPage extends Page<InvoiceRequest> {
  /**
   * Outside production, the development call (`devInvoiceAdvance`) issues, rejects and mails the
   * console's requests, and the screen offers a tester those moves.
   */
  devAdvance: boolean;
}

export const INVOICE_MESSAGES = {
  invoiceOrdersRequired: {
    en: 'Please choose at least one paid order to invoice',
    zh: '请至少选择一个已支付的订单开票',
  },
  invoiceOrdersTooMany: {
    en: `One invoice can cover at most ${INVOICE_ORDERS_MAX} orders`,
    zh: `一张发票最多包含${INVOICE_ORDERS_MAX}个订单`,
  },
  invoiceOrderRepeated: {
    en: 'An order appears twice in this request',
    zh: '同一订单不能重复开票',
  },
  invoiceTitleRequired: { en: 'Please enter the invoice title', zh: '请输入发票抬头' },
  invoiceTitleTooLong: {
    en: `The invoice title can be at most ${INVOICE_TITLE_MAX} characters`,
    zh: `发票抬头不能超过${INVOICE_TITLE_MAX}个字符`,
  },
  invoiceTaxpayerNumberRequired: {
    en: 'Please enter the taxpayer number',
    zh: '请输入纳税人识别号',
  },
  invoiceTaxpayerNumberInvalid: {
    en: 'The taxpayer number is 15, 17, 18 or 20 digits and capital letters',
    zh: '纳税人识别号应为15、17、18或20位数字或大写字母',
  },
  invoiceEmailRequired: {
    en: 'Please enter the email the electronic invoice is sent to',
    zh: '请输入接收电子发票的邮箱',
  },
  invoiceRegisteredAddressRequired: {
    en: 'Please enter the tax registration address',
    zh: '请输入税务登记地址',
  },
  invoiceRegisteredAddressTooLong: {
    en: `The tax registration address can be at most ${INVOICE_REGISTERED_ADDRESS_MAX} characters`,
    zh: `税务登记地址不能超过${INVOICE_REGISTERED_ADDRESS_MAX}个字符`,
  },
  invoiceRegisteredPhoneRequired: {
    en: 'Please enter the tax registration phone',
    zh: '请输入税务登记电话',
  },
  invoicePhoneInvalid: {
    en: 'Please enter a valid phone number, with the area code for a landline',
    zh: '请输入正确的电话号码，座机请加区号',
  },
  invoiceBankNameRequired: { en: 'Please enter the account bank', zh: '请输入开户银行' },
  invoiceBankNameTooLong: {
    en: `The account bank can be at most ${INVOICE_BANK_NAME_MAX} characters`,
    zh: `开户银行不能超过${INVOICE_BANK_NAME_MAX}个字符`,
  },
  invoiceBankAccountRequired: { en: 'Please enter the bank card number', zh: '请输入银行卡号' },
  invoiceBankAccountTooLong: {
    en: `The bank card number can be at most ${INVOICE_BANK_ACCOUNT_MAX} characters`,
    zh: `银行卡号不能超过${INVOICE_BANK_ACCOUNT_MAX}个字符`,
  },
  invoiceRecipientRequired: {
    en: 'Please enter whom the paper invoice is mailed to',
    zh: '请输入收件人',
  },
  invoiceRecipientTooLong: {
    en: `The recipient can be at most ${INVOICE_RECIPIENT_MAX} characters`,
    zh: `收件人不能超过${INVOICE_RECIPIENT_MAX}个字符`,
  },
  invoiceAddressRequired: {
    en: 'Please enter the detailed address the paper invoice is mailed to',
    zh: '请输入纸质发票的详细邮寄地址',
  },
  invoiceAddressTooLong: {
    en: `The detailed address can be at most ${INVOICE_ADDRESS_MAX} characters`,
    zh: `详细地址不能超过${INVOICE_ADDRESS_MAX}个字符`,
  },
  invoiceOrderNotPaid: {
    en: 'Only paid orders can be invoiced',
    zh: '只能为已支付的订单开票',
  },
  invoiceAmountExceeded: {
    en: 'The amount to invoice is more than what remains to invoice of this order',
    zh: '开票金额超过该订单的可开票金额',
  },
  invoiceNotPossible: {
    en: 'This invoice request cannot be changed that way in its current state',
    zh: '该发票申请当前状态下不能进行此操作',
  },
} as const;

// ---- Examples (the OpenAPI document's and the stories') ----

const electronicExample: InvoiceRequest = {
  id: '12',
  number: 'KP2026120687654321',
  createTime: '2026-12-06 02:15:00',
  type: 'vatGeneral',
  form: 'electronic',
  title: 'Demo Technology Co., Ltd.',
  taxpayerNumber: '91310000MA1FL4XQ3K',
  email: 'finance@demo.example.com',
  registeredAddress: '',
  registeredPhone: '',
  bankName: '',
  bankAccount: '',
  recipient: '',
  recipientPhone: '',
  address: '',
  items: [
    {
      orderId: '41',
      orderNumber: 'DD2026120512345678',
      packageName: 'Enterprise 100',
      packageNameZh: '企业 100 份',
      amountFen: 50_000,
    },
  ],
  amountFen: 50_000,
  courierFeeFen: 0,
  status: 'requested',
  rejectReason: null,
  invoiceNumber: null,
  issuedAt: null,
  sentTo: null,
  trackingNumber: null,
  mailedAt: null,
  development: false,
};

const paperExample: InvoiceRequest = {
  ...electronicExample,
  id: '11',
  number: 'KP2026120511223344',
  createTime: '2026-12-05 09:30:00',
  type: 'vatSpecial',
  form: 'paper',
  email: '',
  registeredAddress: '上海市浦东新区世纪大道100号',
  registeredPhone: '021-61234567',
  bankName: '招商银行上海分行',
  bankAccount: '121909876510201',
  recipient: '王芳',
  recipientPhone: '13800000002',
  address: '上海市浦东新区世纪大道100号20楼',
  items: [
    {
      orderId: '38',
      orderNumber: 'DD2026110187651234',
      packageName: 'Enterprise 500',
      packageNameZh: '企业 500 份',
      amountFen: 200_000,
    },
  ],
  amountFen: 200_000,
  courierFeeFen: PAPER_INVOICE_COURIER_FEE_FEN,
  status: 'mailed',
  invoiceNumber: '24312000000012345678',
  issuedAt: '2026-12-06T01:00:00.000Z',
  trackingNumber: 'SF1402839471203',
  mailedAt: '2026-12-06T08:00:00.000Z',
};

export const INVOICE_EXAMPLES = {
  /** A body of busi-invoice/invoice: an electronic VAT general invoice of one order. */
  applyBody: {
    items: [{ orderId: '41', amountFen: 50_000 }],
    type: 'vatGeneral',
    form: 'electronic',
    title: 'Demo Technology Co., Ltd.',
    taxpayerNumber: '91310000MA1FL4XQ3K',
    email: 'finance@demo.example.com',
  } satisfies InvoiceApplyBody,
  requested: electronicExample,
  issued: {
    ...electronicExample,
    id: '13',
    number: 'KP2026120699887766',
    status: 'issued',
    invoiceNumber: '24312000000087654321',
    issuedAt: '2026-12-06T03:00:00.000Z',
    sentTo: 'finance@demo.example.com',
  } satisfies InvoiceRequest,
  mailed: paperExample,
  rejected: {
    ...electronicExample,
    id: '10',
    number: 'KP2026120455667788',
    createTime: '2026-12-04 08:00:00',
    taxpayerNumber: '91310000MA1FL4XQ3X',
    status: 'rejected',
    rejectReason: 'The taxpayer number does not match the title',
  } satisfies InvoiceRequest,
  invoiceable: [
    {
      orderId: '41',
      orderNumber: 'DD2026120512345678',
      packageName: 'Enterprise 100',
      packageNameZh: '企业 100 份',
      paidAt: '2026-12-05T06:41:10.000Z',
      amountFen: 50_000,
      invoicedFen: 0,
      remainingFen: 50_000,
    },
    {
      orderId: '39',
      orderNumber: 'DD2026112087650001',
      packageName: 'Enterprise 2,000',
      packageNameZh: '企业 2,000 份',
      paidAt: '2026-11-20T02:05:00.000Z',
      amountFen: 600_000,
      invoicedFen: 100_000,
      remainingFen: 500_000,
    },
  ] satisfies InvoiceableOrder[],
};
