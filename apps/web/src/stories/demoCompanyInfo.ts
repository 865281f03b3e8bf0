/**
 * The demo API's answers to the enterprise console's calls about company information and its
 * changes, by path. Like the server: every call refuses in the personal console; the code
 * 000000 is the wrong one (any other six digits pass); a new name of another demo company is
 * taken; the write-off is refused while the console's demo contracts include unfinished ones.
 * Each story's console keeps its own company (the demo world is made afresh for every story).
 */
import {
  CODES,
  PATHS,
  PERSONAL_CONSOLE_ID,
  SMS_CODE_TTL_MS,
  SMS_RESEND_AFTER_MS,
  UNFINISHED_CONTRACT_STATUSES,
  beginChangeCompanyNameSchema,
  beginChangeLegalSchema,
  builtinGrants,
  check,
  fail,
  message,
  ok,
  type AdminCandidate,
  type CompanyCodeSent,
  type CompanyInfo,
  type Locale,
  type MessageKey,
} from '@esign/platform';
import type { Answer, DemoRequest } from './demoApi';
import { DEMO_COMPANIES, DEMO_COMPANY, type DemoConsole } from './demoData';
import type { ConsoleCall } from './demoTemplates';
import { bodyOf } from './demoRequest';

/** The demo company's information as its administrator first sees it. */
export const DEMO_COMPANY_INFO: CompanyInfo = {
  companyId: DEMO_COMPANY.id,
  companyName: DEMO_COMPANY.companyName,
  creditCode: '91330106MA2CFQ8K4X',
  legal: { name: 'Chen Jianguo', phone: '139****2201' },
  admin: { name: 'Li Na', phone: '138****0001' },
  certification: 'approved',
  authStatus: 1,
  memberCount: 4,
  createdAt: '2024-05-20T02:15:00.000Z',
  pending: { legal: null, name: null },
};

/** The members the administrator role may go to. */
export const DEMO_ADMIN_CANDIDATES: AdminCandidate[] = [
  { userId: 7, name: 'Zhang Min', phone: '137****5566' },
  { userId: 8, name: 'Wang Fang', phone: '136****7788' },
  { userId: 9, name: 'Zhao Lei', phone: '135****9900' },
];

/** The code the demo refuses as wrong. */
export const DEMO_WRONG_CODE = '000000';

interface DemoCompanyState {
  info: CompanyInfo;
  candidates: AdminCandidate[];
}

const states = new WeakMap<DemoConsole, DemoCompanyState>();

function stateOf(current: DemoConsole): DemoCompanyState {
  let state = states.get(current);
  if (!state) {
    state = {
      info: structuredClone(DEMO_COMPANY_INFO),
      candidates: structuredClone(DEMO_ADMIN_CANDIDATES),
    };
    states.set(current, state);
  }
  return state;
}

const answer = (data: unknown): Answer => ({ status: 200, body: ok(data) });
const refusal = (text: string, status: number = CODES.badRequest): Answer => ({
  status,
  body: fail(status, text),
});
const refused = (key: MessageKey, locale: Locale, status?: number) =>
  refusal(message(key, locale), status);

const codeSent = (phone: string): CompanyCodeSent => ({
  phone,
  resendAfter: SMS_RESEND_AFTER_MS / 1000,
  expiresIn: SMS_CODE_TTL_MS / 1000,
});

const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

const unfinishedCount = (current: DemoConsole) =>
  (current.contracts ?? []).filter((contract) =>
    (UNFINISHED_CONTRACT_STATUSES as readonly string[]).includes(contract.status),
  ).length;

/** Every call: in the company console only, like the server. */
const inCompany =
  (handle: ConsoleCall): ConsoleCall =>
  (current, locale, request) =>
    current === request.world.get(PERSONAL_CONSOLE_ID)
      ? refused('companyConsoleOnly', locale)
      : handle(current, locale, request);

const wrongCode = (request: DemoRequest) =>
  bodyOf<{ code?: string }>(request).code === DEMO_WRONG_CODE;

export const COMPANY_INFO_CALLS: Record<string, ConsoleCall> = {
  [PATHS.companyInfo]: inCompany((current) => answer(stateOf(current).info)),

  [PATHS.beginChangeLegal]: inCompany((current, locale, request) => {
    const checked = check(beginChangeLegalSchema, bodyOf(request), locale);
    if (!checked.ok) return refusal(checked.issues[0]!.message);
    const legal = { name: checked.value.name, phone: maskPhone(checked.value.phone) };
    const change = { legal, codePhone: legal.phone };
    stateOf(current).info.pending.legal = change;
    return answer(change);
  }),
  [PATHS.sendMsgForChangeLegal]: inCompany((current, locale) => {
    const change = stateOf(current).info.pending.legal;
    return change ? answer(codeSent(change.codePhone)) : refused('companyChangeNotBegun', locale);
  }),
  [PATHS.changeLegal]: inCompany((current, locale, request) => {
    const { info } = stateOf(current);
    if (!info.pending.legal?.legal) return refused('companyChangeNotBegun', locale);
    if (wrongCode(request)) return refused('smsCodeWrong', locale);
    info.legal = info.pending.legal.legal;
    info.pending.legal = null;
    return answer(info);
  }),

  [PATHS.beginChangeCompanyName]: inCompany((current, locale, request) => {
    const checked = check(beginChangeCompanyNameSchema, bodyOf(request), locale);
    if (!checked.ok) return refusal(checked.issues[0]!.message);
    const { info } = stateOf(current);
    const { companyName } = checked.value;
    if (companyName === info.companyName) return refused('companyNameUnchanged', locale);
    if (DEMO_COMPANIES.some((company) => company.companyName === companyName)) {
      return refused('companyNameTaken', locale, 409);
    }
    const change = { companyName, codePhone: info.admin!.phone };
    info.pending.name = change;
    return answer(change);
  }),
  [PATHS.sendMsgForChangeCompanyName]: inCompany((current, locale) => {
    const { info } = stateOf(current);
    return info.pending.name
      ? answer(codeSent(info.admin!.phone))
      : refused('companyChangeNotBegun', locale);
  }),
  [PATHS.changeCompanyName]: inCompany((current, locale, request) => {
    const { info } = stateOf(current);
    if (info.pending.name?.companyName === undefined)
      return refused('companyChangeNotBegun', locale);
    if (wrongCode(request)) return refused('smsCodeWrong', locale);
    info.companyName = info.pending.name.companyName;
    info.pending.name = null;
    return answer(info);
  }),

  [PATHS.adminCandidates]: inCompany((current) => answer(stateOf(current).candidates)),
  [PATHS.sendMsgForChangeAdmin]: inCompany((current) =>
    answer(codeSent(stateOf(current).info.admin!.phone)),
  ),
  [PATHS.changeAdmin]: inCompany((current, locale, request) => {
    const state = stateOf(current);
    const { userId } = bodyOf<{ userId: number }>(request);
    const successor = state.candidates.find((candidate) => candidate.userId === userId);
    if (!successor) return refused('companyAdminCandidateInvalid', locale);
    if (wrongCode(request)) return refused('smsCodeWrong', locale);
    // The demo user hands the role over and becomes an employee, as on the server.
    state.info.admin = { name: successor.name, phone: successor.phone };
    state.candidates = state.candidates.filter((candidate) => candidate.userId !== userId);
    const grants = builtinGrants('employee');
    current.user = { ...current.user, roles: ['employee'], permissions: grants };
    current.menu = { ...current.menu, roles: ['employee'], permissions: grants };
    return answer(state.info);
  }),

  [PATHS.contractHasUnfinished]: inCompany((current) => {
    const count = unfinishedCount(current);
    return answer({ hasUnfinished: count > 0, count });
  }),
  [PATHS.sendMsgForWriteOff]: inCompany((current, locale) => {
    const count = unfinishedCount(current);
    if (count > 0) {
      return refusal(
        message('companyUnfinishedContracts', locale).replace('{count}', String(count)),
        409,
      );
    }
    return answer(codeSent(stateOf(current).info.admin!.phone));
  }),
  [PATHS.writeOff]: inCompany((current, locale, request) => {
    const count = unfinishedCount(current);
    if (count > 0) {
      return refusal(
        message('companyUnfinishedContracts', locale).replace('{count}', String(count)),
        409,
      );
    }
    const { companyName } = bodyOf<{ companyName: string }>(request);
    if (companyName.trim() !== stateOf(current).info.companyName) {
      return refused('companyWriteOffNameMismatch', locale);
    }
    if (wrongCode(request)) return refused('smsCodeWrong', locale);
    return answer({ writtenOff: true });
  }),
};
