import { PERSONAL_CONSOLE_ID } from '@esign/platform';
import { findConsole } from '../../companies/console';
import { sessionOf } from '../../http/route';
import { isSessionLive } from '../sessions';
import { userById } from '../users';
import { OAuthError, type Grant } from './types';

/** -1 (the personal console) or a company id that fits a safe integer. */
const COMPANY_ID = /^(?:-1|[1-9]\d{0,14})$/;

/**
 * grant_type=companyUser: moves the session of `Blade-Auth` (the current access token) into one of
 * the user's companies (`company_id`), or back into the personal console (-1). Only a member of the
 * company, in the session's tenant, gets tokens for it; anyone else gets 403 invalid_grant. A
 * session that has ended (auth/sessions.ts) gets 401, as an expired token does.
 */
export const companyUserGrant: Grant = async ({ request, field, context }) => {
  const session = await sessionOf(request, context.key);
  if (!session || !(await isSessionLive(context.database, session))) {
    throw new OAuthError('invalid_grant', 'loginExpired', 401);
  }
  const companyId = field('company_id').trim();
  if (!COMPANY_ID.test(companyId)) throw new OAuthError('invalid_request', 'missingParameters');
  const user = await userById(context.database, session.userId);
  if (!user) throw new OAuthError('invalid_grant', 'loginExpired', 401);
  const target = { ...session, companyId: Number(companyId) };
  // Switching into a company needs the person's real-name verification (spec 000 §6); back into
  // the personal console is always possible.
  if (target.companyId !== PERSONAL_CONSOLE_ID && !user.real_name_verified) {
    throw new OAuthError('invalid_grant', 'realNameRequired', 403);
  }
  if (!(await findConsole(context.database, target))) {
    throw new OAuthError('invalid_grant', 'noPermission', 403);
  }
  // The switch goes on in the same session, so that ending it (a logout) ends the tokens of every
  // console it moved through.
  return { user, companyId: target.companyId, continuation: { sessionId: session.sessionId } };
};
