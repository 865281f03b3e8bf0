/**
 * Personal real-name verification (spec 000 §2–§8 real-name): phone three-element, face, bank card four-element and manual review, and the operators who decide reviews.
 * Paths, schemas, shapes and messages shared by the server and the web app.
 */
import * as z from 'zod/mini';
import {
  DIGITS_5_30_PATTERN,
  agreementSchema,
  idNumberSchema,
  phoneSchema,
  realNameSchema,
  smsCodeSchema,
} from './validation';

/**
 * The calls of this area, under /api (joined into `PATHS`). The spec's calls sit under
 * blade-user/busi-user; the face result, the applicant's state, the ID photo and the operators'
 * calls are not in the spec: designed here in the same style.
 */
export const REAL_NAME_PATHS = {
  sendMsgForAuth: '/blade-user/busi-user/send-msg-for-auth',
  realNameAuth: '/blade-user/busi-user/auth',
  realNameFaceUrl: '/blade-user/busi-user/get-face-auth-url',
  realNameFaceResult: '/blade-user/busi-user/face-auth-result',
  authByBankcard: '/blade-user/busi-user/auth-by-bankcard',
  artificialAuth: '/blade-user/busi-user/artificial-auth',
  realNameState: '/blade-user/busi-user/real-name-state',
  idPhoto: '/blade-user/busi-user/id-photo',
  operatorReviews: '/blade-user/operator/reviews',
  operatorDecide: '/blade-user/operator/decide',
  /** GET ?status: company verifications by authorisation letter, for operators (`OperatorCompanyReview[]`). */
  operatorCompanyReviews: '/blade-user/operator/company-reviews',
  /** POST `OperatorCompanyDecideInput`: approves or rejects a letter (`OperatorCompanyReview`). */
  operatorCompanyDecide: '/blade-user/operator/company-decide',
} as const;

/** The four ways a person verifies their real name, in the order the index offers them. */
export const REAL_NAME_METHODS = ['phone', 'face', 'bankCard', 'manual'] as const;
export type RealNameMethod = (typeof REAL_NAME_METHODS)[number];

/** The largest ID photo accepted, in bytes (4 MB: a phone camera's photo, not a scan at 600 dpi). */
export const ID_PHOTO_MAX_BYTES = 4 * 1024 * 1024;
/** The image kinds an ID photo may be, judged by its content; svg is made safe before it is kept. */
export const ID_PHOTO_TYPES = ['jpeg', 'png', 'svg'] as const;
export type IdPhotoType = (typeof ID_PHOTO_TYPES)[number];
export const ID_PHOTO_CONTENT_TYPES: Readonly<Record<IdPhotoType, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
};
/** The longest reason an operator gives for rejecting a review. */
export const REVIEW_REASON_MAX = 200;

/**
 * What the development providers accept, so that a tester chooses the outcome: an ID number (or,
 * for the bank card check, a card number) ending in this digit fails; any other passes.
 */
export const DEVELOPMENT_FAILING_DIGIT = '4';

const person = { name: realNameSchema, idNumber: idNumberSchema, agreement: agreementSchema };

/** send-msg-for-auth: the person claimed, checked before the code goes to the account's phone. */
export const realNameCodeSchema = z.object(person);
/** auth: phone three-element — the person, and the code sent to the account's phone. */
export const realNameAuthSchema = z.object({ ...person, code: smsCodeSchema });
/** get-face-auth-url (query): the person whose face is checked; agreement 'true'. */
export const realNameFaceSchema = z.object({
  name: realNameSchema,
  idNumber: idNumberSchema,
  agreement: z.literal('true', { error: 'agreementRequired' }),
});
export const realNameFaceResultSchema = z.object({
  reference: z.string().check(z.minLength(1), z.maxLength(200)),
});
/** auth-by-bankcard: bank card four-element; the phone is the one the bank holds for the card. */
export const bankCardAuthSchema = z.object({
  ...person,
  bankCard: z.string().check(z.trim(), z.regex(DIGITS_5_30_PATTERN, { error: 'bankCardInvalid' })),
  phone: phoneSchema,
});
/** An ID photo as a data URL (`data:<type>;base64,…`); its type is judged by its content. */
export const idPhotoSchema = z.string().check(z.minLength(1, { error: 'idPhotoRequired' }));
/** artificial-auth: manual review with both sides of the ID card. */
export const artificialAuthSchema = z.object({
  ...person,
  front: idPhotoSchema,
  back: idPhotoSchema,
});
export const idPhotoQuerySchema = z.object({
  reviewId: z.coerce.number().check(z.int(), z.positive()),
  side: z.enum(['front', 'back']),
});
export const operatorReviewsQuerySchema = z.object({
  status: z.optional(z.enum(['pending', 'approved', 'rejected'])),
});
export const operatorDecideSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  approve: z.boolean(),
  reason: z.optional(
    z.string().check(z.trim(), z.maxLength(REVIEW_REASON_MAX, { error: 'reviewReasonTooLong' })),
  ),
});

/** Where a company's authorisation letter stands on the operators' screen. */
export const COMPANY_REVIEW_STATUSES = ['pendingReview', 'approved', 'rejected'] as const;
export type CompanyReviewStatus = (typeof COMPANY_REVIEW_STATUSES)[number];
/** company-reviews ?status: pendingReview by default (`pending_review`, the stored spelling, too). */
export const operatorCompanyReviewsQuerySchema = z.object({
  status: z.optional(
    z.pipe(
      z.enum([...COMPANY_REVIEW_STATUSES, 'pending_review']),
      z.transform((value): CompanyReviewStatus =>
        value === 'pending_review' ? 'pendingReview' : value,
      ),
    ),
  ),
});
/** company-decide: approve, or reject with a reason (required then, at most 200 characters). */
export const operatorCompanyDecideSchema = z.object({
  id: z.pipe(
    z.union([
      z.number().check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER)),
      z.string().check(z.regex(/^[1-9]\d{0,15}$/)),
    ]),
    z.transform((value: number | string) => Number(value)),
  ),
  approve: z.boolean(),
  reason: z.optional(
    z.string().check(z.trim(), z.maxLength(REVIEW_REASON_MAX, { error: 'reviewReasonTooLong' })),
  ),
});
export type OperatorCompanyDecideInput = z.input<typeof operatorCompanyDecideSchema>;

export type RealNameCodeInput = z.input<typeof realNameCodeSchema>;
export type RealNameAuthInput = z.input<typeof realNameAuthSchema>;
export type BankCardAuthInput = z.input<typeof bankCardAuthSchema>;
export type ArtificialAuthInput = z.input<typeof artificialAuthSchema>;

export type ReviewStatus = 'pending' | 'approved' | 'rejected';

/** A manual review as its applicant sees it. */
export interface RealNameReview {
  id: number;
  name: string;
  /** The ID number masked (first 3 and last 4 characters): the server never keeps it in clear. */
  idNumber: string;
  status: ReviewStatus;
  /** Why an operator rejected it. */
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** GET real-name-state: where the signed-in person stands, and what the providers are. */
export interface RealNameState {
  verified: boolean;
  /** The verified name ('' until verified). */
  name: string;
  /** The account's phone, masked: where the phone method's code goes. */
  phone: string;
  /** The latest manual review, if any. */
  review: RealNameReview | null;
  /** Whether the user decides reviews (a platform operator). */
  operator: boolean;
  /** Which checks are development providers that check nothing (the page says so). */
  development: { identity: boolean; face: boolean; bankCard: boolean };
  /** Which methods this server offers (face needs a face provider). */
  available: Record<RealNameMethod, boolean>;
}

/** What a successful verification answers. */
export interface RealNameVerified {
  verified: true;
  name: string;
}

/** get-face-auth-url: where the person takes the check. */
export interface RealNameFaceStart {
  url: string;
  reference: string;
  development: boolean;
}

/** face-auth-result: 'pending' until the person has finished the check. */
export type RealNameFaceResult = { status: 'pending' } | ({ status: 'passed' } & RealNameVerified);

/** A review on the operator's screen. */
export interface OperatorReview extends RealNameReview {
  /** The applicant's phone, masked. */
  phone: string;
  userId: number;
}

/** A company verification by authorisation letter on the operators' screen. */
export interface OperatorCompanyReview {
  /** The application's id (as `CompanyAuthApplication.id`). */
  id: string;
  /** A company, or an individual business. */
  kind: 'company' | 'business';
  companyName: string;
  creditCode: string;
  /** The legal representative's name. */
  legalName: string;
  /** The applicant's verified real name. */
  applicantName: string;
  /** The applicant's phone, masked. */
  applicantPhone: string;
  /** The letter's kind, to show it (PDF in a frame, images inline); null when it was removed. */
  letterType: 'pdf' | 'jpeg' | 'png' | null;
  status: CompanyReviewStatus;
  /** Why an operator rejected it. */
  reason: string | null;
  /** When the letter was submitted (the application's last change before the decision). */
  submittedAt: string;
  reviewedAt: string | null;
  /** The company made on approval. */
  companyId: number | null;
}

/** The messages of this area in English and Chinese (joined into `MESSAGES` by index.ts). */
export const REAL_NAME_MESSAGES = {
  realNameAlreadyVerified: {
    en: 'Your real name is already verified',
    zh: '您已完成实名认证',
  },
  realNameIdTaken: {
    en: 'This ID number has already verified another account',
    zh: '该证件号码已认证其他账号',
  },
  realNameIdentityMismatch: {
    en: 'The name, ID number and phone number do not belong together',
    zh: '姓名、证件号码与手机号不一致',
  },
  realNameBankCardMismatch: {
    en: 'The name, ID number, bank card and phone number do not belong together',
    zh: '姓名、证件号码、银行卡号与手机号不一致',
  },
  realNameAttemptsExceeded: {
    en: 'Too many verification attempts; please try again tomorrow',
    zh: '认证尝试次数过多，请明天再试',
  },
  realNameReviewsExceeded: {
    en: 'Too many reviews submitted; please try again tomorrow',
    zh: '提交审核次数过多，请明天再试',
  },
  realNameReviewPending: {
    en: 'Your manual review is waiting for an operator',
    zh: '您的人工审核正在等待审核',
  },
  realNameMethodUnavailable: {
    en: 'This verification method is not available here; please choose another',
    zh: '此认证方式暂不可用，请选择其他方式',
  },
  bankCardInvalid: { en: 'The bank card number is 5-30 digits', zh: '银行卡号须为 5-30 位数字' },
  idPhotoRequired: {
    en: 'Please upload the front and back of your ID card',
    zh: '请上传身份证正面和反面照片',
  },
  idPhotoType: {
    en: 'ID photos only support JPG, JPEG, PNG and SVG images',
    zh: '证件照片仅支持 JPG、JPEG、PNG、SVG 格式',
  },
  idPhotoSize: { en: 'An ID photo cannot exceed 4MB', zh: '证件照片不能超过 4MB' },
  operatorOnly: {
    en: 'Only platform operators can review real-name applications',
    zh: '仅平台运营人员可审核实名申请',
  },
  reviewReasonRequired: {
    en: 'Please give the reason for the rejection',
    zh: '请填写驳回原因',
  },
  reviewReasonTooLong: {
    en: 'The reason is at most 200 characters',
    zh: '原因不能超过 200 个字符',
  },
  companyReviewDecided: {
    en: 'This company verification has already been decided',
    zh: '该企业认证已处理',
  },
  reviewDecided: {
    en: 'This review has already been decided',
    zh: '该审核已处理',
  },
} as const satisfies Record<string, { en: string; zh: string }>;
