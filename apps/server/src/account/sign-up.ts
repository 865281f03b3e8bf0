import {
  PATHS,
  PERSONAL_CONSOLE_ID,
  passwordSchema,
  type CheckPhoneData,
  type CodeSent,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { USER_COLUMNS, type UserRow } from '../auth/grants/types';
import { tokenResponse } from '../auth/token-response';
import { assertPhoneFree, userByPhone } from '../auth/users';
import type { AppContext } from '../context';
import { ApiError, route } from '../http/route';
import { requestTenant } from '../http/tenant';
import { hashPassword } from '../passwords';
import { requireCode, sendCode, SMS_CODE_RATE_LIMIT } from '../sms/codes';
import { phoneCodeQuery, phoneQuery } from './queries';

/**
 * Signing up, in the tenant of the `Tenant-Id` header: whether a phone is registered, a code for
 * registering it, and registration itself, which signs the new user in.
 */
export function signUpRoutes(app: FastifyInstance, context: AppContext): void {
  const { database } = context;

  route(app, context, {
    method: 'GET',
    path: PATHS.checkPhone,
    example: { query: { phone: '13800000001' } },
    summary: 'Whether a phone is registered in the tenant',
    tag: 'blade-user',
    permission: 'public',
    query: phoneQuery,
    handler: async ({ request, query: { phone } }): Promise<CheckPhoneData> => {
      const tenantId = await requestTenant(database, request);
      return { registered: (await userByPhone(database, tenantId, phone)) !== undefined };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.sendRegisterCode,
    example: { query: { phone: '13800000001' } },
    summary: 'Send a registration code to a phone that is not registered yet',
    tag: 'blade-user',
    permission: 'public',
    rateLimited: SMS_CODE_RATE_LIMIT,
    query: phoneQuery,
    handler: async ({ request, query: { phone } }): Promise<CodeSent> => {
      const tenantId = await requestTenant(database, request);
      await assertPhoneFree(database, tenantId, phone);
      return sendCode(context, { tenantId, phone, purpose: 'register' }, request.ip);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.register,
    example: { query: { phone: '13800000001', code: '123456', password: 'Demo12345' } },
    summary: 'Register with phone, code and password; answers the token response (signed in)',
    tag: 'blade-user',
    permission: 'public',
    query: z.extend(phoneCodeQuery, { password: passwordSchema }),
    handler: async ({ request, query: { phone, code, password } }) => {
      const tenantId = await requestTenant(database, request);
      await assertPhoneFree(database, tenantId, phone);
      await requireCode(context, { tenantId, phone, purpose: 'register' }, code, { spend: true });
      const [user] = await database.query<UserRow>(
        `INSERT INTO users (tenant_id, phone, password_hash) VALUES ($1, $2, $3)
         ON CONFLICT (tenant_id, phone) DO NOTHING RETURNING ${USER_COLUMNS}`,
        [tenantId, phone, await hashPassword(password)],
      );
      if (!user) throw new ApiError('phoneRegistered');
      return tokenResponse(context, { user, companyId: PERSONAL_CONSOLE_ID });
    },
  });
}
