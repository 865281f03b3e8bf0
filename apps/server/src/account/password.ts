import { PATHS, passwordChangeSchema, passwordSchema, type CodeSent } from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { loginAttempts } from '../auth/login-attempts';
import { revokeRefreshTokens } from '../auth/tokens';
import { registeredUser, signedInUser } from '../auth/users';
import type { AppContext } from '../context';
import type { Database } from '../db';
import { ApiError, route } from '../http/route';
import { requestTenant } from '../http/tenant';
import { hashPassword, verifyPassword } from '../passwords';
import { requireCode, sendCode } from '../sms/codes';
import { phoneCodeQuery, phoneQuery } from './queries';

/** Sets a user's new password and signs out every session (all refresh tokens revoked). */
async function replacePassword(database: Database, userId: number, password: string) {
  await database.query('UPDATE users SET password_hash = $1 WHERE id = $2', [
    await hashPassword(password),
    userId,
  ]);
  await revokeRefreshTokens(database, userId);
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
    summary: 'Change the password (old, new, confirmation); revokes every refresh token',
    tag: 'blade-user',
    permission: 'signedIn',
    body: passwordChangeSchema,
    handler: async ({ request, session, body }) => {
      const user = await signedInUser(database, session);
      if (user.password_hash === null) throw new ApiError('passwordNotSet');
      // A stolen session must not become a way to guess the password: the login limits apply.
      const attempts = loginAttempts(database, user.tenant_id, user.phone, request.ip);
      if ((await attempts.check()).tooMany) throw new ApiError('loginTooMany', 429);
      if (!(await verifyPassword(body.oldPassword, user.password_hash))) {
        await attempts.failed();
        throw new ApiError('oldPasswordWrong');
      }
      await attempts.succeeded();
      await replacePassword(database, session.userId, body.newPassword);
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
    query: phoneQuery,
    handler: async ({ request, query: { phone } }): Promise<CodeSent> => {
      const tenantId = await requestTenant(database, request);
      await registeredUser(database, tenantId, phone);
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
    summary: 'Reset a forgotten password with the code; revokes every refresh token',
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
      await replacePassword(database, Number(user.id), password);
      return null;
    },
  });
}
