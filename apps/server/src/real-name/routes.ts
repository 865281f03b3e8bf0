import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ID_PHOTO_CONTENT_TYPES,
  ID_PHOTO_MAX_BYTES,
  PATHS,
  artificialAuthSchema,
  bankCardAuthSchema,
  idPhotoQuerySchema,
  realNameAuthSchema,
  realNameCodeSchema,
  realNameFaceResultSchema,
  realNameFaceSchema,
  type CodeSent,
  type IdPhotoType,
  type RealNameFaceResult,
  type RealNameFaceStart,
  type RealNameReview,
  type RealNameState,
  type RealNameVerified,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AccessClaims } from '../auth/tokens';
import type { AppContext } from '../context';
import { maskPhone } from '../contracts/auth-codes';
import { ApiError, route } from '../http/route';
import { isOperator } from '../operator/access';
import { requireCode, sendCode, SMS_CODE_RATE_LIMIT } from '../sms/codes';
import { readIdPhoto, type IdPhoto } from './id-photos';
import { realNameProviders } from './providers';
import {
  assertClaimable,
  checkLimits,
  countAttempt,
  idHashOf,
  maskIdNumber,
  recordVerified,
  reviewLimits,
  shownReview,
  type ReviewRow,
} from './verify';

const TAG = 'blade-user';
const PERSON = { name: '张三', idNumber: '110101199003071235', agreement: true as const };
const PHOTO =
  'data:image/svg+xml;base64,' +
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>').toString('base64');

/** Personal real-name verification (busi-user): the methods, their providers, and the applicant's review. */
export async function realNameRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database, storage, key } = context;
  const providers = realNameProviders(context);

  const phoneOf = async (session: AccessClaims): Promise<string> => {
    const [user] = await database.query<{ phone: string }>(
      'SELECT phone FROM users WHERE id = $1',
      [session.userId],
    );
    if (!user) throw new ApiError('notFound', 404);
    return user.phone;
  };
  const claimOf = async (session: AccessClaims, idNumber: string): Promise<string> => {
    const idHash = idHashOf(key, session.tenantId, idNumber);
    await assertClaimable(database, session.tenantId, session.userId, idHash);
    return idHash;
  };
  const verified = async (
    session: AccessClaims,
    name: string,
    idHash: string,
    method: 'phone' | 'face' | 'bankCard',
  ): Promise<RealNameVerified> => {
    await database.transaction((tx) =>
      recordVerified(tx, {
        tenantId: session.tenantId,
        userId: session.userId,
        name,
        idHash,
        method,
      }),
    );
    return { verified: true, name };
  };
  const latestReview = async (session: AccessClaims): Promise<ReviewRow | undefined> =>
    (
      await database.query<ReviewRow>(
        'SELECT * FROM real_name_reviews WHERE user_id = $1 AND tenant_id = $2 ORDER BY id DESC LIMIT 1',
        [session.userId, session.tenantId],
      )
    )[0];

  route(app, context, {
    method: 'GET',
    path: PATHS.realNameState,
    summary:
      "The signed-in person's real-name state: verified and name, the masked phone codes go to, the latest manual review, whether they are an operator, which methods and development providers there are",
    tag: TAG,
    permission: 'signedIn',
    handler: async ({ session }): Promise<RealNameState> => {
      const [user] = await database.query<{
        phone: string;
        name: string;
        real_name_verified: boolean;
        platform_operator: boolean;
      }>('SELECT phone, name, real_name_verified, platform_operator FROM users WHERE id = $1', [
        session.userId,
      ]);
      if (!user) throw new ApiError('notFound', 404);
      const review = await latestReview(session);
      return {
        verified: user.real_name_verified,
        name: user.real_name_verified ? user.name : '',
        phone: maskPhone(user.phone),
        review: review ? shownReview(review) : null,
        operator: user.platform_operator,
        development: {
          identity: providers.identity?.development ?? false,
          face: context.face?.development ?? false,
          bankCard: providers.bankCard?.development ?? false,
        },
        available: {
          phone: providers.identity !== null,
          face: context.face !== null,
          bankCard: providers.bankCard !== null,
          manual: true,
        },
      };
    },
  });

  // Phone three-element: the code goes to the account's own phone; `auth` checks it, then asks
  // the identity provider whether name, ID number and that phone belong together.
  route(app, context, {
    method: 'POST',
    path: PATHS.sendMsgForAuth,
    summary:
      "Phone three-element, step 1: checks the claimed name and ID number (agreement accepted, not verified yet, ID number not another account's) and sends a code to the account's phone",
    tag: TAG,
    permission: 'signedIn',
    rateLimited: SMS_CODE_RATE_LIMIT,
    body: realNameCodeSchema,
    example: { body: PERSON },
    handler: async ({ session, body, request }): Promise<CodeSent & { phone: string }> => {
      if (!providers.identity) throw new ApiError('realNameMethodUnavailable', 409);
      await claimOf(session, body.idNumber);
      const phone = await phoneOf(session);
      const sent = await sendCode(
        context,
        { tenantId: session.tenantId, phone, purpose: 'real-name' },
        request.ip,
      );
      return { ...sent, phone: maskPhone(phone) };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.realNameAuth,
    summary:
      "Phone three-element, step 2: the code sent to the account's phone, then the identity provider; on a match the account is verified under that name (ID number kept hashed)",
    tag: TAG,
    permission: 'signedIn',
    body: realNameAuthSchema,
    example: { body: { ...PERSON, code: '123456' } },
    handler: async ({ session, body, request }): Promise<RealNameVerified> => {
      const identity = providers.identity;
      if (!identity) throw new ApiError('realNameMethodUnavailable', 409);
      const idHash = await claimOf(session, body.idNumber);
      const phone = await phoneOf(session);
      await requireCode(
        context,
        { tenantId: session.tenantId, phone, purpose: 'real-name' },
        body.code,
        { spend: true },
      );
      await countAttempt(
        database,
        checkLimits(session.userId, request.ip),
        'realNameAttemptsExceeded',
      );
      if (!(await identity.matches({ name: body.name, idNumber: body.idNumber, phone }))) {
        throw new ApiError('realNameIdentityMismatch');
      }
      return verified(session, body.name, idHash, 'phone');
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.realNameFaceUrl,
    summary:
      "Face: starts a face check (context.face) of the claimed person and answers the provider's page; the result call verifies once the provider reports passed",
    tag: TAG,
    permission: 'signedIn',
    query: realNameFaceSchema,
    example: { query: { name: PERSON.name, idNumber: PERSON.idNumber, agreement: 'true' } },
    handler: async ({ session, query, request }): Promise<RealNameFaceStart> => {
      const face = context.face;
      if (!face) throw new ApiError('realNameMethodUnavailable', 409);
      const idHash = await claimOf(session, query.idNumber);
      await countAttempt(
        database,
        checkLimits(session.userId, request.ip),
        'realNameAttemptsExceeded',
      );
      const started = await face.start({ name: query.name, phone: await phoneOf(session) });
      await database.query(
        `INSERT INTO real_name_face_checks (reference, provider, tenant_id, user_id, name, id_hash)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [started.reference, face.name, session.tenantId, session.userId, query.name, idHash],
      );
      return { url: started.url, reference: started.reference, development: face.development };
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.realNameFaceResult,
    summary:
      "Face: how the user's own check stands — pending, or passed (the account is verified); failed answers 'Your face recognition is inconsistent'",
    tag: TAG,
    permission: 'signedIn',
    query: realNameFaceResultSchema,
    example: { query: { reference: 'bm90LWEtcmVhbC1yZWZlcmVuY2Ut' } },
    handler: async ({ session, query }): Promise<RealNameFaceResult> => {
      const face = context.face;
      const [check] = await database.query<{ provider: string; name: string; id_hash: string }>(
        `SELECT provider, name, id_hash FROM real_name_face_checks
         WHERE reference = $1 AND user_id = $2 AND tenant_id = $3`,
        [query.reference, session.userId, session.tenantId],
      );
      if (!check || !face || face.name !== check.provider) throw new ApiError('notFound', 404);
      const outcome = await face.outcome(query.reference);
      if (outcome === 'pending') return { status: 'pending' };
      if (outcome === 'failed') throw new ApiError('faceMismatch');
      const done = await verified(session, check.name, check.id_hash, 'face');
      await database.query('DELETE FROM real_name_face_checks WHERE user_id = $1', [
        session.userId,
      ]);
      return { status: 'passed', ...done };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.authByBankcard,
    summary:
      'Bank card four-element: name, ID number, bank card number and the phone the bank holds, checked by the bank card provider; on a match the account is verified',
    tag: TAG,
    permission: 'signedIn',
    body: bankCardAuthSchema,
    example: { body: { ...PERSON, bankCard: '6222020200112233445', phone: '13800000001' } },
    handler: async ({ session, body, request }): Promise<RealNameVerified> => {
      const bankCard = providers.bankCard;
      if (!bankCard) throw new ApiError('realNameMethodUnavailable', 409);
      const idHash = await claimOf(session, body.idNumber);
      await countAttempt(
        database,
        checkLimits(session.userId, request.ip),
        'realNameAttemptsExceeded',
      );
      const matches = await bankCard.matches({
        name: body.name,
        idNumber: body.idNumber,
        cardNumber: body.bankCard,
        phone: body.phone,
      });
      if (!matches) throw new ApiError('realNameBankCardMismatch');
      return verified(session, body.name, idHash, 'bankCard');
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.artificialAuth,
    summary: `Manual review: name, ID number and both sides of the ID card as data URLs (JPEG, PNG, or SVG made safe, judged by content, at most ${ID_PHOTO_MAX_BYTES / 1024 / 1024} MB each), kept privately until an operator decides`,
    tag: TAG,
    permission: 'signedIn',
    body: artificialAuthSchema,
    bodyLimit: 3 * ID_PHOTO_MAX_BYTES,
    example: { body: { ...PERSON, front: PHOTO, back: PHOTO } },
    handler: async ({ session, body, request }): Promise<RealNameReview> => {
      const idHash = await claimOf(session, body.idNumber);
      if ((await latestReview(session))?.status === 'pending') {
        throw new ApiError('realNameReviewPending', 409);
      }
      const front = readIdPhoto(body.front);
      const back = readIdPhoto(body.back);
      await countAttempt(
        database,
        reviewLimits(session.userId, request.ip),
        'realNameReviewsExceeded',
      );
      const store = async (photo: IdPhoto): Promise<string> => {
        const storageKey = `id-photos/${session.tenantId}/${randomUUID()}`;
        await storage.put(storageKey, Readable.from([photo.bytes]));
        return storageKey;
      };
      const frontKey = await store(front);
      const backKey = await store(back);
      try {
        const [row] = await database.query<ReviewRow>(
          `INSERT INTO real_name_reviews (tenant_id, user_id, name, id_hash, id_masked,
             front_key, front_type, back_key, back_type)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
          [
            session.tenantId,
            session.userId,
            body.name,
            idHash,
            maskIdNumber(body.idNumber),
            frontKey,
            front.type,
            backKey,
            back.type,
          ],
        );
        return shownReview(row!);
      } catch (error) {
        await storage.remove(frontKey);
        await storage.remove(backKey);
        // Two submissions at once: the pending index lets one through.
        if ((error as { code?: string }).code === '23505') {
          throw new ApiError('realNameReviewPending', 409);
        }
        throw error;
      }
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.idPhoto,
    summary:
      "One side of a manual review's ID card, for its applicant and the tenant's operators only (anyone else: 404); served privately, never cached, an SVG sandboxed",
    tag: TAG,
    permission: 'signedIn',
    query: idPhotoQuerySchema,
    example: { query: { reviewId: 1, side: 'front' } },
    handler: async ({ session, query, reply }) => {
      const [review] = await database.query<ReviewRow>(
        'SELECT * FROM real_name_reviews WHERE id = $1 AND tenant_id = $2',
        [query.reviewId, session.tenantId],
      );
      const allowed =
        review &&
        (Number(review.user_id) === session.userId || (await isOperator(database, session.userId)));
      if (!review || !allowed) throw new ApiError('notFound', 404);
      const type = (query.side === 'front' ? review.front_type : review.back_type) as IdPhotoType;
      return reply
        .type(ID_PHOTO_CONTENT_TYPES[type])
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-security-policy',
          "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
        )
        .send(storage.get(query.side === 'front' ? review.front_key : review.back_key));
    },
  });
}
