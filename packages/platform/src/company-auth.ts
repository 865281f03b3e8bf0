/**
 * Company real-name verification (spec 000 §7 real-name, busi-company): company checks, the legal representative's confirmation, micro-payment, authorisation letter and company face check.
 * Paths, schemas, shapes and messages shared by the server and the web app.
 *
 * A real-name-verified person begins an application (company name, credit code, legal
 * representative); it stays `pending` until one method succeeds — the legal representative's SMS
 * code, the micro-payment amount backfilled (three wrong amounts end it: `failed`), the legal
 * representative's face check — or, for the authorisation letter, until a platform operator
 * decides it (`pendingReview`). On approval the company exists (authStatus 1) with the applicant as
 * its system administrator; until then it is in no company list.
 */
import * as z from 'zod/mini';
import type { MessageKey } from './messages';
import { recordIdSchema } from './paging';
import {
  CREDIT_CODE_PATTERN,
  DIGITS_5_30_PATTERN,
  phoneSchema,
  realNameSchema,
  smsCodeSchema,
  transferAmountSchema,
} from './validation';

const err = (key: MessageKey) => ({ error: key });

/** The calls of this area, under /api (joined into `PATHS`). */
export const COMPANY_AUTH_PATHS = {
  /** POST `CompanyNameBody`: is a company of that name verified on the platform (`CompanyCheck`). */
  checkCompany: '/blade-user/busi-company/check-company',
  /** POST `CompanyInfoBody`: checks the details before beginning (`CompanyInfoValid`). */
  validateCompanyInfo: '/blade-user/busi-company/validate-company-info',
  /** POST `CompanyInfoBody`: begins an application, pending (`CompanyAuthApplication`). */
  beginCompanyAuth: '/blade-user/busi-company/begin-company-auth',
  /** GET ?id: one of the user's applications (`CompanyAuthApplication`). */
  enterpriseInfo: '/blade-user/busi-company/get-enterprise-info',
  /** GET: the user's applications, newest first, approved ones naming their company (`CompanyAuthApplication[]`). */
  companyAuthList: '/blade-user/busi-company/get-company-list',
  /** POST `CompanyLegalAuthBody`: legal representative method: the code goes to their phone (`CompanyCodeSentTo`). */
  companyLegalAuth: '/blade-user/busi-company/company-legal-auth',
  /** POST `CompanyAuthIdBody`: sends the legal representative a new code (`CompanyCodeSentTo`). */
  sendMsgForCompanyAuth: '/blade-user/busi-company/send-msg-for-company-auth',
  /** POST `CompanyAuthByLegalBody`: the code the legal representative received: approves (`CompanyAuthApplication`). */
  companyAuthByLegal: '/blade-user/busi-company/company-auth-by-legal',
  /** POST `MicroPaymentBody`: the platform pays a small random amount to the company's account (`MicroPaymentSent`). */
  applyMicroPayment: '/blade-user/busi-company/apply-micro-payment',
  /** POST `MicroPaymentAmountBody`: the amount received: approves, or counts one of three attempts. */
  companyAuthByMicroPayment: '/blade-user/busi-company/company-auth-by-micro-payment',
  /** GET ?id: starts the legal representative's face check (`CompanyFaceStarted`). */
  companyFaceAuthUrl: '/blade-user/busi-company/get-face-auth-url',
  /** GET ?id: how the face check stands; passed approves (`CompanyAuthApplication`). */
  companyFaceAuthResult: '/blade-user/busi-company/face-auth-result',
  /** POST `CertificateBody`: the signed authorisation letter, for an operator's review (`CompanyAuthApplication`). */
  certificateAuth: '/blade-user/busi-company/certificate-auth',
  /** GET ?id: the letter the applicant uploaded (its own bytes; only to its applicant). */
  certificateLetter: '/blade-user/busi-company/certificate-letter',
  /** POST `CompanyAuthIdBody`: withdraws an unfinished application. */
  removeConnect: '/blade-user/busi-company/remove-connect',
  /** GET: the banks a micro-payment can go to (`BankOption[]`). */
  bankDropDown: '/blade-system/bankcode/dropDownList',
  /** GET ?reference: the development payment provider's record of a transfer (development only). */
  devPayment: '/dev/payment',
} as const;

/** The SMS purpose of the code sent to a legal representative. */
export const COMPANY_AUTH_CODE_PURPOSE = 'company-auth';
export type CompanyAuthCodePurpose = typeof COMPANY_AUTH_CODE_PURPOSE;

/** Wrong micro-payment amounts an application survives: the third ends it. */
export const MICRO_PAYMENT_MAX_TRIES = 3;
/** When the transfer is expected to arrive, in hours (spec 000 §8). */
export const MICRO_PAYMENT_EXPECTED_HOURS = 2;
/** The largest authorisation letter, in bytes. */
export const LETTER_MAX_BYTES = 8 * 1024 * 1024;
export const LETTER_TYPES = ['pdf', 'jpeg', 'png'] as const;
export type LetterType = (typeof LETTER_TYPES)[number];
export const LETTER_CONTENT_TYPES: Readonly<Record<LetterType, string>> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** What is verified: a company, or an individual business (credit code starting 92). */
export const COMPANY_AUTH_KINDS = ['company', 'business'] as const;
export type CompanyAuthKind = (typeof COMPANY_AUTH_KINDS)[number];
export const COMPANY_AUTH_METHODS = ['legal', 'payment', 'letter', 'face'] as const;
export type CompanyAuthMethod = (typeof COMPANY_AUTH_METHODS)[number];
/**
 * pending: begun, no method has succeeded yet; pendingReview: the letter waits for an operator;
 * approved: the company exists; rejected: an operator refused the letter; failed: three wrong
 * micro-payment amounts; withdrawn: the applicant withdrew it.
 */
export type CompanyAuthStatus =
  'pending' | 'pendingReview' | 'approved' | 'rejected' | 'failed' | 'withdrawn';

export interface CompanyAuthApplication {
  id: string;
  kind: CompanyAuthKind;
  companyName: string;
  creditCode: string;
  legalName: string;
  /** The legal representative's phone, masked (138****0002); '' before the legal method. */
  legalPhone: string;
  method: CompanyAuthMethod | null;
  status: CompanyAuthStatus;
  /** The micro-payment: the bank, the account masked, wrong amounts left; null before applying. */
  payment: {
    bankName: string;
    account: string;
    attemptsLeft: number;
    /** Paid by the development provider: no money moved, and `devReference` reads its amount. */
    development: boolean;
    devReference: string | null;
  } | null;
  /** Whether a signed letter is uploaded. */
  letter: boolean;
  /** An operator's reason, when rejected. */
  reason: string | null;
  /** The company, once approved. */
  companyId: number | null;
  createdAt: string;
}

export interface CompanyCheck {
  /** A verified company of that name is on the platform: offer to apply to join it. */
  exists: boolean;
  companyId: string | null;
}

export interface CompanyInfoValid {
  valid: true;
}

export interface CompanyCodeSentTo {
  resendAfter: number;
  expiresIn: number;
  /** The legal representative's phone, masked. */
  phone: string;
}

export interface MicroPaymentSent {
  application: CompanyAuthApplication;
  expectedHours: number;
  /** True when no money moved (the development provider): the client says so. */
  development: boolean;
  /** The development provider's reference, to read the amount at `devPayment` (null otherwise). */
  devReference: string | null;
}

export interface CompanyFaceStarted {
  url: string;
  development: boolean;
}

export interface BankOption {
  /** The bank's code (its CNAPS head-office code's bank abbreviation). */
  code: string;
  name: string;
  nameZh: string;
}

/** What the development payment provider recorded of a transfer. */
export interface DevPayment {
  amount: string;
  bankCode: string;
  account: string;
}

const companyName = z
  .string(err('companyNameRequired'))
  .check(
    z.trim(),
    z.minLength(1, err('companyNameRequired')),
    z.maxLength(100, err('companyNameTooLong')),
  );

export const companyNameBody = z.object({ companyName });
export type CompanyNameBody = z.input<typeof companyNameBody>;

/** An individual business's unified social credit code: 18 characters beginning 92. */
export const BUSINESS_CREDIT_CODE = /^92/;

export const companyInfoBody = z
  .object({
    kind: z.optional(z.enum(COMPANY_AUTH_KINDS, err('invalidValue'))),
    companyName,
    creditCode: z
      .string(err('creditCodeInvalid'))
      .check(z.trim(), z.toUpperCase(), z.regex(CREDIT_CODE_PATTERN, err('creditCodeInvalid'))),
    legalName: realNameSchema,
  })
  .check(
    z.superRefine((value, ctx) => {
      if (
        value.kind === 'business' &&
        !(value.creditCode.length === 18 && BUSINESS_CREDIT_CODE.test(value.creditCode))
      ) {
        ctx.addIssue({
          code: 'custom',
          input: value.creditCode,
          path: ['creditCode'],
          message: 'businessCreditCodeInvalid',
        });
      }
    }),
  );
export type CompanyInfoBody = z.input<typeof companyInfoBody>;

export const companyAuthIdBody = z.object({ id: recordIdSchema });
export type CompanyAuthIdBody = z.input<typeof companyAuthIdBody>;
export const companyAuthIdQuery = z.object({ id: recordIdSchema });

export const companyLegalAuthBody = z.object({
  id: recordIdSchema,
  legalPhone: phoneSchema,
});
export type CompanyLegalAuthBody = z.input<typeof companyLegalAuthBody>;

export const companyAuthByLegalBody = z.object({
  id: recordIdSchema,
  code: smsCodeSchema,
});
export type CompanyAuthByLegalBody = z.input<typeof companyAuthByLegalBody>;

export const microPaymentBody = z.object({
  id: recordIdSchema,
  bankCode: z
    .string(err('bankRequired'))
    .check(z.trim(), z.regex(/^[A-Z]{2,12}$/, err('bankRequired'))),
  bankAccount: z.string(err('bankAccountInvalid')).check(
    z.trim(),
    z.overwrite((text: string) => text.replace(/\s+/g, '')),
    z.regex(DIGITS_5_30_PATTERN, err('bankAccountInvalid')),
  ),
});
export type MicroPaymentBody = z.input<typeof microPaymentBody>;

export const microPaymentAmountBody = z.object({
  id: recordIdSchema,
  amount: transferAmountSchema,
});
export type MicroPaymentAmountBody = z.input<typeof microPaymentAmountBody>;

export const certificateBody = z.object({
  id: recordIdSchema,
  /** The signed letter as a data URL (PDF, JPEG or PNG, judged by its content). */
  letter: z.string(err('letterInvalid')).check(z.minLength(1, err('letterInvalid'))),
});
export type CertificateBody = z.input<typeof certificateBody>;

export const devPaymentQuery = z.object({
  reference: z.string().check(z.regex(/^[A-Za-z0-9_-]{24}$/)),
});

/** The amount in cents a transfer amount text stands for ('0.5' → 50). */
export function amountCents(text: string): number {
  return Math.round(Number(text.trim()) * 100);
}

/** The messages of this area in English and Chinese (joined into `MESSAGES` by index.ts). */
export const COMPANY_AUTH_MESSAGES = {
  companyAuthNameTaken: {
    en: 'This company is already verified on the platform: apply to join it instead',
    zh: '该企业已在平台完成认证，请申请加入该企业',
  },
  companyAuthCreditCodeTaken: {
    en: 'This unified social credit code is already verified on the platform',
    zh: '该统一社会信用代码已在平台完成认证',
  },
  companyAuthOpen: {
    en: 'You have an unfinished company verification: continue it or withdraw it first',
    zh: '您有未完成的企业认证，请继续认证或先撤回',
  },
  companyAuthNotFound: { en: 'No such company verification', zh: '没有该企业认证记录' },
  companyAuthFinished: {
    en: 'This company verification is already finished',
    zh: '该企业认证已结束',
  },
  companyAuthInReview: {
    en: 'The authorisation letter is being reviewed: wait for the result or withdraw it',
    zh: '授权书正在审核中，请等待结果或撤回',
  },
  companyAuthMethodFirst: {
    en: 'Start this verification method first',
    zh: '请先发起该认证方式',
  },
  paymentAttemptsExceeded: {
    en: 'Payment attempts exceeded three times, return home and re-authenticate',
    zh: '打款验证已超过三次，请返回首页重新认证',
  },
  paymentAmountWrong: {
    en: 'The amount does not match the transfer',
    zh: '金额与打款金额不一致',
  },
  paymentTransferFailed: {
    en: 'The transfer to this account failed: check the bank and the account number',
    zh: '向该账户打款失败，请检查开户银行和账号',
  },
  paymentUnavailable: {
    en: 'Micro-payment verification is not available here; choose another method',
    zh: '暂不支持打款认证，请选择其他认证方式',
  },
  bankRequired: { en: 'Please choose the bank', zh: '请选择开户银行' },
  bankAccountInvalid: {
    en: 'Enter the company’s bank account number: 5 to 30 digits',
    zh: '请输入企业对公账号（5 至 30 位数字）',
  },
  businessCreditCodeInvalid: {
    en: 'An individual business’s unified social credit code has 18 characters and begins with 92',
    zh: '个体工商户的统一社会信用代码为 18 位，以 92 开头',
  },
  letterInvalid: {
    en: 'Upload the signed letter as a PDF, JPG or PNG file of at most 8 MB',
    zh: '请上传签章后的授权书：PDF、JPG 或 PNG 文件，不超过 8 MB',
  },
  companyAuthTooMany: {
    en: 'Too many attempts: please try again later',
    zh: '操作过于频繁，请稍后再试',
  },
} as const satisfies Record<string, { en: string; zh: string }>;
