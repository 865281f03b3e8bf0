import { PATHS, type OutboxMessage } from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import { phoneQuery } from '../account/queries';
import { registeredUser } from '../auth/users';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { requestTenant } from '../http/tenant';
import { sendCode, SMS_CODE_RATE_LIMIT } from './codes';
import type { SmsPurpose } from './provider';

/** How many outbox messages the development view shows. */
const OUTBOX_SHOWN = 20;

/**
 * GET oauth/sms-sicpay: sends a login code to a registered phone (spent by grant_type=sms); and,
 * in development only, GET dev/outbox: the codes the development provider "sent" to a phone.
 */
export async function smsRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  route(app, context, {
    method: 'GET',
    path: PATHS.smsLoginCode,
    example: { query: { phone: '13800000001' } },
    summary: 'Send a login code to a registered phone (for grant_type=sms)',
    tag: 'blade-auth',
    permission: 'public',
    rateLimited: SMS_CODE_RATE_LIMIT,
    query: phoneQuery,
    handler: async ({ request, query: { phone } }) => {
      const tenantId = await requestTenant(context.database, request);
      await registeredUser(context.database, tenantId, phone, context.key);
      return sendCode(context, { tenantId, phone, purpose: 'login' }, request.ip);
    },
  });

  if (!context.development) return;
  route(app, context, {
    method: 'GET',
    path: PATHS.devOutbox,
    example: { query: { phone: '13800000001' } },
    summary: 'Development only: the SMS codes sent to a phone, newest first',
    tag: 'development',
    permission: 'public',
    query: phoneQuery,
    handler: async ({ query: { phone } }): Promise<OutboxMessage[]> => {
      const rows = await context.database.query<{
        code: string;
        purpose: SmsPurpose;
        created_at: Date | string;
      }>(
        'SELECT code, purpose, created_at FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT $2',
        [phone, OUTBOX_SHOWN],
      );
      return rows.map((row) => ({
        phone,
        code: row.code,
        purpose: row.purpose,
        createdAt: new Date(row.created_at).toISOString(),
      }));
    },
  });
}
