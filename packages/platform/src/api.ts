/**
 * The shapes of the account and app-shell calls (spec 000 §7), shared by the server and the web
 * app. Every call but the token endpoint wraps its `data` in the envelope `{ code, success, data,
 * msg }`. Where the spec says "payload values are not shown", the choice made is written here.
 */
import type { AccountClosingCodePurpose } from './account-closing';
import type { CompanyCodePurpose } from './company-info';
import type { Permission } from './permissions';
import type { SubCompanyCodePurpose } from './sub-companies';

/** POST oauth/token answers OAuth2 JSON (no envelope). */
export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  /** Seconds the access token lives. */
  expires_in: number;
  tenant_id: string;
  user_id: string;
  account: string;
  user_name: string;
  /** The console signed into: a company id, or -1 for the personal console. */
  company_id: number;
  /**
   * Company-Auth header value for that console: the company id, '' for the personal console. The
   * server decides the console from the access token alone; the header is kept for the client.
   */
  company_auth: string;
  /** The company's full name; '' for the personal console, which the client names itself. */
  company_name: string;
}

/** OAuth2 failures: HTTP 400/401 (429 when rate-limited). */
export interface TokenError {
  error: string;
  error_description: string;
  /** True when the next password attempt must carry Captcha-Key and Captcha-Code. */
  captcha_required?: boolean;
}

/** GET blade-auth/oauth/captcha: a graphic captcha, answered with headers Captcha-Key/Captcha-Code. */
export interface CaptchaData {
  key: string;
  /** A data: URL (image/svg+xml) to put in an <img>. */
  image: string;
}

/** GET blade-system/tenant/info?domain= */
export interface TenantInfo {
  tenantId: string;
  tenantName: string;
}

/** GET blade-system/tenant/system-info?domain=: sysType 0 shows the fee center. */
export interface SystemInfo {
  tenantId: string;
  sysType: 0 | 1;
  title: string;
}

/** GET busi-user/nologin/check-phone?phone= */
export interface CheckPhoneData {
  registered: boolean;
}

/** The POST send-msg-… calls and GET oauth/sms-sicpay: when the next code may be asked for. */
export interface CodeSent {
  /** Seconds until a new code may be sent (60). */
  resendAfter: number;
  /** Seconds the code stays valid (300). */
  expiresIn: number;
}

export type AuthStep = 'NOT' | 'VERIFIED';

/** GET busi-user/userInfo */
export interface UserInfo {
  id: string;
  name: string;
  phone: string;
  avatar: string;
  authStep: AuthStep;
  launchAuth: boolean;
  /** The console of the session: company id or -1. */
  companyId: number;
  companyName: string;
  /**
   * The role in the current console, as a list of one: a built-in role's key ('admin' for the
   * company's system administrator or the personal console's owner, 'legal', 'sealManager',
   * 'sealUser', 'employee') or a custom role's name.
   */
  roles: string[];
  /** What the role grants in this console (every permission in the personal console). */
  permissions: Permission[];
}

/** GET busi-user/get-company-list: the companies the user belongs to. */
export interface CompanyListItem {
  id: number;
  companyName: string;
  /** 1 = verified; 0 = not yet; 2 = under review; 3 = refused. */
  authStatus: 0 | 1 | 2 | 3;
  role: 'admin' | 'staff';
}

/** GET busi-company/check-user-company-info?companyId= */
export interface UserCompanyInfo {
  companyId: number;
  companyName: string;
  authStatus: 0 | 1 | 2 | 3;
  isAdmin: boolean;
  isMember: boolean;
}

/**
 * GET blade-system/menu/routes (the tree) and menu/left-routes?path= (the pages of the section
 * `path` is in): the routes the session's console may open.
 */
export interface MenuRoute {
  /** Full route path, e.g. /enterprise-console/seal */
  path: string;
  /** i18n key of the title: `route.` and the path's segments, e.g. route.enterprise-console.seal */
  name: string;
  /** Permission code: the path's segments joined by ':', e.g. enterprise-console:seal */
  code: string;
  hidden: boolean;
  children: MenuRoute[];
}

export interface MenuData {
  routes: MenuRoute[];
  /** Role names of the session; 'admin' sees every route. */
  roles: string[];
  /** The permissions the routes were chosen by: the web app shows buttons by them. */
  permissions: Permission[];
}

/** One page of a list (current from 1). */
export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

/** GET sicpay-message/messageMessageCenter/page?isRead=0&current=1&size=10 */
export interface MessageItem {
  id: string;
  /**
   * In the request's language (`Lang`); a message written before the languages were kept apart has
   * both run together, in either language.
   */
  title: string;
  /** In the request's language, as `title`. */
  content: string;
  /** 0 unread, 1 read. */
  isRead: 0 | 1;
  /** The company a company message is for (opening it signs into that company); null otherwise. */
  receiverCompanyId: number | null;
  /** Where opening the message leads (`MESSAGE_REDIRECT`); null: nowhere in particular. */
  redirectType: number | null;
  /** What the message is about, for the redirect that needs it (a contract's or template's id). */
  businessId: string | null;
  /** yyyy-MM-dd HH:mm:ss, UTC */
  createTime: string;
}

/**
 * Where opening a message leads (spec 001 §4 "Messages"). 1–6 are the specification's; 7 and on
 * are the platform's own (the specification lists no target for them): 7 the contract's details,
 * `businessId` being the contract's id; 8 and 9 a company's certificates.
 */
export const MESSAGE_REDIRECT = {
  /** The staff list's applications (?isMsg=true). */
  staffList: 1,
  nothing: 2,
  /** An approval (?active=0-2&id={exampleId}). */
  approval: 3,
  /** A template's preview (?id={businessId}). */
  templatePreview: 4,
  /** The user centre's seals. */
  personalSeals: 5,
  /** The enterprise console's seals. */
  companySeals: 6,
  /** A contract's details (?id={businessId}). */
  contract: 7,
  /** The enterprise console's digital certificates (an expiry warning). */
  digitalCertificates: 8,
  /** The enterprise console's communication certificates (an expiry warning). */
  communicationCertificates: 9,
} as const;

/**
 * POST sicpay-message/messageMessageCenter/updateIsRead?isRead=1&messageCenterIds=1,2 (or all=1
 * for every message of the user).
 */
export interface MessagesMarked {
  /** How many of the user's messages the call changed. */
  updated: number;
}

/** POST sicpay-message/messageMessageCenter/remove, body `{ messageCenterIds: ['1', '2'] }`. */
export interface MessagesRemoved {
  /** How many of the user's messages were removed. */
  removed: number;
}

/**
 * POST sicpay-message/messageMessageCenter/stream-ticket: what opens the message stream (GET
 * …/stream?ticket=), which an EventSource cannot authenticate with a header. The ticket is good
 * for `expiresIn` seconds to open the stream of this session in this console, and for nothing else.
 */
export interface MessageStreamTicket {
  ticket: string;
  expiresIn: number;
}

/**
 * The message stream's events (text/event-stream): `message`, whose `id` is the message's id and
 * `data` a `MessageItem` in the stream's language; `end`, whose `data` says why the server closed
 * the stream (`MessageStreamEnd`) — the client asks for a new ticket rather than reconnecting.
 */
export const MESSAGE_STREAM_EVENTS = { message: 'message', end: 'end' } as const;

/** Why a message stream ended: its session ended, or the user may no longer enter its company. */
export interface MessageStreamEnd {
  reason: 'sessionEnded' | 'companyAccessEnded';
}

/** POST blade-resource/buis-upload/upload (multipart field `file`). */
export interface UploadedFile {
  id: string;
  name: string;
  /** application/pdf, application/msword or the DOCX type, judged by content. */
  contentType: string;
  size: number;
  /** A link the uploader can fetch the file from (with the session): /api/…/download?id= */
  link: string;
}

/** GET busi-user/is-setted-password */
export type IsPasswordSet = boolean;

/** GET dev/outbox?phone= (development only): the SMS codes sent to a phone, newest first. */
export interface OutboxMessage {
  phone: string;
  code: string;
  purpose:
    | 'register'
    | 'login'
    | 'change-phone'
    | 'change-phone-old'
    | 'forget-password'
    | 'sign'
    /** Not a code: the invitation to join a company (the code field names the invitation). */
    | 'staff-invite'
    | 'real-name'
    | CompanyCodePurpose
    | 'company-auth'
    | SubCompanyCodePurpose
    | AccountClosingCodePurpose;
  createdAt: string;
}

/**
 * GET sicpay-contract/contract/statistics: the console's contracts counted by status (spec 000
 * §4), for the home screen.
 */
export interface ContractStatistics {
  filling: number;
  signing: number;
  refused: number;
  approvalRejected: number;
  completed: number;
  expired: number;
}
