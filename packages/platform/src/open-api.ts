/**
 * The open API (issue 34): what a partner's software calls, under /api/open/v1, as an API access
 * party of a company (Application management → API access party). It creates contracts from the
 * company's templates, reads their status and audit trail, hands out signing links, downloads the
 * signed PDF and lists the contracts changed since a time.
 *
 * Every request is signed (`OPEN_API_HEADERS`): the string to sign is
 *
 *     METHOD \n PATH?QUERY \n TIMESTAMP \n NONCE \n hex(SHA-256(body))
 *
 * (the path and query exactly as sent, the body's bytes as sent, the empty body's hash for a GET),
 * and X-Signature is base64(HMAC-SHA256(api secret, that string)). A request more than
 * `OPEN_API_CLOCK_SKEW_S` from the server's time, or whose nonce the party already used within
 * that window, is refused: a captured request cannot be sent again. The recipe is HMAC over the
 * request's parts as AWS Signature V4 and Alibaba Cloud's API gateway do, reduced to what a
 * partner writes in a few lines (README: "The open API").
 */
import * as z from 'zod/mini';
import type { AuditAction, ContractStatus } from './contracts';
import {
  AGREEMENT_TYPES,
  CONTRACT_NAME_MAX,
  FIELD_VALUE_MAX,
  SIGNING_ORDERS,
  contractPartiesSchema,
  contractReceiversSchema,
} from './contract-create';
import type { Page } from './api';
import type { MessageKey } from './messages';
import { pageQuery, recordIdSchema } from './paging';
import { TEMPLATE_PARTIES, type TemplateParty } from './templates';

const err = (key: MessageKey) => ({ error: key });
const trimmed = () => z.string().check(z.trim());

/** The open API's calls, under /api (a path's `:id` is the contract's id). */
export const OPEN_API_PATHS = {
  openContracts: '/open/v1/contracts',
  openContract: '/open/v1/contracts/:id',
  openContractTrail: '/open/v1/contracts/:id/audit-trail',
  openContractSigningLink: '/open/v1/contracts/:id/signing-links',
  openContractPdf: '/open/v1/contracts/:id/pdf',
  /** The console's: the calls an access party made (Application management). */
  openApiCalls: '/blade-system/systemAccess/calls',
  /** The web app's: what a signing link's ticket is for (the /custom-made page). */
  signingTicket: '/sicpay-contract/contract/nologin/signing-ticket',
} as const;

/** The headers of a signed request. */
export const OPEN_API_HEADERS = {
  appKey: 'X-App-Key',
  timestamp: 'X-Timestamp',
  nonce: 'X-Nonce',
  signature: 'X-Signature',
  /**
   * Instead of the API secret, a communication certificate of the party may sign: its serial
   * number here, and X-Signature the base64 of the certificate key's signature of the same text
   * (RSA: RSASSA-PKCS1-v1_5 with SHA-256; SM2: SM2 with SM3, distinguishing ID 1234567812345678,
   * DER).
   */
  certificate: 'X-Certificate-Serial',
} as const;

/** How far a request's timestamp may be from the server's clock, either way (seconds). */
export const OPEN_API_CLOCK_SKEW_S = 300;

/** A nonce: 16 to 64 characters of letters, digits, `-` and `_` (a UUID or 16 random bytes). */
export const OPEN_API_NONCE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The rate limits of one access party, counted across every server process: a burst of 20 calls
 * a second and 600 a minute. Past either, 429 with Retry-After.
 */
export const OPEN_API_LIMITS = [
  { windowS: 1, max: 20 },
  { windowS: 60, max: 600 },
] as const;

/** How long a signing link opens the signing screen (seconds): seven days. */
export const SIGNING_LINK_TTL_S = 7 * 24 * 60 * 60;

/** The text an open API request signs (see the module's comment). */
export function openApiStringToSign(parts: {
  method: string;
  pathWithQuery: string;
  timestamp: string;
  nonce: string;
  bodySha256Hex: string;
}): string {
  return [
    parts.method.toUpperCase(),
    parts.pathWithQuery,
    parts.timestamp,
    parts.nonce,
    parts.bodySha256Hex,
  ].join('\n');
}

// ---- Requests ----

/** An id in the path. */
export const openContractParams = z.object({ id: recordIdSchema });

/**
 * POST contracts: a contract from one of the company's enabled templates, initiated by the access
 * party. `externalId` is the partner's own reference: sending the same one again answers the
 * contract already made (a retried request never makes two contracts).
 */
export const openContractCreateBody = z.object({
  templateId: recordIdSchema,
  name: trimmed().check(
    z.minLength(1, err('taskNameRequired')),
    z.maxLength(CONTRACT_NAME_MAX, err('contractNameTooLong')),
  ),
  agreementType: z._default(z.enum(AGREEMENT_TYPES, err('invalidValue')), 'contract'),
  signingOrder: z._default(z.enum(SIGNING_ORDERS, err('invalidValue')), 'parallel'),
  signingDeadline: z.optional(z.nullable(z.iso.datetime({ offset: true, error: 'invalidValue' }))),
  participants: contractPartiesSchema,
  receivers: z._default(contractReceiversSchema, []),
  /** The template's initiator fields' values, by element uuid. */
  values: z._default(
    z.record(z.string(), z.string().check(z.maxLength(FIELD_VALUE_MAX, err('invalidValue')))),
    {},
  ),
  externalId: z.optional(
    trimmed().check(z.minLength(1, err('invalidValue')), z.maxLength(64, err('invalidValue'))),
  ),
});
export type OpenContractCreateBody = z.input<typeof openContractCreateBody>;

/** GET contracts: those changed at or after `changedSince`, oldest change first, by pages. */
export const openContractListQuery = z.object({
  changedSince: z.iso.datetime({ offset: true, error: 'invalidValue' }),
  /** The `next` of the previous page. */
  cursor: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,200}$/, err('invalidValue')))),
  limit: z._default(
    z.coerce.number().check(z.int(err('invalidValue')), z.minimum(1), z.maximum(200)),
    50,
  ),
});

/** POST contracts/:id/signing-links: a link for one party, returning to the partner's page. */
export const openSigningLinkBody = z.object({
  party: z.enum(TEMPLATE_PARTIES, err('invalidValue')),
  /** Where "Exit signing" takes the signer: an http(s) address. */
  returnUrl: z.optional(
    z
      .string()
      .check(
        z.maxLength(2_000, err('invalidValue')),
        z.regex(/^https?:\/\/[^\s]+$/i, err('invalidValue')),
      ),
  ),
});

/** GET systemAccess/calls: a page of one access party's calls, newest first. */
export const openApiCallsQuery = z.object({
  id: z.coerce.number().check(z.int(err('invalidValue')), z.minimum(1, err('invalidValue'))),
  ...pageQuery,
  /** Only the refused calls (4xx and 5xx). */
  failed: z.optional(z.enum(['true', 'false'], err('invalidValue'))),
});
export type OpenApiCallsQuery = z.input<typeof openApiCallsQuery>;

/** The web app asks what a ticket is for. */
export const signingTicketBody = z.object({
  ticket: z.string().check(z.regex(/^[A-Za-z0-9._~-]{8,512}$/, err('invalidValue'))),
});

// ---- Answers ----

export interface OpenContractParty {
  party: TemplateParty;
  kind: 'person' | 'company';
  name: string;
  companyName: string | null;
  phone: string;
  /** When the party signed (ISO 8601), or null. */
  signedAt: string | null;
}

export interface OpenContract {
  id: string;
  number: string;
  name: string;
  status: ContractStatus;
  templateId: string | null;
  externalId: string | null;
  createdAt: string;
  /** The time of the last change on its audit trail. */
  changedAt: string;
  signingDeadline: string | null;
  parties: OpenContractParty[];
}

export interface OpenContractCreated {
  id: string;
  number: string;
  status: ContractStatus;
  /** False when `externalId` named a contract this party had already made. */
  created: boolean;
}

export interface OpenContractChange {
  id: string;
  number: string;
  name: string;
  status: ContractStatus;
  externalId: string | null;
  changedAt: string;
}

export interface OpenContractPage {
  items: OpenContractChange[];
  /** Pass as `cursor` for the next page; null on the last. */
  next: string | null;
}

export interface OpenTrailEntry {
  seq: number;
  action: AuditAction;
  at: string;
  /** Who acted: a person's name, the access party's name, or null for the platform. */
  actor: string | null;
  /** The access party's id when the action came through the open API. */
  accessPartyId: string | null;
  ip: string | null;
  documentSha256: string;
  details: Record<string, unknown>;
  prevHash: string | null;
  hash: string;
}

export interface OpenContractTrail {
  /** True when every entry recomputes to its hash and links to the one before. */
  intact: boolean;
  head: string | null;
  entries: OpenTrailEntry[];
}

export interface OpenSigningLink {
  url: string;
  expiresAt: string;
}

/** One call an access party made, as its company sees it. */
export interface OpenApiCall {
  id: string;
  method: string;
  /** The path and query as sent. */
  path: string;
  /** The HTTP status it was answered with. */
  status: number;
  contractId: string | null;
  ip: string | null;
  durationMs: number;
  at: string;
}

/** What a signing ticket is for, as the /custom-made page shows it before the signer logs in. */
export interface SigningTicketInfo {
  contractId: string;
  contractName: string;
  party: TemplateParty;
  /** The phone the signer logs in with, masked (138****0002): a leaked link reveals no number. */
  maskedPhone: string;
  status: ContractStatus;
  /** The access party's name: who sent the signer here. */
  from: string;
}

export const OPEN_API_MESSAGES = {
  openApiUnsigned: {
    en: 'The request is not signed: send X-App-Key, X-Timestamp, X-Nonce and X-Signature',
    zh: '请求未签名：请提供 X-App-Key、X-Timestamp、X-Nonce 和 X-Signature',
  },
  openApiUnknownKey: {
    en: 'No enabled API access party has this app key',
    zh: '没有启用中的 API 接入方使用此 App Key',
  },
  openApiBadSignature: {
    en: 'The request’s signature does not match: sign METHOD, path and query, timestamp, nonce and the body’s SHA-256 with the API secret',
    zh: '请求签名不匹配：请用 API 密钥对请求方法、路径和查询、时间戳、随机数及请求体的 SHA-256 签名',
  },
  openApiCertificateUnknown: {
    en: 'No valid communication certificate of this access party has this serial number',
    zh: '该接入方没有此序列号的有效通讯证书',
  },
  openApiStale: {
    en: 'The request’s timestamp is more than 5 minutes from the server’s time',
    zh: '请求时间戳与服务器时间相差超过 5 分钟',
  },
  openApiReplayed: {
    en: 'This nonce was already used: every request needs a new one',
    zh: '此随机数已被使用：每个请求都需要新的随机数',
  },
  openApiRateLimited: {
    en: 'Too many requests from this access party: try again shortly',
    zh: '该接入方请求过于频繁，请稍后再试',
  },
  openApiNoOperator: {
    en: 'The access party’s operator can no longer initiate contracts for the company',
    zh: '该接入方的经办人已不能代表企业发起合同',
  },
  signingLinkExpired: {
    en: 'This signing link has expired or is not valid: ask the sender for a new one',
    zh: '签署链接已失效，请联系发送方重新获取',
  },
  signingLinkPartySigned: {
    en: 'This party has already signed the contract',
    zh: '该签署方已完成签署',
  },
} as const satisfies Record<string, { en: string; zh: string }>;

// ---- Examples (the OpenAPI document's) ----

export const OPEN_API_EXAMPLES = {
  created: { id: '1024', number: 'HT20261205042917', status: 'filling', created: true },
  contract: {
    id: '1024',
    number: 'HT20261205042917',
    name: 'Purchase agreement No. 7',
    status: 'signing',
    templateId: '12',
    externalId: 'order-2026-0042',
    createdAt: '2026-12-05T02:00:00.000Z',
    changedAt: '2026-12-05T02:10:00.000Z',
    signingDeadline: '2026-12-31T16:00:00.000Z',
    parties: [
      {
        party: 'A',
        kind: 'company',
        name: 'Wang Fang',
        companyName: 'Shenzhen Demo Technology Co., Ltd.',
        phone: '13800000002',
        signedAt: '2026-12-05T02:10:00.000Z',
      },
      {
        party: 'B',
        kind: 'person',
        name: 'Li Lei',
        companyName: null,
        phone: '13800000003',
        signedAt: null,
      },
    ],
  },
  page: {
    items: [
      {
        id: '1024',
        number: 'HT20261205042917',
        name: 'Purchase agreement No. 7',
        status: 'signing',
        externalId: 'order-2026-0042',
        changedAt: '2026-12-05T02:10:00.000Z',
      },
    ],
    next: null,
  },
  trail: {
    intact: true,
    head: '5d41402abc4b2a76b9719d911017c592ae1d2e5f1f0c3b2c7c1e0f9a8b7c6d5e',
    entries: [
      {
        seq: 1,
        action: 'create',
        at: '2026-12-05T02:00:00.000Z',
        actor: 'ERP connector',
        accessPartyId: '3',
        ip: '203.0.113.7',
        documentSha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
        details: { via: 'open-api' },
        prevHash: null,
        hash: '5d41402abc4b2a76b9719d911017c592ae1d2e5f1f0c3b2c7c1e0f9a8b7c6d5e',
      },
    ],
  },
  signingLink: {
    url: 'https://esign.example.com/custom-made?ticket=sl_4Xc2sQm9VqP0aZ7kLrT1bN8wYe3uHj6d&returnUrl=https%3A%2F%2Ferp.example.com%2Forders%2F42',
    expiresAt: '2026-12-12T02:00:00.000Z',
  },
  calls: {
    records: [
      {
        id: '88',
        method: 'POST',
        path: '/api/open/v1/contracts',
        status: 200,
        contractId: '1024',
        ip: '203.0.113.7',
        durationMs: 142,
        at: '2026-12-05T02:00:00.000Z',
      },
      {
        id: '87',
        method: 'GET',
        path: '/api/open/v1/contracts/999',
        status: 404,
        contractId: null,
        ip: '203.0.113.7',
        durationMs: 9,
        at: '2026-12-05T01:59:12.000Z',
      },
    ],
    total: 2,
    current: 1,
    size: 10,
  },
  ticketInfo: {
    contractId: '1024',
    contractName: 'Purchase agreement No. 7',
    party: 'B',
    maskedPhone: '138****0003',
    status: 'signing',
    from: 'ERP connector',
  },
} as const satisfies {
  created: OpenContractCreated;
  contract: OpenContract;
  page: OpenContractPage;
  trail: OpenContractTrail;
  signingLink: OpenSigningLink;
  calls: Page<OpenApiCall>;
  ticketInfo: SigningTicketInfo;
};
