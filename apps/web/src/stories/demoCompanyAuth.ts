/**
 * The demo API's answers to the calls of company real-name verification, by path, with the
 * server's rules: a name already verified on the platform is refused (check-company says it
 * exists), one unfinished application at a time, any 6-digit code but 000000 is the legal
 * representative's, the development transfer is always 0.35 and three wrong amounts end the
 * application, the face check passes, a letter waits for review. Each story's console starts from
 * no application (or what `demoCompanyAuthFrom` set before the story).
 */
import {
  MICRO_PAYMENT_EXPECTED_HOURS,
  MICRO_PAYMENT_MAX_TRIES,
  PATHS,
  SMS_CODE_TTL_MS,
  SMS_RESEND_AFTER_MS,
  amountCents,
  companyInfoBody,
  fail,
  message,
  type BankOption,
  type CompanyAuthApplication,
  type Locale,
  type MessageKey,
} from '@esign/platform';
import type { Answer, DemoRequest } from './demoApi';
import type { DemoConsole } from './demoData';
import { answer, type ConsoleCall } from './demoTemplates';
import { bodyOf, paramsOf } from './demoRequest';

/** The verified company of the demo platform (check-company finds it). */
export const DEMO_VERIFIED_COMPANY = { id: '1', name: 'Demo Technology Co., Ltd.' };
/** What the development provider "pays" in the demo. */
export const DEMO_TRANSFER_AMOUNT = '0.35';
const DEV_REFERENCE = 'demo-payment-reference-0001';

const BANKS: BankOption[] = [
  { code: 'ICBC', name: 'Industrial and Commercial Bank of China', nameZh: '中国工商银行' },
  { code: 'CCB', name: 'China Construction Bank', nameZh: '中国建设银行' },
  { code: 'CMB', name: 'China Merchants Bank', nameZh: '招商银行' },
];

/** An application of the demo user, as a story may start from it. */
export function demoApplication(
  changes: Partial<CompanyAuthApplication> = {},
): CompanyAuthApplication {
  return {
    id: '501',
    kind: 'company',
    companyName: 'Hangzhou Lakeside Trading Co., Ltd.',
    creditCode: '91330106MA2H000X1Y',
    legalName: '王五',
    legalPhone: '',
    method: null,
    status: 'pending',
    payment: null,
    letter: false,
    reason: null,
    companyId: null,
    createdAt: '2025-03-01 09:30:00',
    ...changes,
  };
}

let pending: readonly CompanyAuthApplication[] | null = null;
const consoles = new WeakMap<
  DemoConsole,
  { applications: CompanyAuthApplication[]; tries: number }
>();

/** The applications the next story's console starts from (call it in the story's `beforeEach`). */
export function demoCompanyAuthFrom(applications: readonly CompanyAuthApplication[]): void {
  pending = applications;
}

function stateOf(current: DemoConsole) {
  let state = consoles.get(current);
  if (!state) {
    state = { applications: (pending ?? []).map((item) => ({ ...item })), tries: 0 };
    pending = null;
    consoles.set(current, state);
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
  body: { ...fail(status, message(text, locale)), data },
});

/** The user's unfinished application of that id; an answer when there is none. */
function unfinished(current: DemoConsole, locale: Locale, id: unknown) {
  const found = stateOf(current).applications.find((item) => item.id === String(id));
  if (!found) return refusal(404, 'companyAuthNotFound', locale);
  if (found.status === 'pendingReview') return refusal(409, 'companyAuthInReview', locale);
  if (found.status !== 'pending') return refusal(409, 'companyAuthFinished', locale);
  return found;
}

const approve = (application: CompanyAuthApplication) =>
  Object.assign(application, { status: 'approved', companyId: 3001 });

/**
 * A copy to answer with: the demo keeps changing its own objects, and the query cache must see new
 * ones (an answer that is the cached object itself would change nothing on screen).
 */
const copy = (application: CompanyAuthApplication): CompanyAuthApplication => ({
  ...application,
  payment: application.payment && { ...application.payment },
});

const stamp = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

function validate(locale: Locale, request: DemoRequest) {
  const parsed = companyInfoBody.safeParse(bodyOf(request));
  if (!parsed.success) {
    return refusal(400, (parsed.error.issues[0]?.message ?? 'invalidValue') as MessageKey, locale);
  }
  if (parsed.data.companyName.toLowerCase() === DEMO_VERIFIED_COMPANY.name.toLowerCase()) {
    return refusal(409, 'companyAuthNameTaken', locale);
  }
  return parsed.data;
}

export const COMPANY_AUTH_CALLS: Record<string, ConsoleCall> = {
  [PATHS.checkCompany]: (_current, _locale, request) => {
    const name = (bodyOf<{ companyName?: string }>(request).companyName ?? '').trim();
    const exists = name.toLowerCase() === DEMO_VERIFIED_COMPANY.name.toLowerCase();
    return answer({ exists, companyId: exists ? DEMO_VERIFIED_COMPANY.id : null });
  },
  [PATHS.validateCompanyInfo]: (_current, locale, request) => {
    const valid = validate(locale, request);
    return 'body' in valid ? valid : answer({ valid: true });
  },
  [PATHS.beginCompanyAuth]: (current, locale, request) => {
    const valid = validate(locale, request);
    if ('body' in valid) return valid;
    const { applications } = stateOf(current);
    if (applications.some((item) => item.status === 'pending' || item.status === 'pendingReview')) {
      return refusal(409, 'companyAuthOpen', locale);
    }
    const application = demoApplication({
      id: String(600 + applications.length),
      kind: valid.kind ?? 'company',
      companyName: valid.companyName,
      creditCode: valid.creditCode,
      legalName: valid.legalName,
      createdAt: stamp(),
    });
    applications.unshift(application);
    return answer(copy(application));
  },
  [PATHS.companyAuthList]: (current) => answer(stateOf(current).applications.map(copy)),
  [PATHS.enterpriseInfo]: (current, locale, request) => {
    const found = stateOf(current).applications.find((item) => item.id === paramsOf(request).id);
    return found ? answer(copy(found)) : refusal(404, 'companyAuthNotFound', locale);
  },
  [PATHS.companyLegalAuth]: (current, locale, request) => {
    const { id, legalPhone = '' } = bodyOf<{ id?: string; legalPhone?: string }>(request);
    const found = unfinished(current, locale, id);
    if ('body' in found) return found;
    if (!/^1[3-9]\d{9}$/.test(legalPhone)) return refusal(400, 'phoneInvalid', locale);
    const masked = `${legalPhone.slice(0, 3)}****${legalPhone.slice(-4)}`;
    Object.assign(found, { method: 'legal', legalPhone: masked });
    return answer({
      resendAfter: SMS_RESEND_AFTER_MS / 1000,
      expiresIn: SMS_CODE_TTL_MS / 1000,
      phone: masked,
    });
  },
  [PATHS.companyAuthByLegal]: (current, locale, request) => {
    const { id, code = '' } = bodyOf<{ id?: string; code?: string }>(request);
    const found = unfinished(current, locale, id);
    if ('body' in found) return found;
    if (found.method !== 'legal') return refusal(409, 'companyAuthMethodFirst', locale);
    if (!/^\d{6}$/.test(code) || code === '000000') return refusal(400, 'smsCodeWrong', locale);
    return answer(copy(approve(found)));
  },
  [PATHS.bankDropDown]: () => answer(BANKS),
  [PATHS.applyMicroPayment]: (current, locale, request) => {
    const { id, bankCode = '', bankAccount = '' } = bodyOf<Record<string, string>>(request);
    const found = unfinished(current, locale, id);
    if ('body' in found) return found;
    const bank = BANKS.find((item) => item.code === bankCode);
    if (!bank) return refusal(400, 'bankRequired', locale);
    const account = bankAccount.replace(/\s+/g, '');
    if (account.endsWith('4')) return refusal(400, 'paymentTransferFailed', locale);
    found.method = 'payment';
    found.payment = {
      bankName: locale === 'zh' ? bank.nameZh : bank.name,
      account: `****${account.slice(-4)}`,
      attemptsLeft: found.payment?.attemptsLeft ?? MICRO_PAYMENT_MAX_TRIES,
      development: true,
      devReference: DEV_REFERENCE,
    };
    return answer({
      application: copy(found),
      expectedHours: MICRO_PAYMENT_EXPECTED_HOURS,
      development: true,
      devReference: DEV_REFERENCE,
    });
  },
  [PATHS.devPayment]: () =>
    answer({ amount: DEMO_TRANSFER_AMOUNT, bankCode: 'ICBC', account: '6222020200112233' }),
  [PATHS.companyAuthByMicroPayment]: (current, locale, request) => {
    const { id, amount = '' } = bodyOf<{ id?: string; amount?: string }>(request);
    const found = unfinished(current, locale, id);
    if ('body' in found) return found;
    if (!found.payment) return refusal(409, 'companyAuthMethodFirst', locale);
    if (amountCents(amount) === amountCents(DEMO_TRANSFER_AMOUNT))
      return answer(copy(approve(found)));
    const left = found.payment.attemptsLeft - 1;
    found.payment = { ...found.payment, attemptsLeft: left };
    if (left <= 0) {
      found.status = 'failed';
      return refusal(409, 'paymentAttemptsExceeded', locale, { attemptsLeft: 0 });
    }
    return refusal(400, 'paymentAmountWrong', locale, { attemptsLeft: left });
  },
  [PATHS.companyFaceAuthUrl]: (current, locale, request) => {
    const found = unfinished(current, locale, paramsOf(request).id);
    if ('body' in found) return found;
    found.method = 'face';
    return answer({ url: 'about:blank', development: true });
  },
  [PATHS.companyFaceAuthResult]: (current, locale, request) => {
    const found = unfinished(current, locale, paramsOf(request).id);
    if ('body' in found) return found;
    return answer(copy(approve(found)));
  },
  [PATHS.certificateAuth]: (current, locale, request) => {
    const { id, letter = '' } = bodyOf<{ id?: string; letter?: string }>(request);
    const found = stateOf(current).applications.find((item) => item.id === String(id));
    if (!found) return refusal(404, 'companyAuthNotFound', locale);
    if (!/^data:(application\/pdf|image\/(png|jpeg));base64,/.test(letter)) {
      return refusal(400, 'letterInvalid', locale);
    }
    Object.assign(found, { method: 'letter', status: 'pendingReview', letter: true });
    return answer(copy(found));
  },
  [PATHS.removeConnect]: (current, locale, request) => {
    const { id } = bodyOf<{ id?: string }>(request);
    const found = stateOf(current).applications.find((item) => item.id === String(id));
    if (!found) return refusal(404, 'companyAuthNotFound', locale);
    if (found.status !== 'pending' && found.status !== 'pendingReview') {
      return refusal(409, 'companyAuthFinished', locale);
    }
    found.status = 'withdrawn';
    return answer(copy(found));
  },
};
