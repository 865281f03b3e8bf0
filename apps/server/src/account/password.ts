import { PATHS, passwordChangeSchema, passwordSchema, type CodeSent } from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { loginAttempts } from '../auth/login-attempts';
import { endUserSessions, type SessionEndReason } from '../auth/sessions';
import { registeredUser, signedInUser } from '../auth/users';
import type { AppContext } from '../context';
import type { Database } from '../db';
import { ApiError, route } from '../http/route';
import { requestTenant } from '../http/tenant';
import { hashPassword, verifyPassword } from '../passwords';
import { requireCode, sendCode, SMS_CODE_RATE_LIMIT } from '../sms/codes';
import { phoneCodeQuery, phoneQuery } from './queries';

/**
 * Sets a user's new password and ends the user's sessions at once, their access tokens included:
 * every session but `keep`, the one that changed it knowing the old password (see
 * auth/CONTEXT.md); all of them after a reset, where whoever holds a session may be the reason
 * the password was forgotten.
 */
async function replacePassword(
  database: Database,
  userId: number,
  password: string,
  reason: Extract<SessionEndReason, 'passwordChanged' | 'passwordReset'>,
  keep?: number,
) {
  const hashed = await hashPassword(password);
  await database.transaction(async (tx) => {
    await tx.query('UPDATE users SET password_hash = $1 WHERE id = $2', [hashed, userId]);
    await endUserSessions(tx, userId, reason, keep);
  });
}

/**
 * Passwords: whether one is set, changing it (knowing the old one), setting the first one, and
 * the forgotten-password flow by SMS code.
 *
 * The forgotten-password flow checks the code twice: valid-msg-for-forget-pw checks it without
 * spending it (a wrong code there costs one of its tries all the same), so the form can move on to
 * the new password; change-pw then takes the same phone and code, and spends the code. No ticket
 * outlives the code itself.
 */
export function passwordRoutes(app: FastifyInstance, context: AppContext): void {
  const { database } = context;

  route(app, context, {
    method: 'GET',
    path: PATHS.isPasswordSet,
    summary: 'Whether the user has a password',
    tag: 'blade-user',
    permission: 'signedIn',
    handler: async ({ session }): Promise<boolean> =>
      (await signedInUser(database, session)).password_hash !== null,
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.changePassword,
    example: {
      body: { oldPassword: 'Demo12345', newPassword: 'Better2026', confirmPassword: 'Better2026' },
    },
    summary:
      'Change the password (old, new, confirmation); ends every other session of the user at once, this one goes on',
    tag: 'blade-user',
    permission: 'signedIn',
    body: passwordChangeSchema,
    handler: async ({ request, session, body }) => {
      const user = await signedInUser(database, session);
      if (user.password_hash === null) throw new ApiError('passwordNotSet');
      // A stolen session must not become a way to guess the password: the login limits apply.
      const attempts = loginAttempts(database, user.tenant_id, user.phone, request.ip);
      const { tooMany, retryAfter } = await attempts.check();
      if (tooMany) {
        const refusal = new ApiError('loginTooMany', 429);
        refusal.retryAfter = retryAfter;
        throw refusal;
      }
      if (!(await verifyPassword(body.oldPassword, user.password_hash))) {
        await attempts.failed();
        throw new ApiError('oldPasswordWrong');
      }
      await attempts.succeeded();
      await replacePassword(
        database,
        session.userId,
        body.newPassword,
        'passwordChanged',
        session.sessionId,
      );
      return null;
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.setPassword,
    example: { query: { password: 'Demo12345' } },
    summary: 'Set the first password of a user who has none',
    tag: 'blade-user',
    permission: 'signedIn',
    query: z.object({ password: passwordSchema }),
    handler: async ({ session, query: { password } }) => {
      const updated = await database.query(
        `UPDATE users SET password_hash = $1
         WHERE id = $2 AND tenant_id = $3 AND password_hash IS NULL RETURNING id`,
        [await hashPassword(password), session.userId, session.tenantId],
      );
      if (updated.length === 0) throw new ApiError('passwordAlreadySet');
      return null;
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.sendForgetCode,
    example: { query: { phone: '13800000001' } },
    summary: 'Send a password-reset code to a registered phone',
    tag: 'blade-user',
    permission: 'public',
    rateLimited: SMS_CODE_RATE_LIMIT,
    query: phoneQuery,
    handler: async ({ request, query: { phone } }): Promise<CodeSent> => {
      const tenantId = await requestTenant(database, request);
      await registeredUser(database, tenantId, phone, context.key);
      return sendCode(context, { tenantId, phone, purpose: 'forget-password' }, request.ip);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.validateForgetCode,
    example: { query: { phone: '13800000001', code: '123456' } },
    summary: 'Check a password-reset code without spending it',
    tag: 'blade-user',
    permission: 'public',
    query: phoneCodeQuery,
    handler: async ({ request, query: { phone, code } }) => {
      const tenantId = await requestTenant(database, request);
      const target = { tenantId, phone, purpose: 'forget-password' } as const;
      await requireCode(context, target, code, { spend: false });
      return null;
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.resetPassword,
    example: { query: { phone: '13800000001', code: '123456', password: 'Better2026' } },
    summary: 'Reset a forgotten password with the code; ends every session of the user at once',
    tag: 'blade-user',
    permission: 'public',
    query: z.extend(phoneCodeQuery, { password: passwordSchema }),
    handler: async ({ request, query: { phone, code, password } }) => {
      const tenantId = await requestTenant(database, request);
      const target = { tenantId, phone, purpose: 'forget-password' } as const;
      // The code first: without it, nobody learns anything about the current password.
      await requireCode(context, target, code, { spend: false });
      const user = await registeredUser(database, tenantId, phone);
      if (await verifyPassword(password, user.password_hash)) throw new ApiError('passwordSame');
      await requireCode(context, target, code, { spend: true });
      await replacePassword(database, Number(user.id), password, 'passwordReset');
      return null;
    },
  });
}
