/**
 * The demo API's answers to the calls of personal real-name verification and the operators'
 * reviews, by path. Like the development providers: an ID number or bank card number ending in 4
 * fails; the code 000000 is the wrong one (any other six digits pass); the face check passes at
 * once. A verification changes the console's user (authStep VERIFIED and the name), so the
 * user info the page asks for afterwards says so. The demo user is an operator; the account
 * `DEMO_REJECTED_PHONE` has a manual review rejected with `DEMO_REJECTION_REASON`. Two companies'
 * authorisation letters (`DEMO_COMPANY_REVIEWS`, a PDF and a PNG) wait for the operator.
 */
import {
  CODES,
  DEVELOPMENT_FAILING_DIGIT,
  PATHS,
  SMS_CODE_TTL_MS,
  SMS_RESEND_AFTER_MS,
  artificialAuthSchema,
  bankCardAuthSchema,
  check,
  fail,
  message,
  ok,
  operatorCompanyDecideSchema,
  operatorCompanyReviewsQuerySchema,
  operatorDecideSchema,
  realNameAuthSchema,
  realNameCodeSchema,
  type Locale,
  type MessageKey,
  type OperatorCompanyReview,
  type OperatorReview,
  type RealNameReview,
  type RealNameState,
  type ReviewStatus,
} from '@esign/platform';
import type { Answer } from './demoApi';
import type { DemoConsole } from './demoData';
import type { ConsoleCall } from './demoTemplates';
import { bodyOf, paramOf } from './demoRequest';

/** The account whose manual review an operator rejected, and why. */
export const DEMO_REJECTED_PHONE = '13900000077';
export const DEMO_REJECTION_REASON = 'The photo of the back of the card is blurred';

/** The reviews waiting on the operator's screen. */
export const DEMO_PENDING_REVIEWS: OperatorReview[] = [
  {
    id: 31,
    userId: 41,
    name: 'Zhang Wei',
    idNumber: '110***********2315',
    phone: '139****1201',
    status: 'pending',
    reason: null,
    createdAt: '2026-11-23T01:20:00.000Z',
    decidedAt: null,
  },
  {
    id: 32,
    userId: 42,
    name: '刘洋',
    idNumber: '320***********4411',
    phone: '137****8832',
    status: 'pending',
    reason: null,
    createdAt: '2026-11-23T06:45:00.000Z',
    decidedAt: null,
  },
];

const REJECTED_REVIEW: RealNameReview = {
  id: 30,
  name: 'Chen Jing',
  idNumber: '440***********1235',
  status: 'rejected',
  reason: DEMO_REJECTION_REASON,
  createdAt: '2026-11-20T02:00:00.000Z',
  decidedAt: '2026-11-20T08:30:00.000Z',
};

/** Companies' authorisation letters waiting on the operator's "Company letters" tab. */
export const DEMO_COMPANY_REVIEWS: OperatorCompanyReview[] = [
  {
    id: '61',
    kind: 'company',
    companyName: 'Hangzhou Lantern Trading Co., Ltd.',
    creditCode: '91330100MA2KXXXX1Q',
    legalName: 'Wang Fang',
    applicantName: 'Zhang Wei',
    applicantPhone: '139****1201',
    letterType: 'pdf',
    status: 'pendingReview',
    reason: null,
    submittedAt: '2026-11-23T02:10:00.000Z',
    reviewedAt: null,
    companyId: null,
  },
  {
    id: '62',
    kind: 'business',
    companyName: '成都市锦江区小李面馆',
    creditCode: '92510104MA6CXXXX2P',
    legalName: '李明',
    applicantName: '李明',
    applicantPhone: '137****8832',
    letterType: 'png',
    status: 'pendingReview',
    reason: null,
    submittedAt: '2026-11-23T07:30:00.000Z',
    reviewedAt: null,
    companyId: null,
  },
];
/** A one-page PDF saying "Authorisation letter": what the demo's PDF letters are. */
const LETTER_PDF = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 420 297] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
  '4 0 obj << /Length 52 >> stream',
  'BT /F1 24 Tf 60 150 Td (Authorisation letter) Tj ET',
  'endstream endobj',
  '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
].join('\n');
/** A 1×1 PNG: what the demo's image letters are. */
const LETTER_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A two-colour card drawn in SVG: what the demo's ID photos show. */
const PHOTO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" rx="12" fill="#e6f4ff"/><rect x="20" y="40" width="90" height="120" fill="#91caff"/><text x="130" y="100" font-size="20">ID CARD</text></svg>';

interface DemoRealNameState {
  review: RealNameReview | null;
  reviews: OperatorReview[];
  companyReviews: OperatorCompanyReview[];
}

const states = new WeakMap<DemoConsole, DemoRealNameState>();

function stateOf(current: DemoConsole): DemoRealNameState {
  let state = states.get(current);
  if (!state) {
    state = {
      review: current.user.phone === DEMO_REJECTED_PHONE ? structuredClone(REJECTED_REVIEW) : null,
      reviews: structuredClone(DEMO_PENDING_REVIEWS),
      companyReviews: structuredClone(DEMO_COMPANY_REVIEWS),
    };
    states.set(current, state);
  }
  return state;
}

const answer = (data: unknown): Answer => ({ status: 200, body: ok(data) });
const refused = (key: MessageKey, locale: Locale, status: number = CODES.badRequest): Answer => ({
  status,
  body: fail(status, message(key, locale)),
});
/** A refusal saying the first problem the platform's rules found, as the server does. */
const invalid = (issues: readonly { message: string }[]): Answer => ({
  status: CODES.badRequest,
  body: fail(CODES.badRequest, issues[0]?.message ?? ''),
});
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
const fails = (value: string) => value.trim().endsWith(DEVELOPMENT_FAILING_DIGIT);

/** The console's user verified under `name`: what user info answers from now on. */
function verify(current: DemoConsole, name: string): Answer {
  current.user = { ...current.user, authStep: 'VERIFIED', name };
  return answer({ verified: true, name });
}

const verifiedAlready = (current: DemoConsole) => current.user.authStep === 'VERIFIED';

export const REAL_NAME_CALLS: Record<string, ConsoleCall> = {
  [PATHS.realNameState]: (current) => {
    const verified = verifiedAlready(current);
    const state: RealNameState = {
      verified,
      name: verified ? current.user.name : '',
      phone: masked(current.user.phone),
      review: stateOf(current).review,
      operator: true,
      development: { identity: true, face: true, bankCard: true },
      available: { phone: true, face: true, bankCard: true, manual: true },
    };
    return answer(state);
  },
  [PATHS.sendMsgForAuth]: (current, locale, request) => {
    const checked = check(realNameCodeSchema, bodyOf(request), locale);
    if (!checked.ok) return invalid(checked.issues);
    if (verifiedAlready(current)) return refused('realNameAlreadyVerified', locale, 409);
    return answer({
      phone: masked(current.user.phone),
      resendAfter: SMS_RESEND_AFTER_MS / 1000,
      expiresIn: SMS_CODE_TTL_MS / 1000,
    });
  },
  [PATHS.realNameAuth]: (current, locale, request) => {
    const checked = check(realNameAuthSchema, bodyOf(request), locale);
    if (!checked.ok) return invalid(checked.issues);
    if (checked.value.code === '000000') return refused('smsCodeWrong', locale);
    if (fails(checked.value.idNumber)) return refused('realNameIdentityMismatch', locale);
    return verify(current, checked.value.name);
  },
  [PATHS.authByBankcard]: (current, locale, request) => {
    const checked = check(bankCardAuthSchema, bodyOf(request), locale);
    if (!checked.ok) return invalid(checked.issues);
    if (fails(checked.value.idNumber) || fails(checked.value.bankCard)) {
      return refused('realNameBankCardMismatch', locale);
    }
    return verify(current, checked.value.name);
  },
  [PATHS.realNameFaceUrl]: () =>
    answer({ url: 'about:blank', reference: 'demo-face-check', development: true }),
  [PATHS.realNameFaceResult]: (current, _locale, request) => {
    const name = paramOf(request, 'name') || current.user.name;
    const verified = verify(current, name);
    return answer({ status: 'passed', ...(verified.body as { data: object }).data });
  },
  [PATHS.artificialAuth]: (current, locale, request) => {
    const checked = check(artificialAuthSchema, bodyOf(request), locale);
    if (!checked.ok) return invalid(checked.issues);
    const review: RealNameReview = {
      id: 50,
      name: checked.value.name,
      idNumber: `${checked.value.idNumber.slice(0, 3)}***********${checked.value.idNumber.slice(-4)}`,
      status: 'pending',
      reason: null,
      createdAt: new Date().toISOString(),
      decidedAt: null,
    };
    stateOf(current).review = review;
    return answer(review);
  },
  [PATHS.idPhoto]: () => ({
    status: 200,
    body: new Blob([PHOTO_SVG], { type: 'image/svg+xml' }),
  }),
  [PATHS.operatorReviews]: (current, _locale, request) => {
    const status = (paramOf(request, 'status') || 'pending') as ReviewStatus;
    return answer(stateOf(current).reviews.filter((review) => review.status === status));
  },
  [PATHS.operatorDecide]: (current, locale, request) => {
    const checked = check(operatorDecideSchema, bodyOf(request), locale);
    if (!checked.ok) return invalid(checked.issues);
    const { id, approve, reason } = checked.value;
    if (!approve && !reason) return refused('reviewReasonRequired', locale);
    const review = stateOf(current).reviews.find((each) => each.id === id);
    if (!review) return refused('notFound', locale, 404);
    if (review.status !== 'pending') return refused('reviewDecided', locale, 409);
    review.status = approve ? 'approved' : 'rejected';
    review.reason = approve ? null : (reason ?? null);
    review.decidedAt = new Date().toISOString();
    return answer(review);
  },
  [PATHS.operatorCompanyReviews]: (current, locale, request) => {
    const checked = check(
      operatorCompanyReviewsQuerySchema,
      { status: paramOf(request, 'status') || undefined },
      locale,
    );
    if (!checked.ok) return invalid(checked.issues);
    const status = checked.value.status ?? 'pendingReview';
    return answer(stateOf(current).companyReviews.filter((review) => review.status === status));
  },
  [PATHS.operatorCompanyDecide]: (current, locale, request) => {
    const checked = check(operatorCompanyDecideSchema, bodyOf(request), locale);
    if (!checked.ok) return invalid(checked.issues);
    const { id, approve, reason } = checked.value;
    if (!approve && !reason) return refused('reviewReasonRequired', locale);
    const review = stateOf(current).companyReviews.find((each) => Number(each.id) === id);
    if (!review) return refused('companyAuthNotFound', locale, 404);
    if (review.status !== 'pendingReview') return refused('companyReviewDecided', locale, 409);
    review.status = approve ? 'approved' : 'rejected';
    review.reason = approve ? null : (reason ?? null);
    review.reviewedAt = new Date().toISOString();
    review.companyId = approve ? 900 + id : null;
    return answer(review);
  },
  /** The letter of a demo application, to the operator (the demo user is one). */
  [PATHS.certificateLetter]: (current, locale, request) => {
    const review = stateOf(current).companyReviews.find(
      (each) => each.id === paramOf(request, 'id'),
    );
    if (!review?.letterType) return refused('notFound', locale, 404);
    return {
      status: 200,
      body:
        review.letterType === 'pdf'
          ? new Blob([LETTER_PDF], { type: 'application/pdf' })
          : new Blob([Uint8Array.from(atob(LETTER_PNG_BASE64), (c) => c.charCodeAt(0))], {
              type: 'image/png',
            }),
    };
  },
};
