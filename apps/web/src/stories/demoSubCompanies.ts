/**
 * The demo API's answers to the enterprise console's calls about affiliated companies (page,
 * send-msg, sub-company, set-status, tabs), with the server's rules: a company of the platform,
 * never the main company, never twice; any 6-digit code is the administrator's. Each story's
 * console starts from `DEMO_SUB_COMPANIES` (or what `demoSubCompaniesFrom` set before the story).
 */
import {
  PATHS,
  PERSONAL_CONSOLE_ID,
  SMS_CODE_TTL_MS,
  SMS_RESEND_AFTER_MS,
  fail,
  message,
  type Locale,
  type MessageKey,
  type SubCompany,
  type SubCompanyTab,
} from '@esign/platform';
import type { Answer } from './demoApi';
import { DEMO_COMPANY, type DemoConsole } from './demoData';
import { answer, pageOf, type ConsoleCall } from './demoTemplates';
import { bodyOf } from './demoRequest';

/** The companies of the demo platform that may be linked, with their administrators' phones. */
const PLATFORM_COMPANIES: Record<string, { id: string; phone: string; authStatus: number }> = {
  'Qingshan Logistics (Wuhan) Co., Ltd.': { id: '2001', phone: '13900000021', authStatus: 1 },
  'Qingshan Trading Hong Kong Ltd.': { id: '2002', phone: '13900000022', authStatus: 0 },
  'Qingshan Supply Chain Co., Ltd.': { id: '2003', phone: '13900000023', authStatus: 1 },
};

/** The demo company's affiliates. */
export const DEMO_SUB_COMPANIES: readonly SubCompany[] = [
  {
    id: '2001',
    fullName: 'Qingshan Logistics (Wuhan) Co., Ltd.',
    authStatus: 1,
    launchAuth: true,
    linkedAt: '2025-02-18 10:24:05',
  },
  {
    id: '2002',
    fullName: 'Qingshan Trading Hong Kong Ltd.',
    authStatus: 0,
    launchAuth: false,
    linkedAt: '2025-01-06 15:02:44',
  },
];

/** No affiliates yet: the empty state. */
export const NO_SUB_COMPANIES: readonly SubCompany[] = [];

interface DemoAffiliates {
  companies: SubCompany[];
  tabs: readonly SubCompanyTab[];
}

let pending: { companies: readonly SubCompany[]; tabs: readonly SubCompanyTab[] } | null = null;
const consoles = new WeakMap<DemoConsole, DemoAffiliates>();

/**
 * The affiliates (and top bar tabs) the next story's console starts from (call it in the story's
 * `beforeEach`): taken once, by the first call, so that later stories start from the defaults
 * (`DEMO_SUB_COMPANIES`, no tabs) again.
 */
export function demoSubCompaniesFrom(
  companies: readonly SubCompany[],
  tabs: readonly SubCompanyTab[] = [],
): void {
  pending = { companies, tabs };
}

/** The demo user's group: the demo company and an affiliate they also belong to. */
export const DEMO_GROUP_TABS: readonly SubCompanyTab[] = [
  { id: DEMO_COMPANY.id, fullName: DEMO_COMPANY.companyName, main: true },
  { id: 2001, fullName: 'Qingshan Logistics (Wuhan) Co., Ltd.', main: false },
];

function stateOf(current: DemoConsole): DemoAffiliates {
  let state = consoles.get(current);
  if (!state) {
    const start = pending ?? { companies: DEMO_SUB_COMPANIES, tabs: [] };
    pending = null;
    state = { companies: start.companies.map((company) => ({ ...company })), tabs: start.tabs };
    consoles.set(current, state);
  }
  return state;
}

const affiliatesOf = (current: DemoConsole) => stateOf(current).companies;

const refusal = (status: number, text: MessageKey, locale: Locale): Answer => ({
  status,
  body: fail(status, message(text, locale)),
});

/** The named company as send-msg and sub-company check it; an answer when refused. */
function candidate(current: DemoConsole, locale: Locale, name: string) {
  const trimmed = name.trim();
  if (!trimmed) return refusal(400, 'subCompanyNameRequired', locale);
  if (trimmed === current.user.companyName) return refusal(400, 'subCompanySelf', locale);
  const company = PLATFORM_COMPANIES[trimmed];
  if (!company) return refusal(404, 'subCompanyNotFound', locale);
  if (affiliatesOf(current).some((linked) => linked.id === company.id)) {
    return refusal(409, 'subCompanyLinked', locale);
  }
  return { ...company, name: trimmed };
}

const companyConsole =
  (read: ConsoleCall): ConsoleCall =>
  (current, locale, request) =>
    current.user.companyId === PERSONAL_CONSOLE_ID
      ? refusal(400, 'companyConsoleRequired', locale)
      : read(current, locale, request);

const stamp = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

/** The demo API's answers to the affiliated company calls, by path. */
export const SUB_COMPANY_CALLS: Record<string, ConsoleCall> = {
  [PATHS.subCompanyPage]: (current, _locale, request) =>
    answer(
      pageOf(current.user.companyId === PERSONAL_CONSOLE_ID ? [] : affiliatesOf(current), request),
    ),
  [PATHS.subCompanyTabs]: (current) =>
    answer(current.user.companyId === PERSONAL_CONSOLE_ID ? [] : stateOf(current).tabs),
  [PATHS.subCompanySendMsg]: companyConsole((current, locale, request) => {
    const found = candidate(
      current,
      locale,
      bodyOf<{ companyName?: string }>(request).companyName ?? '',
    );
    if ('status' in found) return found;
    return answer({
      resendAfter: SMS_RESEND_AFTER_MS / 1000,
      expiresIn: SMS_CODE_TTL_MS / 1000,
      phone: `${found.phone.slice(0, 3)}****${found.phone.slice(-4)}`,
    });
  }),
  [PATHS.subCompanyLink]: companyConsole((current, locale, request) => {
    const { companyName = '', code = '' } = bodyOf<{ companyName?: string; code?: string }>(
      request,
    );
    const found = candidate(current, locale, companyName);
    if ('status' in found) return found;
    if (!/^\d{6}$/.test(code)) return refusal(400, 'smsCodeWrong', locale);
    const linked: SubCompany = {
      id: found.id,
      fullName: found.name,
      authStatus: found.authStatus,
      launchAuth: true,
      linkedAt: stamp(),
    };
    affiliatesOf(current).unshift(linked);
    return answer(linked);
  }),
  [PATHS.subCompanySetStatus]: companyConsole((current, locale, request) => {
    const { id, launchAuth } = bodyOf<{ id?: string; launchAuth?: boolean }>(request);
    const company = affiliatesOf(current).find((linked) => linked.id === String(id));
    if (!company) return refusal(404, 'subCompanyNotLinked', locale);
    company.launchAuth = Boolean(launchAuth);
    return answer(company);
  }),
};
