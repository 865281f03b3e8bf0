/**
 * The demo API's answers to closing an account (blade-user/unsubscribe/send-msg and send, and
 * contract/hasUnfinished in the personal console) and to a ZIP of several contracts
 * (contract/getZipTicket), with the server's rules and messages. A story sets what blocks closing
 * with `demoAccountClosingFrom` in its `beforeEach`.
 */
import {
  ACCOUNT_CLOSING_EXAMPLES,
  PATHS,
  PERSONAL_CONSOLE_ID,
  SMS_CODE_TTL_MS,
  SMS_RESEND_AFTER_MS,
  accountClosingBody,
  check,
  contractZipBody,
  fail,
  message,
  type AccountClosingBlocked,
  type ContractZipLink,
  type Locale,
  type MessageKey,
} from '@esign/platform';
import { COMPANY_INFO_CALLS } from './demoCompanyInfo';
import type { Answer, DemoRequest } from './demoApi';
import type { DemoConsole } from './demoData';
import { answer, type ConsoleCall } from './demoTemplates';
import { bodyOf } from './demoRequest';

/** The code the demo refuses as wrong; any other six digits pass. */
export const DEMO_WRONG_CLOSING_CODE = '000000';

interface DemoClosing {
  /** The user's unfinished contracts. */
  unfinished: number;
  /** The companies the user belongs to (besides the console the story is in). */
  companies: string[];
}

let pending: Partial<DemoClosing> | null = null;

/** What the next story's closing is blocked by (taken once, by the first call). */
export function demoAccountClosingFrom(start: Partial<DemoClosing>): void {
  pending = start;
}

const states = new WeakMap<DemoConsole, DemoClosing>();

function stateOf(current: DemoConsole): DemoClosing {
  let state = states.get(current);
  if (!state) {
    state = { unfinished: 0, companies: [], ...pending };
    pending = null;
    states.set(current, state);
  }
  return state;
}

const refusal = (
  status: number,
  text: MessageKey,
  locale: Locale,
  data: unknown = null,
): Answer => ({
  status,
  body: fail(status, message(text, locale), data),
});

/** As the server: a company (the story's console, when not the personal one) blocks first. */
function blocked(current: DemoConsole, locale: Locale, request: DemoRequest): Answer | null {
  const state = stateOf(current);
  const companies =
    current === request.world.get(PERSONAL_CONSOLE_ID)
      ? state.companies
      : [current.user.companyName, ...state.companies];
  if (companies.length > 0) {
    const data: AccountClosingBlocked = { companies, unfinishedContracts: 0 };
    return refusal(409, 'userInEnterprise', locale, data);
  }
  if (state.unfinished > 0) {
    const data: AccountClosingBlocked = { companies: [], unfinishedContracts: state.unfinished };
    return refusal(409, 'userHasUnfinishedContracts', locale, data);
  }
  return null;
}

export const ACCOUNT_CLOSING_CALLS: Record<string, ConsoleCall> = {
  [PATHS.contractHasUnfinished]: (current, locale, request) => {
    if (current !== request.world.get(PERSONAL_CONSOLE_ID)) {
      return COMPANY_INFO_CALLS[PATHS.contractHasUnfinished]!(current, locale, request);
    }
    const count = stateOf(current).unfinished;
    return answer({ hasUnfinished: count > 0, count });
  },
  [PATHS.sendAccountClosingCode]: (current, locale, request) =>
    blocked(current, locale, request) ??
    answer({ resendAfter: SMS_RESEND_AFTER_MS / 1000, expiresIn: SMS_CODE_TTL_MS / 1000 }),
  [PATHS.accountClose]: (current, locale, request) => {
    const parsed = check(accountClosingBody, bodyOf(request), locale);
    if (!parsed.ok) return refusal(400, 'requestException', locale);
    const refused = blocked(current, locale, request);
    if (refused) return refused;
    if (parsed.value.code === DEMO_WRONG_CLOSING_CODE) return refusal(400, 'smsCodeWrong', locale);
    return answer(null);
  },
  [PATHS.contractZipTicket]: (current, locale, request) => {
    const parsed = check(contractZipBody, bodyOf(request), locale);
    if (!parsed.ok) return { status: 400, body: fail(400, parsed.issues[0]?.message ?? '') };
    const contracts = (current.contracts ?? []).filter((contract) =>
      parsed.value.ids.includes(Number(contract.id)),
    );
    if (contracts.length !== new Set(parsed.value.ids).size)
      return refusal(404, 'notFound', locale);
    // The OpenAPI example's answer, naming the contracts selected.
    const { answer: example } = ACCOUNT_CLOSING_EXAMPLES.contractZipTicket;
    return answer({
      ...example,
      expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
      contracts: contracts.map((contract) => ({
        id: Number(contract.id),
        fileName: `${contract.name} ${contract.number}.pdf`,
        sha256: example.contracts[0]!.sha256,
      })),
    } satisfies ContractZipLink);
  },
};
