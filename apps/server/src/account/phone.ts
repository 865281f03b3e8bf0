import {
  OLD_PHONE_CODE_PURPOSE,
  PATHS,
  phoneSchema,
  smsCodeSchema,
  type CodeSent,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { assertPhoneFree, signedInUser } from '../auth/users';
import type { AppContext } from '../context';
import { ApiError, route } from '../http/route';
import { checkCode, requireCode, sendCode, SMS_CODE_RATE_LIMIT } from '../sms/codes';
import { phoneQuery } from './queries';

/** PostgreSQL's unique_violation: another account took the phone at the same moment. */
const UNIQUE_VIOLATION = '23505';

/** `?phone=&code=&oldCode=`: the new phone with its code, and the code sent to the current one. */
const changePhoneQuery = z.object({
  phone: phoneSchema,
  code: smsCodeSchema,
  oldCode: z
    .string({ error: 'oldPhoneCodeRequired' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'oldPhoneCodeRequired' }),
      z.regex(/^\d{6}$/, { error: 'oldPhoneCodeWrong' }),
    ),
});

/**
 * Moving the signed-in user to a new phone number, proven by two codes: one sent to the current
 * phone (the account's owner agrees) and one to the new phone (which they hold, and which no other
 * account of the tenant has).
 */
export function phoneRoutes(app: FastifyInstance, context: AppContext): void {
  const { database } = context;

  route(app, context, {
    method: 'POST',
    path: PATHS.sendOldPhoneCode,
    summary: 'Send a code to the current phone, the first of the two codes that change it',
    tag: 'blade-user',
    permission: 'signedIn',
    rateLimited: SMS_CODE_RATE_LIMIT,
    handler: async ({ request, session }): Promise<CodeSent> => {
      const { phone } = await signedInUser(database, session);
      const target = {
        tenantId: session.tenantId,
        phone,
        purpose: OLD_PHONE_CODE_PURPOSE,
      } as const;
      return sendCode(context, target, request.ip);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.sendChangePhoneCode,
    example: { query: { phone: '13900000009' } },
    summary: 'Send a code to the new phone, which must not be registered in the tenant',
    tag: 'blade-user',
    permission: 'signedIn',
    rateLimited: SMS_CODE_RATE_LIMIT,
    query: phoneQuery,
    handler: async ({ request, session, query: { phone } }): Promise<CodeSent> => {
      const { tenantId } = session;
      await assertPhoneFree(database, tenantId, phone);
      return sendCode(context, { tenantId, phone, purpose: 'change-phone' }, request.ip);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.changePhone,
    example: { query: { phone: '13900000009', code: '123456', oldCode: '654321' } },
    summary:
      'Change the phone number with the codes sent to the current phone and to the new phone',
    tag: 'blade-user',
    permission: 'signedIn',
    query: changePhoneQuery,
    handler: async ({ session, query: { phone, code, oldCode } }) => {
      const { tenantId } = session;
      const current = await signedInUser(database, session);
      await assertPhoneFree(database, tenantId, phone);
      const oldTarget = {
        tenantId,
        phone: current.phone,
        purpose: OLD_PHONE_CODE_PURPOSE,
      } as const;
      // Both codes are checked before either is spent: a mistake in one costs only its own try.
      if (await checkCode(context, oldTarget, oldCode, { spend: false })) {
        throw new ApiError('oldPhoneCodeWrong');
      }
      await requireCode(context, { tenantId, phone, purpose: 'change-phone' }, code, {
        spend: true,
      });
      if (await checkCode(context, oldTarget, oldCode, { spend: true })) {
        throw new ApiError('oldPhoneCodeWrong');
      }
      try {
        await database.query('UPDATE users SET phone = $1 WHERE id = $2 AND tenant_id = $3', [
          phone,
          session.userId,
          tenantId,
        ]);
      } catch (error) {
        if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) {
          throw new ApiError('phoneRegistered');
        }
        throw error;
      }
      return null;
    },
  });
}
