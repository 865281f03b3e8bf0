/**
 * Seals as managed assets (spec 001 §3 Seal, §5 Seal, §6, §9; spec 000 §3, §6): a person's own
 * seals and signatures, a company's seals with their statuses and authorisations, and the phone
 * handwriting that a desktop's QR code opens. Paths, schemas, shapes, rules and messages shared by
 * the server and the web app.
 *
 * - A **personal seal** belongs to one person: drawn by hand (on the desktop, or on a phone through
 *   a QR code valid `SEAL_QR_TTL_SECONDS`), made from a template (a square name seal of 2–4
 *   characters or an oblong one, red), or uploaded (PNG/JPEG ≤ 2 MB, white made transparent). One
 *   is the default. A seal that signed contracts is never deleted: removing it marks it disused.
 * - A **company seal** belongs to a verified company: made from a template (drawn by the server),
 *   uploaded or handwritten. Made by the administrator it is `normal` at once; made by anyone else
 *   (a seal manager) it is `pending` until the administrator approves (or rejects, with a reason).
 * - An **authorisation** lets staff use (or manage) a company seal: all staff or one member, for
 *   all contracts or one template's, from a start date to an end date (calendar days in China's
 *   time, both included). The company's system administrator may use every normal seal without
 *   one: they are the one who grants them.
 * - **Signing** offers exactly the seals a signer may use for that contract that day
 *   (seal/listContractSeal) and refuses any other.
 */
import * as z from 'zod/mini';
import type { MessageKey } from './messages';
import { pageQuery, recordIdSchema, recordIdsSchema } from './paging';

const err = (key: MessageKey) => ({ error: key });

/** The calls of this area, under /api (joined into `PATHS`). */
export const SEAL_PATHS = {
  // ---- Personal seals (signedIn, real name verified) ----
  /** GET: the person's seals, the default first (`PersonalSeal[]`). */
  personalSealList: '/sicpay-seal/personal-seal/list',
  /** GET `?shape` : the PNG the template would draw with the person's verified name. */
  personalSealPreview: '/sicpay-seal/personal-seal/preview',
  /** POST `PersonalSealCreateBody`: makes a seal (`PersonalSeal`). */
  personalSealCreate: '/sicpay-seal/personal-seal/create',
  /** POST `{ id, name }`: renames one of the person's seals. */
  personalSealRename: '/sicpay-seal/personal-seal/rename',
  /** POST `{ id }`: makes it the default seal. */
  personalSealSetDefault: '/sicpay-seal/personal-seal/set-default',
  /** POST `{ id }`: deletes it, or marks it disused when it signed contracts (`SealRemoved`). */
  personalSealRemove: '/sicpay-seal/personal-seal/remove',
  /** POST: a QR ticket for handwriting on a phone, valid 3 minutes (`HandwriteTicket`). */
  handwriteTicketCreate: '/sicpay-seal/personal-seal/handwrite-ticket',
  /** GET `?ticket`: whether the phone has drawn yet (`HandwriteTicketState`); the desktop polls it. */
  handwriteTicketState: '/sicpay-seal/personal-seal/handwrite-state',

  // ---- Phone handwriting, without a session: the ticket is the right ----
  /** GET `?ticket` (public): whose signature the phone is drawing (`HandwriteTicketInfo`). */
  handwriteTicketInfo: '/sicpay-seal/nologin/handwrite/info',
  /** POST `{ ticket, image }` (public): the drawing becomes the ticket owner's seal; once. */
  handwriteTicketSubmit: '/sicpay-seal/nologin/handwrite/submit',

  // ---- Company seals (the session's company console) ----
  /** GET `SealPageQuery` (seal:view): the company's seals (`Page<CompanySeal>`). */
  companySealPage: '/sicpay-seal/seal/page',
  /** GET `?id` (seal:view): one seal with its authorisations (`CompanySealDetail`). */
  companySealDetail: '/sicpay-seal/seal/detail',
  /** POST `CompanySealPreviewBody` (seal:add): the PNG a template would draw, for the form. */
  companySealPreview: '/sicpay-seal/seal/preview-template',
  /** POST `CompanySealCreateBody` (seal:add): makes a seal, pending unless the admin made it. */
  companySealCreate: '/sicpay-seal/seal/create',
  /** POST `CompanySealUpdateBody` (seal:edit): renames, retypes or redraws a seal. */
  companySealUpdate: '/sicpay-seal/seal/update',
  /** POST `CompanySealStatusBody`: approve/reject (administrator), disuse/enable (seal:edit). */
  companySealStatus: '/sicpay-seal/seal/status',
  /** POST `{ id }` (seal:delete): deletes, or marks disused when it signed contracts (`SealRemoved`). */
  companySealRemove: '/sicpay-seal/seal/remove',
  /** POST `SealAuthorizeBody` (seal:authorize): authorises staff (`SealAuthorization[]`). */
  companySealAuthorize: '/sicpay-seal/seal/authorize',
  /** POST `SealReauthorizeBody` (seal:authorize): new dates for an authorisation. */
  companySealReauthorize: '/sicpay-seal/seal/reauthorize',
  /** POST `{ id }` (seal:authorize): withdraws an authorisation. */
  companySealRevoke: '/sicpay-seal/seal/revoke-authorization',
  /** GET (signedIn, company console): the authorisations the session's member holds (`SealAuthorization[]`). */
  mySealAuthorizations: '/sicpay-seal/seal/my-authorizations',

  /** GET `?id` (signedIn): a seal's PNG, to its owner, its company's members and its signers. */
  sealImage: '/sicpay-seal/seal/image',
} as const;

// ---- Constants (spec 001 §9) ----

/** The largest uploaded or handwritten seal image, in bytes (2 MB). */
export const SEAL_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The largest uploaded image in pixels, width × height: a bigger one is refused before decoding. */
export const SEAL_IMAGE_MAX_PIXELS = 25_000_000;
/** The longest side of a stored uploaded or handwritten seal (it is scaled down to this). */
export const SEAL_IMAGE_MAX_SIDE = 1200;
/** How long a handwriting QR code is valid. */
export const SEAL_QR_TTL_SECONDS = 180;
/** A seal's name, at most. */
export const SEAL_NAME_MAX = 20;
/** The text of a template seal (company name, horizontal text, below text), at most. */
export const SEAL_TEXT_MAX = 40;
/** An authorisation "expires soon" this many days before its end date (inclusive). */
export const SEAL_EXPIRING_DAYS = 7;
/** A person's seals, at most (disused ones included). */
export const PERSONAL_SEAL_LIMIT = 20;
/** The calendar that authorisation dates are counted in. */
export const SEAL_TIME_ZONE = 'Asia/Shanghai';

// ---- Kinds ----

/** How a seal was made. */
export const SEAL_MAKE_WAYS = ['template', 'upload', 'handwrite'] as const;
export type SealMakeWay = (typeof SEAL_MAKE_WAYS)[number];

/** A personal seal's template: a square name seal of 2–4 characters, or an oblong one. */
export const PERSONAL_SEAL_SHAPES = ['square', 'oblong'] as const;
export type PersonalSealShape = (typeof PERSONAL_SEAL_SHAPES)[number];

/**
 * A company seal's type (spec 001 §3): corporate seal (公章), contract seal (合同专用章), invoice
 * seal (发票专用章), finance seal (财务专用章), other; and the legal representative's square seal
 * (法定代表人章, seal-add-legal).
 */
export const COMPANY_SEAL_TYPES = [
  'corporate',
  'contract',
  'invoice',
  'finance',
  'other',
  'legal',
] as const;
export type CompanySealType = (typeof COMPANY_SEAL_TYPES)[number];

/** The names of the types, as the pages and the seals' own horizontal text say them. */
export const COMPANY_SEAL_TYPE_NAMES: Readonly<
  Record<CompanySealType, { en: string; zh: string }>
> = {
  corporate: { en: 'Corporate seal', zh: '公章' },
  contract: { en: 'Contract seal', zh: '合同专用章' },
  invoice: { en: 'Invoice seal', zh: '发票专用章' },
  finance: { en: 'Finance seal', zh: '财务专用章' },
  other: { en: 'Other seal', zh: '其他印章' },
  legal: { en: 'Legal representative seal', zh: '法定代表人章' },
};

/** The colours a template seal is drawn in. */
export const SEAL_COLOURS = ['red', 'blue', 'black'] as const;
export type SealColour = (typeof SEAL_COLOURS)[number];
/** The ink of each colour (red: the stamp pad's). */
export const SEAL_INKS: Readonly<Record<SealColour, string>> = {
  red: '#d4242b',
  blue: '#1f4fbf',
  black: '#1a1a1a',
};

/**
 * A seal's status (spec 000 §3): `normal` (usable), `pending` (awaiting the administrator's
 * approval), `disuse` (kept for the contracts it signed, no longer offered), `rejected` (with the
 * administrator's reason).
 */
export const SEAL_STATUSES = ['normal', 'pending', 'disuse', 'rejected'] as const;
export type SealStatus = (typeof SEAL_STATUSES)[number];

/** What an authorisation allows: stamping with the seal, or managing it (edit, authorise others). */
export const SEAL_RIGHTS = ['use', 'manage'] as const;
export type SealRight = (typeof SEAL_RIGHTS)[number];

/** Whom an authorisation covers: every member of the company, or the members named. */
export const SEAL_STAFF_RANGES = ['all', 'specified'] as const;
export type SealStaffRange = (typeof SEAL_STAFF_RANGES)[number];

/** Which contracts an authorisation covers: all, or those made from one template. */
export const SEAL_CONTRACT_RANGES = ['all', 'template'] as const;
export type SealContractRange = (typeof SEAL_CONTRACT_RANGES)[number];

/**
 * Where an authorisation stands on a day: `notYetEffective` (before its start), `normal`,
 * `expiringSoon` (its last `SEAL_EXPIRING_DAYS` days), `expired` (after its end). Withdrawn ones
 * are gone.
 */
export const SEAL_AUTHORIZATION_STATES = [
  'notYetEffective',
  'normal',
  'expiringSoon',
  'expired',
] as const;
export type SealAuthorizationState = (typeof SEAL_AUTHORIZATION_STATES)[number];

// ---- Rules as functions ----

/** A day as yyyy-MM-dd in `SEAL_TIME_ZONE`: the calendar authorisation dates are counted in. */
export function sealDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: SEAL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Days from `from` to `to` (yyyy-MM-dd each): 0 on the same day, negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Where an authorisation from `startDate` to `endDate` (both included) stands on `today`. */
export function sealAuthorizationState(
  authorization: { startDate: string; endDate: string },
  today: string,
): SealAuthorizationState {
  if (today < authorization.startDate) return 'notYetEffective';
  if (today > authorization.endDate) return 'expired';
  return daysBetween(today, authorization.endDate) < SEAL_EXPIRING_DAYS ? 'expiringSoon' : 'normal';
}

/** Whether an authorisation in this state lets its holder use the seal today. */
export function authorizationAllows(state: SealAuthorizationState): boolean {
  return state === 'normal' || state === 'expiringSoon';
}

// ---- Answers ----

/** A person's seal (/user-center/seal). */
export interface PersonalSeal {
  id: string;
  name: string;
  makeWay: SealMakeWay;
  /** The template's shape, for a template seal. */
  shape: PersonalSealShape | null;
  /** `normal`, or `disuse` once removed after signing contracts. */
  status: 'normal' | 'disuse';
  default: boolean;
  /** The PNG's link under /api (fetched with the session). */
  imageUrl: string;
  width: number;
  height: number;
  /** How many signatures it made. */
  usedCount: number;
  /** yyyy-MM-dd HH:mm:ss UTC */
  createdAt: string;
}

/** A company's seal (/enterprise-console/seal). */
export interface CompanySeal {
  id: string;
  name: string;
  makeWay: SealMakeWay;
  type: CompanySealType;
  colour: SealColour;
  /** The text across the middle (under the star), for a template seal. */
  horizontalText: string;
  /** The text along the bottom (the registration or tax number), for a template seal. */
  belowText: string;
  /** Drawn with the worn edges of a seal long in use. */
  aged: boolean;
  status: SealStatus;
  /** Why the administrator rejected it, for `rejected`. */
  rejectReason: string;
  imageUrl: string;
  width: number;
  height: number;
  usedCount: number;
  /** Who made it. */
  createdBy: { id: string; name: string };
  /** yyyy-MM-dd HH:mm:ss UTC */
  createdAt: string;
  /** Whether the session may edit, authorise, delete it and approve it (for the page's buttons). */
  can: { edit: boolean; authorize: boolean; remove: boolean; approve: boolean };
}

/** An authorisation of a company seal. */
export interface SealAuthorization {
  id: string;
  sealId: string;
  sealName: string;
  right: SealRight;
  staffRange: SealStaffRange;
  /** The member authorised, for `specified`. */
  grantee: { id: string; name: string; phone: string } | null;
  contractRange: SealContractRange;
  /** The template, for `template`. */
  template: { id: string; name: string } | null;
  /** yyyy-MM-dd, both included */
  startDate: string;
  endDate: string;
  /** On the server's day. */
  state: SealAuthorizationState;
  grantedBy: { id: string; name: string };
  /** yyyy-MM-dd HH:mm:ss UTC */
  grantedAt: string;
}

/** seal/detail: a seal and its authorisations. */
export interface CompanySealDetail extends CompanySeal {
  authorizations: SealAuthorization[];
}

/** What removing a seal did: deleted, or kept as disused because it signed contracts. */
export interface SealRemoved {
  outcome: 'deleted' | 'disused';
}

/** The desktop's QR code for handwriting on a phone. */
export interface HandwriteTicket {
  ticket: string;
  /** The phone's page, a path of the web app (`/seal-handwrite?ticket=…`) the QR code holds with the origin. */
  path: string;
  /** ISO 8601 */
  expiresAt: string;
}

/** Whether the phone has drawn: `waiting`, `done` (with the seal made), `expired`. */
export interface HandwriteTicketState {
  status: 'waiting' | 'done' | 'expired';
  seal: PersonalSeal | null;
}

/** What the phone's page shows before drawing. */
export interface HandwriteTicketInfo {
  /** The owner's name, as verified. */
  name: string;
  /** ISO 8601 */
  expiresAt: string;
}

// ---- Bodies and queries ----

const trimmed = () => z.string(err('required')).check(z.trim());
const sealName = () =>
  trimmed().check(
    z.minLength(1, err('sealNameRequired')),
    z.maxLength(SEAL_NAME_MAX, err('sealNameTooLong')),
  );
const sealText = () =>
  z._default(trimmed().check(z.maxLength(SEAL_TEXT_MAX, err('sealTextTooLong'))), '');
/** An image in a JSON body: PNG or JPEG bytes in base64 (no data: prefix), checked by the server. */
const imageBase64 = () =>
  z.string(err('sealImageRequired')).check(
    z.minLength(1, err('sealImageRequired')),
    // 2 MB of bytes is at most this much base64; the server checks the decoded size exactly.
    z.maxLength(Math.ceil(SEAL_IMAGE_MAX_BYTES / 3) * 4 + 4, err('sealImageTooLarge')),
  );
const day = () =>
  z
    .string(err('sealAuthTimeRequired'))
    .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, err('sealAuthTimeRequired')));

/**
 * POST personal-seal/create: `template` (the verified name in a square or oblong seal), or an image
 * (`upload`: a PNG/JPEG chosen by the person; `handwrite`: the PNG of the drawing pad).
 */
export const personalSealCreateBody = z.object({
  name: sealName(),
  makeWay: z.enum(SEAL_MAKE_WAYS, err('invalidValue')),
  shape: z.optional(z.enum(PERSONAL_SEAL_SHAPES, err('invalidValue'))),
  image: z.optional(imageBase64()),
  /** Make it the default seal (the first seal always is). */
  makeDefault: z._default(z.boolean(), false),
});
export type PersonalSealCreateBody = z.input<typeof personalSealCreateBody>;

export const personalSealPreviewQuery = z.object({
  shape: z.enum(PERSONAL_SEAL_SHAPES, err('invalidValue')),
});

export const sealIdBody = z.object({ id: recordIdSchema });
export type SealIdBody = z.input<typeof sealIdBody>;
export const sealIdQuery = z.object({ id: recordIdSchema });

export const sealRenameBody = z.object({ id: recordIdSchema, name: sealName() });
export type SealRenameBody = z.input<typeof sealRenameBody>;

export const handwriteTicketQuery = z.object({
  ticket: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,64}$/, err('sealQrExpired'))),
});
export const handwriteSubmitBody = z.object({
  ticket: handwriteTicketQuery.shape.ticket,
  image: imageBase64(),
});
export type HandwriteSubmitBody = z.input<typeof handwriteSubmitBody>;

export const sealPageQuery = z.object({
  ...pageQuery,
  name: z._default(z.string().check(z.trim(), z.maxLength(SEAL_NAME_MAX)), ''),
  status: z.optional(z.enum(SEAL_STATUSES, err('invalidValue'))),
  type: z.optional(z.enum(COMPANY_SEAL_TYPES, err('invalidValue'))),
});
export type SealPageQuery = z.input<typeof sealPageQuery>;

/** What a company template seal is drawn from (the company's name comes from the session's company). */
export const companySealDrawing = {
  type: z.enum(COMPANY_SEAL_TYPES, err('sealTypeRequired')),
  colour: z._default(z.enum(SEAL_COLOURS, err('invalidValue')), 'red'),
  horizontalText: sealText(),
  belowText: sealText(),
  aged: z._default(z.boolean(), false),
};

export const companySealPreviewBody = z.object(companySealDrawing);
export type CompanySealPreviewBody = z.input<typeof companySealPreviewBody>;

export const companySealCreateBody = z.object({
  name: sealName(),
  makeWay: z.enum(SEAL_MAKE_WAYS, err('invalidValue')),
  ...companySealDrawing,
  /** For `upload` and `handwrite`. */
  image: z.optional(imageBase64()),
});
export type CompanySealCreateBody = z.input<typeof companySealCreateBody>;

export const companySealUpdateBody = z.object({
  id: recordIdSchema,
  name: sealName(),
  ...companySealDrawing,
});
export type CompanySealUpdateBody = z.input<typeof companySealUpdateBody>;

export const SEAL_STATUS_ACTIONS = ['approve', 'reject', 'disuse', 'enable'] as const;
export type SealStatusAction = (typeof SEAL_STATUS_ACTIONS)[number];
export const SEAL_REJECT_REASON_MAX = 200;
export const companySealStatusBody = z.object({
  id: recordIdSchema,
  action: z.enum(SEAL_STATUS_ACTIONS, err('invalidValue')),
  reason: z._default(
    trimmed().check(z.maxLength(SEAL_REJECT_REASON_MAX, err('sealRejectReasonTooLong'))),
    '',
  ),
});
export type CompanySealStatusBody = z.input<typeof companySealStatusBody>;

export const sealAuthorizeBody = z.object({
  sealId: recordIdSchema,
  right: z._default(z.enum(SEAL_RIGHTS, err('invalidValue')), 'use'),
  staffRange: z.enum(SEAL_STAFF_RANGES, err('invalidValue')),
  /** The members, for `specified` (user ids). */
  granteeIds: z._default(z.array(recordIdSchema).check(z.maxLength(100)), []),
  contractRange: z._default(z.enum(SEAL_CONTRACT_RANGES, err('invalidValue')), 'all'),
  templateId: z.optional(recordIdSchema),
  // Left out, a date is '' and answers the spec's 'Authorization time required'.
  startDate: z._default(day(), ''),
  endDate: z._default(day(), ''),
});
export type SealAuthorizeBody = z.input<typeof sealAuthorizeBody>;

export const sealReauthorizeBody = z.object({
  id: recordIdSchema,
  // Left out, a date is '' and answers the spec's 'Authorization time required'.
  startDate: z._default(day(), ''),
  endDate: z._default(day(), ''),
});
export type SealReauthorizeBody = z.input<typeof sealReauthorizeBody>;

export const sealIdsBody = z.object({ ids: recordIdsSchema() });

/** The messages of this area in English and Chinese (joined into `MESSAGES` by index.ts). */
export const SEAL_MESSAGES = {
  sealNameRequired: { en: 'Please enter the seal name', zh: '请输入印章名称' },
  sealNameTooLong: {
    en: `The seal name can be at most ${SEAL_NAME_MAX} characters`,
    zh: `印章名称不能超过${SEAL_NAME_MAX}个字符`,
  },
  sealTextTooLong: {
    en: `The seal's text can be at most ${SEAL_TEXT_MAX} characters`,
    zh: `印章文字不能超过${SEAL_TEXT_MAX}个字符`,
  },
  sealTypeRequired: { en: 'Please choose the seal type', zh: '请选择印章类型' },
  sealImageRequired: { en: 'Please upload or draw the seal image', zh: '请上传或手绘印章图片' },
  sealImageTooLarge: { en: 'The uploaded image can be at most 2MB', zh: '上传图片不能超过2MB' },
  sealImageType: {
    en: 'The seal image must be a PNG or JPEG picture',
    zh: '印章图片只支持PNG或JPEG格式',
  },
  sealImageSvg: {
    en: 'SVG files cannot be used as seals; please upload a PNG or JPEG picture',
    zh: '不支持SVG文件作为印章，请上传PNG或JPEG图片',
  },
  sealImageTooManyPixels: {
    en: 'The picture is too large (at most 5000 × 5000 pixels)',
    zh: '图片尺寸过大（最大5000×5000像素）',
  },
  sealImageUnreadable: {
    en: 'The picture could not be read; please choose another',
    zh: '图片无法读取，请更换一张',
  },
  sealImageEmpty: {
    en: 'The picture is blank; please draw or upload the seal again',
    zh: '图片是空白的，请重新手绘或上传',
  },
  sealTemplateNameLength: {
    en: 'A name seal holds a name of 2 to 4 characters; please draw or upload your seal instead',
    zh: '姓名章仅支持2至4个字的姓名，请改为手绘或上传',
  },
  sealNotFound: { en: 'This seal does not exist', zh: '该印章不存在' },
  sealLimit: {
    en: `You can keep at most ${PERSONAL_SEAL_LIMIT} seals; remove one to make another`,
    zh: `最多保存${PERSONAL_SEAL_LIMIT}个印章，请删除后再创建`,
  },
  sealDisused: { en: 'This seal is disused', zh: '该印章已停用' },
  sealNotPending: {
    en: 'Only a seal awaiting approval can be approved or rejected',
    zh: '只有待审核的印章可以审核',
  },
  sealApproveAdminOnly: {
    en: "Only the company's administrator can approve seals",
    zh: '仅企业管理员可以审核印章',
  },
  sealRejectReasonRequired: { en: 'Please give a reason for rejecting', zh: '请填写驳回原因' },
  sealRejectReasonTooLong: {
    en: `The reason can be at most ${SEAL_REJECT_REASON_MAX} characters`,
    zh: `原因不能超过${SEAL_REJECT_REASON_MAX}个字符`,
  },
  sealStatusUnchanged: {
    en: 'The seal cannot change to that status now',
    zh: '印章当前状态不能进行该操作',
  },
  sealAuthTimeRequired: { en: 'Authorization time required', zh: '请选择授权时间' },
  sealAuthEndBeforeStart: {
    en: 'The end date cannot be before the start date',
    zh: '结束日期不能早于开始日期',
  },
  sealAuthEndPassed: { en: 'The end date has already passed', zh: '结束日期已过' },
  sealAuthGranteeRequired: { en: 'Please choose the staff to authorise', zh: '请选择被授权人' },
  sealAuthGranteeNotStaff: {
    en: 'Only active staff of the company can be authorised',
    zh: '只能授权给本企业的在职员工',
  },
  sealAuthTemplateRequired: { en: 'Please choose the template', zh: '请选择模板' },
  sealAuthSealNotUsable: {
    en: 'Only a seal in normal use can be authorised',
    zh: '只有正常状态的印章可以授权',
  },
  sealAuthNotFound: { en: 'This authorization does not exist', zh: '该授权不存在' },
  sealQrExpired: { en: 'QR code expired, please refresh', zh: '二维码已过期，请刷新' },
  sealQrUsed: {
    en: 'This QR code has already been used; please scan a new one',
    zh: '该二维码已使用，请重新扫码',
  },
  sealInUseCannotEdit: {
    en: 'A seal that signed contracts cannot be redrawn; make a new seal instead',
    zh: '已用于签署的印章不能重新绘制，请新建印章',
  },
  sealLegalNameMissing: {
    en: "The company's legal representative is not recorded; complete the company information first",
    zh: '企业未登记法定代表人，请先完善企业信息',
  },
  sealQrTooMany: {
    en: 'Too many QR codes or attempts for now; please try again later',
    zh: '二维码生成或提交过于频繁，请稍后再试',
  },
} as const satisfies Record<string, { en: string; zh: string }>;
