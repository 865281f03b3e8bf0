/**
 * Batch signing (spec 000 §1, §2 "list batch signing", §7 contract/createBatchSign and
 * getBatchSignInfo; issue 30): a signer selects, on the contract list, the contracts waiting for
 * their signature and signs them all with one seal and one confirmation (an SMS code, or a face
 * check's ticket). Paths, schemas, shapes, messages and the OpenAPI examples, shared by the server
 * and the web app (whose stories answer with these examples).
 *
 * How it runs (the server's apps/server/src/batch-sign/CONTEXT.md): createBatchSign checks the
 * confirmation once, for the whole batch, refuses per contract those the session may not sign now
 * (each such item is `failed` at once, with its reason) and answers the batch at once; a job kept
 * in the database then signs the others one after the other, each exactly as contract/sign would
 * (its own PAdES signature, audit entry and messages). One contract failing neither stops nor
 * undoes the others. The page polls getBatchSignInfo until `status` is `finished`.
 *
 * Confirming: `code` is an SMS code that base/sendAuthCode sent for any one of the selected
 * contracts (the code belongs to the user's phone, not to a contract); or `ticket` is a sign ticket
 * of base/validateAuthCode or base/getFaceResult earned for the batch's FIRST contract (`ids[0]`),
 * which is how a face check confirms a batch. Either is spent when the batch is created.
 */
import * as z from 'zod/mini';
import { AUTH_CODE_PATTERN } from './contract-actions';
import type { MessageKey } from './messages';
import { positiveInt, recordIdSchema } from './paging';

const err = (key: MessageKey) => ({ error: key });

/** The calls of this area, under /api (joined into `PATHS`). */
export const BATCH_SIGN_PATHS = {
  /**
   * POST `BatchSignCreateBody` (signed in; the session's console must be a party of each contract,
   * at its turn): starts a batch and answers it at once (`BatchSignInfo`, status `running`).
   */
  contractCreateBatchSign: '/sicpay-contract/contract/createBatchSign',
  /**
   * GET `?id=` (signed in; only the batch's creator, in the console it was created in): how the
   * batch stands (`BatchSignInfo`), for the page to poll.
   */
  contractBatchSignInfo: '/sicpay-contract/contract/getBatchSignInfo',
} as const;

/** A batch signs at most this many contracts (the list's largest page). */
export const BATCH_SIGN_MAX = 100;

/** How often the page asks getBatchSignInfo while a batch runs (milliseconds). */
export const BATCH_SIGN_POLL_MS = 1000;

/**
 * A contract's place in a batch: `waiting` (not reached yet), `signing` (being signed now),
 * `signed`, or `failed` (with `reason`: refused at creation, or when its turn came).
 */
export const BATCH_SIGN_ITEM_STATES = ['waiting', 'signing', 'signed', 'failed'] as const;
export type BatchSignItemState = (typeof BATCH_SIGN_ITEM_STATES)[number];

/** A batch is `running` until each contract is signed or failed, then `finished`. */
export const BATCH_SIGN_STATUSES = ['running', 'finished'] as const;
export type BatchSignStatus = (typeof BATCH_SIGN_STATUSES)[number];

/** Messages of batch signing, in English and Chinese. */
export const BATCH_SIGN_MESSAGES = {
  batchSignConfirmationRequired: {
    en: 'Confirm the batch with a verification code or a face check',
    zh: '请通过验证码或人脸识别确认批量签署',
  },
  batchSignDuplicateContract: {
    en: 'A contract is selected more than once',
    zh: '同一份合同被重复选择',
  },
  batchSignTooMany: {
    en: `At most ${BATCH_SIGN_MAX} contracts can be signed in one batch`,
    zh: `一次批量签署最多 ${BATCH_SIGN_MAX} 份合同`,
  },
  batchSignNothingToSign: {
    en: 'None of the selected contracts can be signed by you now',
    zh: '所选合同当前均无法由您签署',
  },
  batchSignInterrupted: {
    en: 'The batch stopped before this contract could be signed; please sign it again',
    zh: '批量签署在签署本合同前中断，请重新签署',
  },
  batchSignFailed: {
    en: 'This contract could not be signed; please try again',
    zh: '本合同签署失败，请重试',
  },
} as const;

/**
 * POST contract/createBatchSign: the contracts (the list's selection, in the order to sign them),
 * one seal of seal/listContractSeal, and one confirmation — `code` or `ticket`, exactly one.
 */
export const batchSignCreateBody = z
  .object({
    ids: z.array(recordIdSchema).check(
      z.minLength(1, err('batchSignNothingToSign')),
      z.maxLength(BATCH_SIGN_MAX, err('batchSignTooMany')),
      z.refine((ids) => new Set(ids).size === ids.length, err('batchSignDuplicateContract')),
    ),
    sealId: z.string().check(z.minLength(1, err('sealRequired')), z.maxLength(100)),
    /** An SMS code of base/sendAuthCode (sent for any one of the selected contracts). */
    code: z.optional(z.string().check(z.trim(), z.regex(AUTH_CODE_PATTERN, err('smsCodeInvalid')))),
    /** A sign ticket of validateAuthCode or getFaceResult for `ids[0]`. */
    ticket: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  })
  .check(
    z.refine((body) => (body.code === undefined) !== (body.ticket === undefined), {
      ...err('batchSignConfirmationRequired'),
      path: ['code'],
    }),
  );
export type BatchSignCreateBody = z.input<typeof batchSignCreateBody>;

/** GET contract/getBatchSignInfo */
export const batchSignInfoQuery = z.object({ id: positiveInt() });
export type BatchSignInfoQuery = z.input<typeof batchSignInfoQuery>;

/** One contract of a batch, in the batch's order. */
export interface BatchSignItem {
  contractId: string;
  /**
   * The contract's number and name, as the list shows them; both empty for an id refused as
   * 'notFound' (nothing is told of a contract the session may not see).
   */
  number: string;
  name: string;
  state: BatchSignItemState;
  /**
   * Why it failed, in the session's language (null unless `failed`): e.g. withdrawn meanwhile,
   * the seal not allowed for its template, not the party's turn, an approval required.
   */
  reason: string | null;
  /** The message key of `reason` (stable, for a client that words it itself). */
  reasonCode: string | null;
  /** When it was signed or failed (ISO 8601), null before. */
  finishedAt: string | null;
}

/** A batch as getBatchSignInfo (and createBatchSign) answer it. */
export interface BatchSignInfo {
  id: string;
  status: BatchSignStatus;
  /** The seal chosen for the whole batch. */
  sealId: string;
  /** How the batch was confirmed. */
  confirmedBy: 'sms' | 'face';
  /** ISO 8601 */
  createdAt: string;
  /** When the last contract was signed or failed (ISO 8601), null while running. */
  finishedAt: string | null;
  total: number;
  signed: number;
  failed: number;
  /** Waiting or being signed. */
  remaining: number;
  items: BatchSignItem[];
}

const EXAMPLE_ITEMS: BatchSignItem[] = [
  {
    contractId: '1024',
    number: 'HT20260315000123',
    name: 'Office lease 2026',
    state: 'signed',
    reason: null,
    reasonCode: null,
    finishedAt: '2026-03-15T09:30:02.000Z',
  },
  {
    contractId: '1025',
    number: 'HT20260315000124',
    name: 'Cleaning services',
    state: 'failed',
    reason: 'This contract can no longer be filled in or signed: it was withdrawn',
    reasonCode: 'contractWithdrawn',
    finishedAt: '2026-03-15T09:30:02.000Z',
  },
  {
    contractId: '1026',
    number: 'HT20260315000125',
    name: 'Parking spaces',
    state: 'signing',
    reason: null,
    reasonCode: null,
    finishedAt: null,
  },
  {
    contractId: '1027',
    number: 'HT20260315000126',
    name: 'Printer maintenance',
    state: 'waiting',
    reason: null,
    reasonCode: null,
    finishedAt: null,
  },
];

/**
 * The OpenAPI examples of the two calls (the server declares them; the web app's stories answer
 * with them): a batch of four contracts, one signed, one withdrawn meanwhile, one being signed, one
 * waiting; and the same batch finished.
 */
export const BATCH_SIGN_EXAMPLES: {
  create: { body: BatchSignCreateBody; answer: BatchSignInfo };
  running: BatchSignInfo;
  finished: BatchSignInfo;
} = {
  create: {
    body: { ids: [1024, 1025, 1026, 1027], sealId: '31', code: '123456' },
    answer: {
      id: '58',
      status: 'running',
      sealId: '31',
      confirmedBy: 'sms',
      createdAt: '2026-03-15T09:30:00.000Z',
      finishedAt: null,
      total: 4,
      signed: 0,
      failed: 0,
      remaining: 4,
      // Pure: the web app's first load leaves the examples out (only the server and stories use them).
      items: /* @__PURE__ */ EXAMPLE_ITEMS.map((item) => ({
        ...item,
        state: 'waiting',
        reason: null,
        reasonCode: null,
        finishedAt: null,
      })),
    },
  },
  running: {
    id: '58',
    status: 'running',
    sealId: '31',
    confirmedBy: 'sms',
    createdAt: '2026-03-15T09:30:00.000Z',
    finishedAt: null,
    total: 4,
    signed: 1,
    failed: 1,
    remaining: 2,
    items: EXAMPLE_ITEMS,
  },
  finished: {
    id: '58',
    status: 'finished',
    sealId: '31',
    confirmedBy: 'sms',
    createdAt: '2026-03-15T09:30:00.000Z',
    finishedAt: '2026-03-15T09:30:04.000Z',
    total: 4,
    signed: 3,
    failed: 1,
    remaining: 0,
    // Pure: the web app's first load leaves the examples out (only the server and stories use them).
    items: /* @__PURE__ */ EXAMPLE_ITEMS.map((item) =>
      item.state === 'failed'
        ? item
        : { ...item, state: 'signed', finishedAt: item.finishedAt ?? '2026-03-15T09:30:04.000Z' },
    ),
  },
};
