import { PATHS, type CodeSent } from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import { assertPhoneFree } from '../auth/users';
import type { AppContext } from '../context';
import { ApiError, route } from '../http/route';
import { requireCode, sendCode } from '../sms/codes';
import { phoneCodeQuery, phoneQuery } from './queries';

/** PostgreSQL's unique_violation: another account took the phone at the same moment. */
const UNIQUE_VIOLATION = '23505';

/** Moving the signed-in user to a new phone number, proven by a code sent to it. */
export function phoneRoutes(app: FastifyInstance, context: AppContext): void {
  const { database } = context;

  route(app, context, {
    method: 'POST',
    path: PATHS.sendChangePhoneCode,
    example: { query: { phone: '13900000009' } },
    summary: 'Send a code to the new phone, which must not be registered in the tenant',
    tag: 'blade-user',
    permission: 'signedIn',
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
    example: { query: { phone: '13900000009', code: '123456' } },
    summary: 'Change the phone number with the code sent to the new phone',
    tag: 'blade-user',
    permission: 'signedIn',
    query: phoneCodeQuery,
    handler: async ({ session, query: { phone, code } }) => {
      const { tenantId } = session;
      await assertPhoneFree(database, tenantId, phone);
      await requireCode(context, { tenantId, phone, purpose: 'change-phone' }, code, {
        spend: true,
      });
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
