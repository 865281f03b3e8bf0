/** Business constants and limits of the platform (spec 000 §9, spec 001 §9). */

export const LOCALES = ['en', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Requests time out after 40 s. */
export const REQUEST_TIMEOUT_MS = 40_000;
/** The route guard refreshes a token whose remaining life is between 0 and 900 s. */
export const TOKEN_REFRESH_WINDOW_S = 900;
/** Default toast duration. */
export const TOAST_MS = 1_000;
/** Debounce delay of clicks that send requests. */
export const CLICK_DEBOUNCE_MS = 1_000;

/** Contract files: PDF, DOC, DOCX up to 100 MB. */
export const UPLOAD_LIMIT_BYTES = 100 * 1024 * 1024;
/** Seal images up to 2 MB. */
export const SEAL_IMAGE_LIMIT_BYTES = 2 * 1024 * 1024;
/** Template category names up to 20 characters. */
export const CATEGORY_NAME_MAX = 20;

/** Page size of the message list and of the top bar's unread list. */
export const MESSAGE_PAGE_SIZE = 10;

/** The pseudo-company of the personal console, and the grant type that signs into a company. */
export const PERSONAL_CONSOLE_ID = -1;
export const GRANT_TYPE_COMPANY_USER = 'companyUser';

/** The tenant created on first start. */
export const DEFAULT_TENANT_ID = '000000';
/** The fixed OAuth client every request names in `Authorization: Basic`. */
export const CLIENT_ID = 'esign';
export const CLIENT_SECRET = 'esign_secret';

/** Layout: sidebar 214 px, main area margin 210 px, mobile layout below 992 px. */
export const SIDEBAR_WIDTH_PX = 214;
export const MAIN_MARGIN_PX = 210;
export const MOBILE_BREAKPOINT_PX = 992;

/** Packages are valid one year from purchase. */
export const PACKAGE_VALIDITY_DAYS = 365;
/** Company transfer-amount backfill: 3 attempts. */
export const TRANSFER_BACKFILL_ATTEMPTS = 3;
/** A seal's QR code is valid for 3 minutes. */
export const SEAL_QR_VALID_MS = 3 * 60 * 1000;

/** SMS codes: 6 digits, valid 5 minutes, dead after 5 wrong tries, resend after 60 s. */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_CODE_MAX_TRIES = 5;
export const SMS_RESEND_AFTER_MS = 60 * 1000;

/** The service prefixes of the original back end, kept in every path. */
export const SERVICES = [
  'blade-auth',
  'blade-user',
  'blade-system',
  'blade-resource',
  'sicpay-contract',
  'sicpay-seal',
  'sicpay-opposite',
  'sicpay-message',
  'sicpay-account',
  'sicpay-workflow',
] as const;
export type Service = (typeof SERVICES)[number];
