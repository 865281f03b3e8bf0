/**
 * Application access (spec 001 §2 application, §3 API access party, §5 Callback configuration, §6,
 * §7 systemAccess and systemAccessCallback, §9 callback config; issue 34): a company's API access
 * parties, their callbacks and the deliveries of contract events to them.
 *
 * An access party is a business channel of the company (its ERP, its CRM…) that calls the open API
 * with a public app key and an API secret. The secret is shown once, when the party is made or its
 * secret rotated; after a rotation the previous secret keeps working for
 * `ACCESS_SECRET_OVERLAP_HOURS`, then only the new one. A party acts for its main company (the
 * session's) and the associated companies chosen among that company's affiliates — never the main
 * company a second time (spec 001 §5).
 *
 * A callback is where a party hears of events: a URL, the connection and response timeouts (ms),
 * the maximum retries (numbers, spec 001 §5 and §9) and the notification types it wants. Each
 * delivery follows the Standard Webhooks specification (https://www.standardwebhooks.com): headers
 * `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of
 * `{id}.{timestamp}.{body}` keyed with the callback's `whsec_` secret), a JSON body
 * `{ type, timestamp, data }`.
 *
 * Paths, request schemas, answers, the notification types as data, messages and the OpenAPI
 * examples (the web app's stories answer with the same examples).
 */
import * as z from 'zod/mini';
import type { Page } from './api';
import type { MessageKey } from './messages';
import { pageQuery, positiveInt, recordIdSchema } from './paging';

const err = (key: MessageKey) => ({ error: key });

/** The calls of this area, under /api (joined into `PATHS`). */
export const INTEGRATION_PATHS = {
  /** GET `?current&size&name` (application:access): the company's access parties (`Page<AccessParty>`). */
  accessPage: '/blade-system/systemAccess/page',
  /**
   * POST `AccessPartySaveBody` (application:access): makes an access party (without `id`) or
   * changes one (`AccessPartySaved`: the API secret is in it only when the party was made).
   */
  accessSaveOrUpdate: '/blade-system/systemAccess/saveOrUpdate',
  /** GET `?id=` (application:access): one access party of the company (`AccessParty`). */
  accessDetail: '/blade-system/systemAccess/detail',
  /** POST `AccessPartyStatusBody` (application:access): enables or disables one (`AccessParty`). */
  accessUpdateStatus: '/blade-system/systemAccess/updateStatus',
  /**
   * GET (application:callback): every access party of the company, for choosing one, e.g. on the
   * callback screen (`AccessPartyOption[]`).
   */
  accessList: '/blade-system/systemAccess/getAccessList',
  /**
   * GET (application:access): the companies a party may act for: the session's company and its
   * affiliates (`AccessCompany[]`).
   */
  accessCompanyList: '/blade-system/systemAccess/getCompanyList',
  /**
   * POST `{ id }` (application:access), the platform's own: a new API secret, shown in the answer
   * only; the previous one stays valid for `ACCESS_SECRET_OVERLAP_HOURS` (`AccessPartySaved`).
   */
  accessRotateSecret: '/blade-system/systemAccess/rotateSecret',
  /** GET `?current&size` (application:callback): the company's callbacks (`Page<AccessCallback>`). */
  callbackPage: '/blade-system/systemAccessCallback/page',
  /**
   * POST `CallbackSaveBody` (application:callback): configures the callback of an access party,
   * made on its first save (`AccessCallbackSaved`: the `whsec_` secret is in it only then).
   */
  callbackSaveOrUpdate: '/blade-system/systemAccessCallback/saveOrUpdate',
  /** GET `?id=` (application:callback): one callback of the company (`AccessCallback`). */
  callbackDetail: '/blade-system/systemAccessCallback/detail',
  /**
   * POST `{ id }` (application:callback), the platform's own: a new signing secret, shown in the
   * answer only; deliveries are signed with both for `ACCESS_SECRET_OVERLAP_HOURS`.
   */
  callbackRotateSecret: '/blade-system/systemAccessCallback/rotateSecret',
  /**
   * POST `CallbackStatusBody` (application:callback), the platform's own: enables a callback (one
   * disabled after answering 410 Gone, once its endpoint is back) or disables it (`AccessCallback`).
   */
  callbackUpdateStatus: '/blade-system/systemAccessCallback/updateStatus',
  /**
   * GET `CallbackDeliveriesQuery` (application:callback), the platform's own: a callback's
   * deliveries, newest first, each with its attempts (`Page<CallbackDelivery>`).
   */
  callbackDeliveries: '/blade-system/systemAccessCallback/deliveries',
  /**
   * POST `{ id }` (application:callback), the platform's own: sends a delivery that ended again,
   * with the same `webhook-id` (`CallbackDelivery`).
   */
  callbackResend: '/blade-system/systemAccessCallback/resend',
  /**
   * POST `{ id }` (application:callback), the platform's own: sends a `callback.test` event to the
   * callback now (`CallbackDelivery`).
   */
  callbackTest: '/blade-system/systemAccessCallback/test',
} as const;

// ---- Limits ----

/** The business channel's name, as the platform limits it. */
export const ACCESS_NAME_MAX = 50;
/** Associated companies one party may act for beside its main company. */
export const ACCESS_COMPANIES_MAX = 50;
/** How long the previous API or signing secret stays valid after a rotation. */
export const ACCESS_SECRET_OVERLAP_HOURS = 24;
/** A callback URL's length. */
export const CALLBACK_URL_MAX = 2000;
/** Connection timeout bounds and default, in ms (spec 001 §9: in ms). */
export const CALLBACK_CONNECT_TIMEOUT_MS = { min: 100, max: 10_000, default: 3_000 } as const;
/** Response timeout bounds and default, in ms. */
export const CALLBACK_RESPONSE_TIMEOUT_MS = { min: 100, max: 30_000, default: 10_000 } as const;
/** Maximum retries after the first attempt: bounds and default. */
export const CALLBACK_MAX_RETRIES = { min: 0, max: 10, default: 5 } as const;
/** No attempt of a round is made later than this after the event (or the resend). */
export const CALLBACK_GIVE_UP_HOURS = 24;
/** Receivers should refuse a `webhook-timestamp` further than this from their clock. */
export const CALLBACK_REPLAY_WINDOW_SECONDS = 300;
/** What of an answer's body an attempt keeps. */
export const CALLBACK_RESPONSE_EXCERPT_BYTES = 1024;
/** Attempt records (and the deliveries that ended) are removed after this many days. */
export const CALLBACK_ATTEMPTS_KEPT_DAYS = 30;

// ---- Notification types ----

/**
 * A notification type: the audit trail's action it comes from (spec 000 §7 contract actions), the
 * contract status the action must have led to where that matters, and its label.
 */
export interface CallbackEventTypeInfo {
  type: string;
  /** The contract audit actions that raise it. */
  actions: readonly string[];
  /** Raised only when the action left the contract in this status. */
  status?: string;
  label: { en: string; zh: string };
}

/**
 * The notification types a callback may choose, as data: the server raises them from the contract
 * audit trail (each action is appended in the transaction that makes it, which queues the
 * deliveries too), the screen lists them with their labels.
 */
export const CALLBACK_EVENT_TYPES = [
  {
    type: 'contract.created',
    actions: ['create'],
    label: { en: 'Contract created', zh: '合同已发起' },
  },
  {
    type: 'contract.filled',
    actions: ['fill'],
    label: { en: 'A party filled in its fields', zh: '签署方已填写' },
  },
  {
    type: 'contract.signed',
    actions: ['sign'],
    label: { en: 'A party signed', zh: '签署方已签署' },
  },
  {
    type: 'contract.completed',
    actions: ['sign'],
    status: 'completed',
    label: { en: 'Contract completed', zh: '合同已完成' },
  },
  {
    type: 'contract.refused',
    actions: ['refuse'],
    label: { en: 'A party refused to sign', zh: '签署方已拒签' },
  },
  {
    type: 'contract.withdrawn',
    actions: ['withdraw'],
    label: { en: 'Contract withdrawn', zh: '合同已撤回' },
  },
  {
    type: 'contract.expired',
    actions: ['expire'],
    label: { en: 'Contract expired', zh: '合同已过期' },
  },
  {
    type: 'contract.rescinded',
    actions: ['rescind'],
    status: 'cancelled',
    label: { en: 'Contract rescinded', zh: '合同已解约' },
  },
  {
    type: 'approval.decided',
    actions: ['approve', 'reject_approval', 'approve_initiation'],
    label: { en: 'Approval decided', zh: '审批已处理' },
  },
] as const satisfies readonly CallbackEventTypeInfo[];

export type CallbackEventType = (typeof CALLBACK_EVENT_TYPES)[number]['type'];
export const CALLBACK_EVENT_TYPE_NAMES = CALLBACK_EVENT_TYPES.map(
  (info) => info.type,
) as readonly CallbackEventType[] as readonly [CallbackEventType, ...CallbackEventType[]];

/** The type of the event a callback's "Send test event" delivers (never chosen, always sent). */
export const CALLBACK_TEST_EVENT = 'callback.test';

/** The notification types a contract action raises, given the status it left the contract in. */
export function callbackEventsOf(action: string, statusAfter: string): CallbackEventType[] {
  return CALLBACK_EVENT_TYPES.filter(
    (info: CallbackEventTypeInfo) =>
      info.actions.includes(action) && (info.status === undefined || info.status === statusAfter),
  ).map((info) => info.type);
}

// ---- Requests ----

const trimmed = () => z.string(err('required')).check(z.trim());

/**
 * A number as a form may send it (a number, or a string of digits): spec 001 §5 "must be
 * numeric", with its message; then within the platform's bounds.
 */
const numeric = (notNumeric: MessageKey, outOfRange: MessageKey, min: number, max: number) =>
  z
    .pipe(
      z.union(
        [
          z.number(err(notNumeric)).check(z.int(err(notNumeric))),
          z.string(err(notNumeric)).check(z.trim(), z.regex(/^\d{1,9}$/, err(notNumeric))),
        ],
        err(notNumeric),
      ),
      z.transform((value: number | string) => Number(value)),
    )
    .check(z.refine((value) => value >= min && value <= max, err(outOfRange)));

/** GET systemAccess/page. */
export const accessPageQuery = z.object({
  ...pageQuery,
  name: z.optional(trimmed().check(z.maxLength(ACCESS_NAME_MAX, err('invalidValue')))),
});
export type AccessPageQuery = z.input<typeof accessPageQuery>;

/** `?id=` of a detail call. */
export const integrationIdQuery = z.object({ id: positiveInt() });

/** A body naming one record. */
export const integrationIdBody = z.object({ id: recordIdSchema });

/**
 * POST systemAccess/saveOrUpdate: the business channel's name and the associated companies
 * (affiliates of the session's company; the main company is always included and must not be
 * named again — spec 001 §5).
 */
export const accessPartySaveBody = z.object({
  id: z.optional(recordIdSchema),
  name: trimmed().check(
    z.minLength(1, err('accessNameRequired')),
    z.maxLength(ACCESS_NAME_MAX, err('accessNameTooLong')),
  ),
  companyIds: z._default(
    z.array(recordIdSchema).check(
      z.maxLength(ACCESS_COMPANIES_MAX, err('accessCompaniesTooMany')),
      z.refine((ids) => new Set(ids).size === ids.length, err('accessCompanyRepeated')),
    ),
    [],
  ),
  enabled: z.optional(z.boolean(err('invalidValue'))),
});
export type AccessPartySaveBody = z.input<typeof accessPartySaveBody>;

/** POST systemAccess/updateStatus. */
export const accessPartyStatusBody = z.object({
  id: recordIdSchema,
  enabled: z.boolean(err('invalidValue')),
});
export type AccessPartyStatusBody = z.input<typeof accessPartyStatusBody>;

/** GET systemAccessCallback/page. */
export const callbackPageQuery = z.object({ ...pageQuery });

/**
 * POST systemAccessCallback/saveOrUpdate: the access party's callback (one a party). Spec 001 §5:
 * the timeouts and the maximum retries must be numeric; the URL http(s) only (the server refuses
 * one that resolves to a private address too).
 */
export const callbackSaveBody = z.object({
  partyId: recordIdSchema,
  url: trimmed().check(
    z.minLength(1, err('callbackUrlRequired')),
    z.maxLength(CALLBACK_URL_MAX, err('callbackUrlInvalid')),
    z.refine(isHttpUrl, err('callbackUrlInvalid')),
  ),
  connectTimeoutMs: numeric(
    'callbackConnectTimeoutNumeric',
    'callbackConnectTimeoutRange',
    CALLBACK_CONNECT_TIMEOUT_MS.min,
    CALLBACK_CONNECT_TIMEOUT_MS.max,
  ),
  responseTimeoutMs: numeric(
    'callbackResponseTimeoutNumeric',
    'callbackResponseTimeoutRange',
    CALLBACK_RESPONSE_TIMEOUT_MS.min,
    CALLBACK_RESPONSE_TIMEOUT_MS.max,
  ),
  maxRetries: numeric(
    'callbackMaxRetriesNumeric',
    'callbackMaxRetriesRange',
    CALLBACK_MAX_RETRIES.min,
    CALLBACK_MAX_RETRIES.max,
  ),
  eventTypes: z.array(z.enum(CALLBACK_EVENT_TYPE_NAMES, err('invalidValue'))).check(
    z.minLength(1, err('callbackEventTypesRequired')),
    z.refine((types) => new Set(types).size === types.length, err('invalidValue')),
  ),
});
export type CallbackSaveBody = z.input<typeof callbackSaveBody>;

/** POST systemAccessCallback/updateStatus. */
export const callbackStatusBody = z.object({
  id: recordIdSchema,
  enabled: z.boolean(err('invalidValue')),
});
export type CallbackStatusBody = z.input<typeof callbackStatusBody>;

/** A delivery's state: waiting for its next attempt, answered 2xx, or given up. */
export const CALLBACK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type CallbackDeliveryStatus = (typeof CALLBACK_DELIVERY_STATUSES)[number];

/** GET systemAccessCallback/deliveries. */
export const callbackDeliveriesQuery = z.object({
  ...pageQuery,
  callbackId: positiveInt(),
  status: z.optional(z.enum(CALLBACK_DELIVERY_STATUSES, err('invalidValue'))),
});
export type CallbackDeliveriesQuery = z.input<typeof callbackDeliveriesQuery>;

/** Whether a text is an absolute http: or https: URL with a host (no credentials in it). */
export function isHttpUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  );
}

// ---- Answers ----

/** A company a party may act for. */
export interface AccessCompany {
  id: string;
  fullName: string;
  /** The session's company, always included (the others are its affiliates). */
  main: boolean;
}

/** An API access party as the list and the detail show it (spec 001 §3). */
export interface AccessParty {
  id: string;
  /** The business channel. */
  name: string;
  /** Public: identifies the party in open API calls (`ak_…`). */
  appKey: string;
  enabled: boolean;
  /** The main company first, then the associated companies still affiliated to it. */
  companies: AccessCompany[];
  /** When the API secret was last rotated, ISO; null when never. */
  secretRotatedAt: string | null;
  /** Until when the previous secret is still accepted, ISO; null when none is. */
  previousSecretUntil: string | null;
  /** The party's callback, when configured. */
  callback: { id: string; url: string; enabled: boolean } | null;
  /** yyyy-MM-dd HH:mm:ss UTC. */
  createTime: string;
  updateTime: string;
}

/** What saveOrUpdate and rotateSecret answer: the party and, only when new, its API secret. */
export interface AccessPartySaved extends AccessParty {
  /** The API secret (`sk_…`): shown this once, never again. Null when unchanged. */
  secret: string | null;
}

/** An access party to choose from. */
export interface AccessPartyOption {
  id: string;
  name: string;
  appKey: string;
  enabled: boolean;
  /** Its callback's id, when it has one. */
  callbackId: string | null;
}

/** Why a callback was disabled: its endpoint answered 410 Gone, or a person disabled it. */
export const CALLBACK_DISABLED_REASONS = ['gone', 'person'] as const;
export type CallbackDisabledReason = (typeof CALLBACK_DISABLED_REASONS)[number];

/** A callback as the list and the detail show it (spec 001 §3, §9). */
export interface AccessCallback {
  id: string;
  partyId: string;
  partyName: string;
  url: string;
  connectTimeoutMs: number;
  responseTimeoutMs: number;
  maxRetries: number;
  eventTypes: CallbackEventType[];
  enabled: boolean;
  disabledReason: CallbackDisabledReason | null;
  /** When it was disabled, ISO. */
  disabledAt: string | null;
  /** Until when deliveries are also signed with the previous secret, ISO; null when not. */
  previousSecretUntil: string | null;
  createTime: string;
  updateTime: string;
}

/** What saveOrUpdate and rotateSecret answer: the callback and, only when new, its signing secret. */
export interface AccessCallbackSaved extends AccessCallback {
  /** The `whsec_…` signing secret: shown this once, never again. Null when unchanged. */
  signingSecret: string | null;
}

/** One attempt of a delivery. */
export interface CallbackAttempt {
  attempt: number;
  /** When it was made, ISO. */
  at: string;
  durationMs: number;
  /** The HTTP status answered; null when none came (refused, timed out, unreachable). */
  statusCode: number | null;
  /** The first 1 KB of the answer's body. */
  response: string;
  /** What went wrong, in English (a connection error, a refused address, a redirect). */
  error: string | null;
}

/** A delivery of one event to one callback. */
export interface CallbackDelivery {
  id: string;
  /** The `webhook-id` header: the same on every attempt and resend. */
  messageId: string;
  eventType: CallbackEventType | typeof CALLBACK_TEST_EVENT;
  contractId: string | null;
  status: CallbackDeliveryStatus;
  attempts: number;
  /** When the next attempt is due, ISO; null when none is. */
  nextAttemptAt: string | null;
  /** When the event happened, ISO. */
  createdAt: string;
  deliveredAt: string | null;
  /** The body as sent. */
  body: string;
  /** Newest first; at most the last 50. */
  attemptLog: CallbackAttempt[];
}

// ---- Messages ----

export const INTEGRATION_MESSAGES = {
  accessNameRequired: { en: 'Please enter the business channel', zh: '请输入业务渠道' },
  accessNameTooLong: {
    en: `The business channel can be at most ${ACCESS_NAME_MAX} characters`,
    zh: `业务渠道不能超过${ACCESS_NAME_MAX}个字符`,
  },
  accessCompaniesTooMany: {
    en: `An access party can act for at most ${ACCESS_COMPANIES_MAX} associated companies`,
    zh: `一个接入方最多关联${ACCESS_COMPANIES_MAX}家企业`,
  },
  accessCompanyRepeated: {
    en: 'A company appears twice among the associated companies',
    zh: '关联企业不能重复',
  },
  accessCompanyNotAffiliated: {
    en: 'Associated companies must be affiliates of your company',
    zh: '关联企业须为本企业的关联企业',
  },
  callbackUrlRequired: { en: 'Please enter the callback URL', zh: '请输入回调地址' },
  callbackUrlInvalid: {
    en: 'The callback URL must be an http:// or https:// address',
    zh: '回调地址须为 http:// 或 https:// 地址',
  },
  callbackUrlPrivate: {
    en: 'The callback URL must not point to a loopback, private, link-local or metadata address',
    zh: '回调地址不能指向本机、内网、链路本地或元数据地址',
  },
  callbackUrlUnresolved: {
    en: 'The callback URL’s host name could not be resolved',
    zh: '无法解析回调地址的域名',
  },
  callbackConnectTimeoutNumeric: {
    en: 'The connection timeout must be numeric',
    zh: '连接超时时间必须为数字',
  },
  callbackConnectTimeoutRange: {
    en: `The connection timeout is ${CALLBACK_CONNECT_TIMEOUT_MS.min} to ${CALLBACK_CONNECT_TIMEOUT_MS.max} ms`,
    zh: `连接超时时间为${CALLBACK_CONNECT_TIMEOUT_MS.min}至${CALLBACK_CONNECT_TIMEOUT_MS.max}毫秒`,
  },
  callbackResponseTimeoutNumeric: {
    en: 'The response timeout must be numeric',
    zh: '响应超时时间必须为数字',
  },
  callbackResponseTimeoutRange: {
    en: `The response timeout is ${CALLBACK_RESPONSE_TIMEOUT_MS.min} to ${CALLBACK_RESPONSE_TIMEOUT_MS.max} ms`,
    zh: `响应超时时间为${CALLBACK_RESPONSE_TIMEOUT_MS.min}至${CALLBACK_RESPONSE_TIMEOUT_MS.max}毫秒`,
  },
  callbackMaxRetriesNumeric: {
    en: 'The maximum retries must be numeric',
    zh: '最大重试次数必须为数字',
  },
  callbackMaxRetriesRange: {
    en: `The maximum retries is ${CALLBACK_MAX_RETRIES.min} to ${CALLBACK_MAX_RETRIES.max}`,
    zh: `最大重试次数为${CALLBACK_MAX_RETRIES.min}至${CALLBACK_MAX_RETRIES.max}次`,
  },
  callbackEventTypesRequired: {
    en: 'Please choose at least one notification type',
    zh: '请至少选择一种通知类型',
  },
  callbackDeliveryPending: {
    en: 'This delivery is still being attempted',
    zh: '该推送仍在尝试中',
  },
  callbackDisabled: {
    en: 'This callback is disabled: enable it first',
    zh: '该回调已停用，请先启用',
  },
} as const satisfies Record<string, { en: string; zh: string }>;

// ---- Examples (OpenAPI; the stories answer with them) ----

const mainCompany: AccessCompany = { id: '1', fullName: 'Demo Technology Co., Ltd.', main: true };
const affiliate: AccessCompany = {
  id: '7',
  fullName: 'Demo Logistics (Shanghai) Co., Ltd.',
  main: false,
};

const party: AccessParty = {
  id: '3',
  name: 'ERP',
  appKey: 'ak_2f6c1d9e8b7a4c3d5e6f7a8b',
  enabled: true,
  companies: [mainCompany, affiliate],
  secretRotatedAt: null,
  previousSecretUntil: null,
  callback: { id: '5', url: 'https://erp.example.com/esign/webhooks', enabled: true },
  createTime: '2026-11-20 02:15:04',
  updateTime: '2026-11-20 02:15:04',
};

const callback: AccessCallback = {
  id: '5',
  partyId: '3',
  partyName: 'ERP',
  url: 'https://erp.example.com/esign/webhooks',
  connectTimeoutMs: CALLBACK_CONNECT_TIMEOUT_MS.default,
  responseTimeoutMs: CALLBACK_RESPONSE_TIMEOUT_MS.default,
  maxRetries: CALLBACK_MAX_RETRIES.default,
  eventTypes: ['contract.created', 'contract.signed', 'contract.completed', 'contract.refused'],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  previousSecretUntil: null,
  createTime: '2026-11-20 02:20:11',
  updateTime: '2026-11-20 02:20:11',
};

const signedBody = JSON.stringify({
  type: 'contract.signed',
  timestamp: '2026-11-24T06:16:42.143Z',
  data: {
    contract: { id: '42', number: 'HT202611240001', name: 'Service agreement', status: 'signing' },
    action: 'sign',
    party: 'B',
    companyId: '1',
    seq: 3,
  },
});

const delivered: CallbackDelivery = {
  id: '120',
  messageId: 'msg_2pQbXk9sT4vZL6dWc8nF1a',
  eventType: 'contract.signed',
  contractId: '42',
  status: 'delivered',
  attempts: 2,
  nextAttemptAt: null,
  createdAt: '2026-11-24T06:16:42.143Z',
  deliveredAt: '2026-11-24T06:17:12.610Z',
  body: signedBody,
  attemptLog: [
    {
      attempt: 2,
      at: '2026-11-24T06:17:12.402Z',
      durationMs: 208,
      statusCode: 200,
      response: '{"received":true}',
      error: null,
    },
    {
      attempt: 1,
      at: '2026-11-24T06:16:42.301Z',
      durationMs: 10004,
      statusCode: null,
      response: '',
      error: 'No answer within the response timeout (10000 ms)',
    },
  ],
};

const failing: CallbackDelivery = {
  id: '121',
  messageId: 'msg_7YhR3nLq0cVb2XwT5kPz9e',
  eventType: 'contract.completed',
  contractId: '42',
  status: 'pending',
  attempts: 1,
  nextAttemptAt: '2026-11-24T06:20:10.000Z',
  createdAt: '2026-11-24T06:19:40.000Z',
  deliveredAt: null,
  body: JSON.stringify({
    type: 'contract.completed',
    timestamp: '2026-11-24T06:19:40.000Z',
    data: {
      contract: {
        id: '42',
        number: 'HT202611240001',
        name: 'Service agreement',
        status: 'completed',
      },
      action: 'sign',
      party: 'A',
      companyId: '1',
      seq: 4,
    },
  }),
  attemptLog: [
    {
      attempt: 1,
      at: '2026-11-24T06:19:40.118Z',
      durationMs: 36,
      statusCode: 503,
      response: '<html><body>Service Unavailable</body></html>',
      error: null,
    },
  ],
};

export const INTEGRATION_EXAMPLES = {
  companies: [mainCompany, affiliate] satisfies AccessCompany[],
  party,
  saveBody: { name: 'ERP', companyIds: ['7'] } satisfies AccessPartySaveBody,
  created: {
    ...party,
    callback: null,
    secret: 'sk_Qm9yZ2VkLWJ5LWEtZGVtby1leGFtcGxlLW9ubHkt',
  } satisfies AccessPartySaved,
  rotated: {
    ...party,
    secretRotatedAt: '2026-11-24T08:00:00.000Z',
    previousSecretUntil: '2026-11-25T08:00:00.000Z',
    secret: 'sk_TmV3LXNlY3JldC1vZi1hLWRlbW8tZXhhbXBsZS0x',
  } satisfies AccessPartySaved,
  options: [
    { id: '3', name: 'ERP', appKey: party.appKey, enabled: true, callbackId: '5' },
    {
      id: '4',
      name: 'CRM',
      appKey: 'ak_8e1f0a2b3c4d5e6f7a8b9c0d',
      enabled: false,
      callbackId: null,
    },
  ] satisfies AccessPartyOption[],
  callback,
  callbackSaveBody: {
    partyId: '3',
    url: callback.url,
    connectTimeoutMs: callback.connectTimeoutMs,
    responseTimeoutMs: callback.responseTimeoutMs,
    maxRetries: callback.maxRetries,
    eventTypes: callback.eventTypes,
  } satisfies CallbackSaveBody,
  callbackCreated: {
    ...callback,
    signingSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  } satisfies AccessCallbackSaved,
  callbackGone: {
    ...callback,
    enabled: false,
    disabledReason: 'gone',
    disabledAt: '2026-11-24T09:12:00.000Z',
  } satisfies AccessCallback,
  delivered,
  failing,
  deliveries: {
    records: [failing, delivered],
    total: 2,
    current: 1,
    size: 10,
  } satisfies Page<CallbackDelivery>,
} as const;
