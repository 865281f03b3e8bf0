/**
 * Closing one's account (spec 000 §7 blade-user/unsubscribe/send, §8's two refusals) and
 * downloading several contracts as one ZIP (issue 30). Paths, schemas, shapes and messages shared
 * by the server and the web app.
 *
 * Closing: the user asks for a code to their phone (`sendAccountClosingCode`, designed here, not in
 * the spec), then sends the reason and the code (`accountClose`). Both refuse while the user is a
 * member of a company ('The user is associated with an enterprise') or has unfinished contracts
 * ('The user to be processed contract is not processed'; contract/hasUnfinished answers how many).
 *
 * ZIPs: contract/getDownloadTicket keeps the spec's one contract; a list's selection asks
 * `contractZipTicket` for a single-use, short-lived link to the ZIP of those contracts.
 */
import * as z from 'zod/mini';
import type { MessageKey } from './messages';
import { smsCodeSchema } from './validation';

const err = (key: MessageKey) => ({ error: key });

/** The calls of this area, under /api (joined into `PATHS`). */
export const ACCOUNT_CLOSING_PATHS = {
  /** POST: sends the closing code to the user's own phone (refused while closing is blocked). */
  sendAccountClosingCode: '/blade-user/unsubscribe/send-msg',
  /** POST `AccountClosingBody`: closes the signed-in user's account. */
  accountClose: '/blade-user/unsubscribe/send',
  /** POST `{ ids }`: a link to one ZIP of several contracts (`ContractZipLink`). */
  contractZipTicket: '/sicpay-contract/contract/getZipTicket',
  /** GET ?ticket: the ZIP a link of getZipTicket points at (no session; single use). */
  contractZip: '/sicpay-contract/contract/nologin/zip',
} as const;

/** The SMS purpose of the code that confirms closing an account. */
export const ACCOUNT_CLOSING_CODE_PURPOSE = 'account-close' as const;
export type AccountClosingCodePurpose = typeof ACCOUNT_CLOSING_CODE_PURPOSE;

/** The longest reason for closing an account. */
export const ACCOUNT_CLOSING_REASON_MAX = 200;

/** POST blade-user/unsubscribe/send: why, and the code sent to the user's phone. */
export const accountClosingBody = z.object({
  reason: z
    .string(err('accountClosingReasonRequired'))
    .check(
      z.trim(),
      z.minLength(1, err('accountClosingReasonRequired')),
      z.maxLength(ACCOUNT_CLOSING_REASON_MAX, err('accountClosingReasonTooLong')),
    ),
  code: smsCodeSchema,
});
export type AccountClosingBody = z.infer<typeof accountClosingBody>;

/**
 * The `data` of a refused closing: the companies the user is still a member of (refusal
 * 'The user is associated with an enterprise'), or how many unfinished contracts stand in the way.
 */
export interface AccountClosingBlocked {
  companies: string[];
  unfinishedContracts: number;
}

/** The most contracts one ZIP holds (a list page's selection fits). */
export const CONTRACT_ZIP_MAX = 100;

/** POST contract/getZipTicket: the contracts of a selection, each readable by the session. */
export const contractZipBody = z.object({
  ids: z
    .array(z.coerce.number().check(z.int(err('invalidValue')), z.minimum(1, err('invalidValue'))))
    .check(
      z.minLength(1, err('zipSelectionEmpty')),
      z.maxLength(CONTRACT_ZIP_MAX, err('zipTooMany')),
    ),
});
export type ContractZipBody = z.infer<typeof contractZipBody>;

/** GET contract/nologin/zip: the ticket of a getZipTicket link. */
export const contractZipQuery = z.object({
  ticket: z.string().check(z.regex(/^[0-9a-f]{64}$/, err('notFound'))),
});

/** contract/getZipTicket's answer: a short-lived, single-use address of the ZIP. */
export interface ContractZipLink {
  link: string;
  /** ISO 8601 */
  expiresAt: string;
  /** The file name offered when downloading. */
  fileName: string;
  /** Each contract in the ZIP: its entry's name and the SHA-256 of the PDF it holds. */
  contracts: { id: number; fileName: string; sha256: string }[];
}

/** This area's messages (joined into `MESSAGES`). */
export const ACCOUNT_CLOSING_MESSAGES = {
  accountClosingReasonRequired: {
    en: 'Please tell us why you are closing your account',
    zh: '请填写注销原因',
  },
  accountClosingReasonTooLong: {
    en: `The reason can be at most ${ACCOUNT_CLOSING_REASON_MAX} characters`,
    zh: `注销原因不能超过${ACCOUNT_CLOSING_REASON_MAX}个字符`,
  },
  userInEnterprise: {
    en: 'The user is associated with an enterprise',
    zh: '该用户已关联企业，请先退出企业',
  },
  userHasUnfinishedContracts: {
    en: 'The user to be processed contract is not processed',
    zh: '该用户存在未处理完的合同',
  },
  accountClosed: {
    en: 'This account has been closed. The phone number can be used to register a new account',
    zh: '该账号已注销，此手机号可用于注册新账号',
  },
  downloadLinkUsed: {
    en: 'This download link has already been used; please download again from the contract',
    zh: '该下载链接已使用过，请在合同中重新下载',
  },
  zipSelectionEmpty: {
    en: 'Select the contracts to download',
    zh: '请选择要下载的合同',
  },
  zipTooMany: {
    en: `At most ${CONTRACT_ZIP_MAX} contracts can be downloaded at once`,
    zh: `一次最多下载${CONTRACT_ZIP_MAX}份合同`,
  },
} as const satisfies Record<string, { en: string; zh: string }>;

const EXAMPLE_ZIP_TOKEN = '4f9c1e2a7b3d5e6f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7';

/**
 * The OpenAPI examples of this area's calls (the server's route options), which the web app's
 * stories answer with too.
 */
export const ACCOUNT_CLOSING_EXAMPLES = {
  accountClose: { body: { reason: 'I no longer sign contracts here', code: '123456' } },
  contractZipTicket: {
    body: { ids: [12, 13] },
    answer: {
      link: `/api${ACCOUNT_CLOSING_PATHS.contractZip}?ticket=${EXAMPLE_ZIP_TOKEN}`,
      expiresAt: '2026-11-24T08:35:00.000Z',
      fileName: 'contracts-20261124-083000.zip',
      contracts: [
        { id: 12, fileName: 'Sale of a car HT20261124000012.pdf', sha256: 'a'.repeat(64) },
        { id: 13, fileName: 'Lease HT20261124000013.pdf', sha256: 'b'.repeat(64) },
      ],
    } satisfies ContractZipLink,
  },
  contractZip: { query: { ticket: EXAMPLE_ZIP_TOKEN } },
};
