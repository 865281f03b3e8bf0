import { randomInt, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  COMPANY_AUTH_CODE_PURPOSE,
  LETTER_CONTENT_TYPES,
  LETTER_MAX_BYTES,
  MICRO_PAYMENT_EXPECTED_HOURS,
  MICRO_PAYMENT_MAX_TRIES,
  PATHS,
  amountCents,
  certificateBody,
  companyAuthByLegalBody,
  companyAuthIdBody,
  companyAuthIdQuery,
  companyInfoBody,
  companyLegalAuthBody,
  companyNameBody,
  microPaymentAmountBody,
  microPaymentBody,
  type BankOption,
  type CompanyAuthApplication,
  type CompanyAuthMethod,
  type CompanyCheck,
  type CompanyCodeSentTo,
  type CompanyFaceStarted,
  type CompanyInfoValid,
  type LetterType,
  type MicroPaymentSent,
  detectImageType,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AccessClaims } from '../auth/tokens';
import { maskPhone } from '../contracts/auth-codes';
import type { AppContext } from '../context';
import type { Queryable } from '../db';
import { ApiError, route } from '../http/route';
import { BANKS, bankOf } from '../providers/payment/banks';
import { paymentProvider } from '../providers/payment/configure';
import {
  DEVELOPMENT_PAYMENT_PROVIDER,
  developmentPaymentRoutes,
} from '../providers/payment/development';
import { firstReached, lockBuckets, recordEvents, type Limit } from '../rate-limits';
import { type CodeTarget, requireCode, sendCode, SMS_CODE_RATE_LIMIT } from '../sms/codes';
import { listTime } from '../templates/access';
import { approveApplication, refuseTaken } from './approve';

const TAG = 'blade-user';
const HOUR_S = 60 * 60;
const DAY_S = 24 * HOUR_S;

interface ApplicationRow {
  id: string;
  tenant_id: string;
  user_id: string;
  kind: 'company' | 'business';
  full_name: string;
  credit_code: string;
  legal_name: string;
  legal_phone: string;
  method: CompanyAuthMethod | null;
  status: string;
  bank_code: string | null;
  bank_account: string | null;
  payment_cents: number | null;
  payment_tries: number;
  payment_provider: string | null;
  payment_reference: string | null;
  face_provider: string | null;
  face_reference: string | null;
  letter_key: string | null;
  letter_type: LetterType | null;
  review_reason: string | null;
  company_id: string | null;
  created: string;
}

const COLUMNS = `*, ${listTime('created_at')} AS created`;

function toApplication(row: ApplicationRow): CompanyAuthApplication {
  const bank = row.bank_code ? bankOf(row.bank_code) : undefined;
  return {
    id: String(row.id),
    kind: row.kind,
    companyName: row.full_name,
    creditCode: row.credit_code,
    legalName: row.legal_name,
    legalPhone: row.legal_phone ? maskPhone(row.legal_phone) : '',
    method: row.method,
    status: row.status === 'pending_review' ? 'pendingReview' : (row.status as never),
    payment:
      row.payment_cents !== null && row.bank_account
        ? {
            bankName: bank?.name ?? row.bank_code ?? '',
            account: `****${row.bank_account.slice(-4)}`,
            attemptsLeft: Math.max(0, MICRO_PAYMENT_MAX_TRIES - Number(row.payment_tries)),
            development: row.payment_provider === DEVELOPMENT_PAYMENT_PROVIDER,
            devReference:
              row.payment_provider === DEVELOPMENT_PAYMENT_PROVIDER ? row.payment_reference : null,
          }
        : null,
    letter: row.letter_key !== null,
    reason: row.review_reason,
    companyId: row.company_id === null ? null : Number(row.company_id),
    createdAt: row.created,
  };
}

/** Counts one event in each limit's bucket, or refuses with 429 when one is reached (nothing counted). */
async function spendLimits(tx: Pick<Queryable, 'query'>, limits: Limit[]): Promise<void> {
  const buckets = [...new Set(limits.map((limit) => limit.bucket))];
  await lockBuckets(tx, buckets);
  if (await firstReached(tx, limits)) throw new ApiError('companyAuthTooMany', 429);
  await recordEvents(tx, buckets);
}

/** The PDF, JPEG or PNG a data URL holds, judged by its bytes; null for anything else. */
function letterOf(dataUrl: string): { type: LetterType; bytes: Buffer } | null {
  const match = /^data:[\w.+/-]*(?:;[\w=-]+)*;base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!match) return null;
  const bytes = Buffer.from(match[1]!, 'base64');
  if (bytes.length === 0 || bytes.length > LETTER_MAX_BYTES) return null;
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { type: 'pdf', bytes };
  const image = detectImageType(bytes);
  return image ? { type: image, bytes } : null;
}

/**
 * Company real-name verification (busi-company): a real-name-verified person checks the company
 * (check-company, validate-company-info), begins an application (begin-company-auth) and proves it
 * by one method — the legal representative's SMS code (company-legal-auth, send-msg-for-company-
 * auth, company-auth-by-legal), a micro-payment backfilled (apply-micro-payment, company-auth-by-
 * micro-payment: three wrong amounts end the application), the legal representative's face
 * (get-face-auth-url, face-auth-result) — and the company is made at once with the applicant as
 * its system administrator; or uploads the signed authorisation letter (certificate-auth), which
 * waits as pending_review for a platform operator (see CONTEXT.md). Every call is the user's own:
 * applications belong to the account, whatever console the session is in; another user's
 * application answers 404.
 */
export async function companyAuthRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database, storage } = context;
  const payment = () => paymentProvider(context, app.log);

  async function own(
    db: Pick<Queryable, 'query'>,
    session: AccessClaims,
    id: number,
    lock = false,
  ): Promise<ApplicationRow> {
    const [row] = await db.query<ApplicationRow>(
      `SELECT ${COLUMNS} FROM company_auth_applications
       WHERE id = $1 AND user_id = $2 AND tenant_id = $3 ${lock ? 'FOR UPDATE' : ''}`,
      [id, session.userId, session.tenantId],
    );
    if (!row) throw new ApiError('companyAuthNotFound', 404);
    return row;
  }

  /** An application a method may still act on: pending (pending_review only for `review`). */
  function unfinished(row: ApplicationRow, { review = false } = {}): void {
    if (row.status === 'pending_review' && !review) throw new ApiError('companyAuthInReview', 409);
    if (row.status !== 'pending' && row.status !== 'pending_review') {
      throw new ApiError('companyAuthFinished', 409);
    }
  }

  const reload = async (session: AccessClaims, id: number) =>
    toApplication(await own(database, session, id));

  async function approve(session: AccessClaims, id: number): Promise<CompanyAuthApplication> {
    await database.transaction((tx) => approveApplication(tx, id));
    return reload(session, id);
  }

  const legalTarget = (session: AccessClaims, phone: string): CodeTarget => ({
    tenantId: session.tenantId,
    phone,
    purpose: COMPANY_AUTH_CODE_PURPOSE,
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.checkCompany,
    example: { body: { companyName: 'Example Trading Co., Ltd.' } },
    summary:
      'Whether a verified company of that name is on the platform (then the user may apply to join it)',
    tag: TAG,
    permission: 'signedIn',
    body: companyNameBody,
    handler: async ({ session, body }): Promise<CompanyCheck> => {
      const [row] = await database.query<{ id: string }>(
        `SELECT id FROM companies WHERE tenant_id = $1 AND lower(full_name) = lower($2)
           AND auth_status = 1 AND written_off_at IS NULL`,
        [session.tenantId, body.companyName],
      );
      return { exists: Boolean(row), companyId: row ? String(row.id) : null };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.validateCompanyInfo,
    example: {
      body: {
        companyName: 'Example Trading Co., Ltd.',
        creditCode: '91350211M0000XUH0J',
        legalName: 'Zhang San',
      },
    },
    summary:
      'Checks a company’s name, unified social credit code and legal representative before verifying it (taken ones refused)',
    tag: TAG,
    permission: 'signedIn',
    realName: true,
    body: companyInfoBody,
    handler: async ({ session, body }): Promise<CompanyInfoValid> => {
      await refuseTaken(database, session.tenantId, body.companyName, body.creditCode);
      return { valid: true };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.beginCompanyAuth,
    example: {
      body: {
        companyName: 'Example Trading Co., Ltd.',
        creditCode: '91350211M0000XUH0J',
        legalName: 'Zhang San',
      },
    },
    summary:
      'Begins verifying a company (or an individual business): a pending application of the signed-in, real-name-verified user',
    tag: TAG,
    permission: 'signedIn',
    realName: true,
    body: companyInfoBody,
    handler: async ({ session, body, request }): Promise<CompanyAuthApplication> => {
      await refuseTaken(database, session.tenantId, body.companyName, body.creditCode);
      const id = await database.transaction(async (tx) => {
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [session.userId]);
        const [open] = await tx.query(
          `SELECT 1 FROM company_auth_applications
           WHERE user_id = $1 AND status IN ('pending', 'pending_review')`,
          [session.userId],
        );
        if (open) throw new ApiError('companyAuthOpen', 409);
        await spendLimits(tx, [
          { bucket: `company-auth:begin:user:${session.userId}`, max: 10, windowS: DAY_S },
          { bucket: `company-auth:begin:ip:${request.ip}`, max: 30, windowS: DAY_S },
        ]);
        const [row] = await tx.query<{ id: string }>(
          `INSERT INTO company_auth_applications
             (tenant_id, user_id, kind, full_name, credit_code, legal_name)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [
            session.tenantId,
            session.userId,
            body.kind ?? 'company',
            body.companyName,
            body.creditCode,
            body.legalName,
          ],
        );
        return Number(row!.id);
      });
      return reload(session, id);
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.enterpriseInfo,
    example: { query: { id: '1' } },
    summary: 'One of the signed-in user’s company verifications and how it stands',
    tag: TAG,
    permission: 'signedIn',
    query: companyAuthIdQuery,
    handler: async ({ session, query }) => reload(session, query.id),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.companyAuthList,
    summary:
      'The signed-in user’s company verifications, newest first; approved ones name the company made',
    tag: TAG,
    permission: 'signedIn',
    handler: async ({ session }): Promise<CompanyAuthApplication[]> => {
      const rows = await database.query<ApplicationRow>(
        `SELECT ${COLUMNS} FROM company_auth_applications WHERE user_id = $1 AND tenant_id = $2
         ORDER BY id DESC LIMIT 50`,
        [session.userId, session.tenantId],
      );
      return rows.map(toApplication);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.companyLegalAuth,
    example: { body: { id: '1', legalPhone: '13900000000' } },
    summary:
      'Legal representative method: sends a code to the legal representative’s phone, which they tell the applicant',
    tag: TAG,
    permission: 'signedIn',
    rateLimited: SMS_CODE_RATE_LIMIT,
    realName: true,
    body: companyLegalAuthBody,
    handler: async ({ session, body, request }): Promise<CompanyCodeSentTo> => {
      unfinished(await own(database, session, body.id));
      // Each code may go to another phone: besides the per-phone and per-address limits of
      // sendCode, one account sends at most 10 a day.
      await database.transaction((tx) =>
        spendLimits(tx, [
          { bucket: `company-auth:legal:user:${session.userId}`, max: 10, windowS: DAY_S },
        ]),
      );
      const sent = await sendCode(context, legalTarget(session, body.legalPhone), request.ip);
      await database.query(
        `UPDATE company_auth_applications SET legal_phone = $2, method = 'legal', updated_at = now()
         WHERE id = $1 AND status = 'pending'`,
        [body.id, body.legalPhone],
      );
      return { ...sent, phone: maskPhone(body.legalPhone) };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.sendMsgForCompanyAuth,
    example: { body: { id: '1' } },
    summary: 'Legal representative method: sends the legal representative a new code',
    tag: TAG,
    permission: 'signedIn',
    rateLimited: SMS_CODE_RATE_LIMIT,
    realName: true,
    body: companyAuthIdBody,
    handler: async ({ session, body, request }): Promise<CompanyCodeSentTo> => {
      const row = await own(database, session, body.id);
      unfinished(row);
      if (row.method !== 'legal' || !row.legal_phone) {
        throw new ApiError('companyAuthMethodFirst', 409);
      }
      const sent = await sendCode(context, legalTarget(session, row.legal_phone), request.ip);
      return { ...sent, phone: maskPhone(row.legal_phone) };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.companyAuthByLegal,
    example: { body: { id: '1', code: '123456' } },
    summary:
      'Legal representative method: the code the legal representative received; right, the company is made with the applicant as its administrator',
    tag: TAG,
    permission: 'signedIn',
    realName: true,
    body: companyAuthByLegalBody,
    handler: async ({ session, body }): Promise<CompanyAuthApplication> => {
      const row = await own(database, session, body.id);
      unfinished(row);
      if (row.method !== 'legal' || !row.legal_phone) {
        throw new ApiError('companyAuthMethodFirst', 409);
      }
      await requireCode(context, legalTarget(session, row.legal_phone), body.code, {
        spend: true,
      });
      return approve(session, body.id);
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.bankDropDown,
    summary: 'The banks a company’s account may be at for a micro-payment, with their codes',
    tag: 'blade-system',
    permission: 'signedIn',
    handler: async (): Promise<BankOption[]> =>
      BANKS.map(({ code, name, nameZh }) => ({ code, name, nameZh })),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.applyMicroPayment,
    example: { body: { id: '1', bankCode: 'ICBC', bankAccount: '6222020200112233' } },
    summary: `Micro-payment method: the platform pays a random 0.01–0.99 to the company’s account (expected within about ${MICRO_PAYMENT_EXPECTED_HOURS} hours); wrong amounts already reported still count`,
    tag: TAG,
    permission: 'signedIn',
    realName: true,
    body: microPaymentBody,
    handler: async ({ session, body, request }): Promise<MicroPaymentSent> => {
      const provider = payment();
      if (!provider) throw new ApiError('paymentUnavailable', 409);
      const bank = bankOf(body.bankCode);
      if (!bank) throw new ApiError('bankRequired');
      const row = await own(database, session, body.id);
      unfinished(row);
      await database.transaction((tx) =>
        spendLimits(tx, [
          { bucket: `company-auth:payment:user:${session.userId}`, max: 5, windowS: DAY_S },
          { bucket: `company-auth:payment:ip:${request.ip}`, max: 20, windowS: DAY_S },
        ]),
      );
      const cents = randomInt(1, 100);
      const sent = await provider.transfer({
        bankCode: bank.code,
        cnaps: bank.cnaps,
        account: body.bankAccount,
        accountName: row.full_name,
        amountCents: cents,
        note: `Company verification ${row.id}`,
      });
      if (!sent) throw new ApiError('paymentTransferFailed');
      const changed = await database.query(
        `UPDATE company_auth_applications SET method = 'payment', bank_code = $2, bank_account = $3,
           payment_cents = $4, payment_provider = $5, payment_reference = $6, updated_at = now()
         WHERE id = $1 AND status = 'pending' RETURNING 1`,
        [body.id, bank.code, body.bankAccount, cents, provider.name, sent.reference],
      );
      if (changed.length === 0) throw new ApiError('companyAuthFinished', 409);
      return {
        application: await reload(session, body.id),
        expectedHours: MICRO_PAYMENT_EXPECTED_HOURS,
        development: provider.development,
        devReference: provider.development ? sent.reference : null,
      };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.companyAuthByMicroPayment,
    example: { body: { id: '1', amount: '0.35' } },
    summary:
      'Micro-payment method: the amount the company received; right, the company is made; the third wrong amount ends the application',
    tag: TAG,
    permission: 'signedIn',
    realName: true,
    body: microPaymentAmountBody,
    handler: async ({ session, body }): Promise<CompanyAuthApplication> => {
      const outcome = await database.transaction(async (tx) => {
        const row = await own(tx, session, body.id, true);
        unfinished(row);
        if (row.method !== 'payment' || row.payment_cents === null) {
          throw new ApiError('companyAuthMethodFirst', 409);
        }
        if (amountCents(body.amount) === Number(row.payment_cents)) {
          await approveApplication(tx, body.id);
          return { right: true, left: 0 };
        }
        const tries = Number(row.payment_tries) + 1;
        await tx.query(
          `UPDATE company_auth_applications SET payment_tries = $2::int,
             status = CASE WHEN $2::int >= $3::int THEN 'failed' ELSE status END, updated_at = now()
           WHERE id = $1`,
          [body.id, tries, MICRO_PAYMENT_MAX_TRIES],
        );
        return { right: false, left: MICRO_PAYMENT_MAX_TRIES - tries };
      });
      if (!outcome.right) {
        if (outcome.left <= 0) {
          throw new ApiError('paymentAttemptsExceeded', 409, 409, { attemptsLeft: 0 });
        }
        throw new ApiError('paymentAmountWrong', 400, 400, { attemptsLeft: outcome.left });
      }
      return reload(session, body.id);
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.companyFaceAuthUrl,
    example: { query: { id: '1' } },
    summary:
      'Face method: starts a face check of the company’s legal representative and answers the provider’s page',
    tag: TAG,
    permission: 'signedIn',
    realName: true,
    query: companyAuthIdQuery,
    handler: async ({ session, query }): Promise<CompanyFaceStarted> => {
      const face = context.face;
      if (!face) throw new ApiError('faceUnavailable', 409);
      const row = await own(database, session, query.id);
      unfinished(row);
      await database.transaction((tx) =>
        spendLimits(tx, [
          { bucket: `company-auth:face:user:${session.userId}`, max: 10, windowS: HOUR_S },
        ]),
      );
      const [user] = await database.query<{ phone: string }>(
        'SELECT phone FROM users WHERE id = $1',
        [session.userId],
      );
      const started = await face.start({
        name: row.legal_name,
        phone: row.legal_phone || user!.phone,
      });
      await database.query(
        `UPDATE company_auth_applications SET method = 'face', face_provider = $2,
           face_reference = $3, updated_at = now()
         WHERE id = $1 AND status = 'pending'`,
        [query.id, face.name, started.reference],
      );
      return { url: started.url, development: face.development };
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.companyFaceAuthResult,
    example: { query: { id: '1' } },
    summary:
      "Face method: how the legal representative's check stands — pending, or passed (the company is made); failed answers 'Your face recognition is inconsistent'",
    tag: TAG,
    permission: 'signedIn',
    realName: true,
    query: companyAuthIdQuery,
    handler: async ({ session, query }): Promise<CompanyAuthApplication> => {
      const row = await own(database, session, query.id);
      const face = context.face;
      if (row.status === 'approved') return toApplication(row);
      unfinished(row);
      if (row.method !== 'face' || !row.face_reference || !face) {
        throw new ApiError('companyAuthMethodFirst', 409);
      }
      if (face.name !== row.face_provider) throw new ApiError('companyAuthMethodFirst', 409);
      const outcome = await face.outcome(row.face_reference);
      if (outcome === 'pending') return toApplication(row);
      if (outcome === 'failed') {
        await database.query(
          'UPDATE company_auth_applications SET face_reference = NULL WHERE id = $1',
          [query.id],
        );
        throw new ApiError('faceMismatch');
      }
      return approve(session, query.id);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.certificateAuth,
    example: { body: { id: '1', letter: 'data:application/pdf;base64,JVBERi0xLjQK' } },
    summary: `Authorisation letter method: the signed letter as a data URL (PDF, JPEG or PNG judged by content, at most ${LETTER_MAX_BYTES / 1024 / 1024} MB), kept privately; the application waits for a platform operator`,
    tag: TAG,
    permission: 'signedIn',
    realName: true,
    bodyLimit: Math.ceil((LETTER_MAX_BYTES * 4) / 3) + 64 * 1024,
    body: certificateBody,
    handler: async ({ session, body }): Promise<CompanyAuthApplication> => {
      const letter = letterOf(body.letter);
      if (!letter) throw new ApiError('letterInvalid');
      unfinished(await own(database, session, body.id), { review: true });
      await database.transaction((tx) =>
        spendLimits(tx, [
          { bucket: `company-auth:letter:user:${session.userId}`, max: 10, windowS: DAY_S },
        ]),
      );
      const key = `company-auth/${randomUUID()}.${letter.type}`;
      await storage.put(key, Readable.from([letter.bytes]));
      const [previous] = await database.query<{ letter_key: string | null }>(
        `WITH old AS (SELECT letter_key FROM company_auth_applications WHERE id = $1 FOR UPDATE)
         UPDATE company_auth_applications a SET method = 'letter', status = 'pending_review',
           letter_key = $2, letter_type = $3, updated_at = now()
         FROM old WHERE a.id = $1 AND a.status IN ('pending', 'pending_review')
         RETURNING old.letter_key`,
        [body.id, key, letter.type],
      );
      if (!previous) {
        await storage.remove(key);
        throw new ApiError('companyAuthFinished', 409);
      }
      if (previous.letter_key) await storage.remove(previous.letter_key).catch(() => undefined);
      return reload(session, body.id);
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.certificateLetter,
    example: { query: { id: '1' } },
    summary:
      'The signed authorisation letter of an application, to its applicant and the tenant’s platform operators only (anyone else: 404), never cached',
    tag: TAG,
    permission: 'signedIn',
    query: companyAuthIdQuery,
    handler: async ({ session, query, reply }) => {
      const [row] = await database.query<{
        user_id: string;
        letter_key: string | null;
        letter_type: LetterType | null;
      }>(
        'SELECT user_id, letter_key, letter_type FROM company_auth_applications WHERE id = $1 AND tenant_id = $2',
        [query.id, session.tenantId],
      );
      let allowed = row !== undefined && Number(row.user_id) === session.userId;
      if (row && !allowed) {
        const [operator] = await database.query<{ platform_operator: boolean }>(
          'SELECT platform_operator FROM users WHERE id = $1 AND tenant_id = $2',
          [session.userId, session.tenantId],
        );
        allowed = operator?.platform_operator === true;
      }
      if (!row || !allowed || !row.letter_key || !row.letter_type) {
        throw new ApiError('notFound', 404);
      }
      return reply
        .type(LETTER_CONTENT_TYPES[row.letter_type])
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', `inline; filename="letter-${query.id}.${row.letter_type}"`)
        .send(storage.get(row.letter_key));
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.removeConnect,
    example: { body: { id: '1' } },
    summary:
      'Withdraws one of the user’s unfinished company verifications (its letter is deleted); a new one may then begin',
    tag: TAG,
    permission: 'signedIn',
    body: companyAuthIdBody,
    handler: async ({ session, body }): Promise<CompanyAuthApplication> => {
      const row = await own(database, session, body.id);
      unfinished(row, { review: true });
      const changed = await database.query(
        `UPDATE company_auth_applications SET status = 'withdrawn', letter_key = NULL,
           updated_at = now()
         WHERE id = $1 AND status IN ('pending', 'pending_review') RETURNING 1`,
        [body.id],
      );
      if (changed.length === 0) throw new ApiError('companyAuthFinished', 409);
      if (row.letter_key) await storage.remove(row.letter_key).catch(() => undefined);
      return reload(session, body.id);
    },
  });

  if (context.development) await developmentPaymentRoutes(app, context);
}
