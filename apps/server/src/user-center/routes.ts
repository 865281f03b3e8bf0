import { PATHS, type UserCenterProfile } from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import { signedInUser } from '../auth/users';
import type { AppContext } from '../context';
import { maskPhone } from '../contracts/auth-codes';
import { route } from '../http/route';
import { addressRoutes } from './addresses';
import { avatarLink, avatarRoutes } from './avatar';

/**
 * The user center: the profile (basic and account pages), the avatar, addresses. Password and
 * phone changes are the account calls (`account/`). Every call but the avatar image needs the
 * user's real-name verification (spec 000 §6: entering the user center); the image is the top
 * bar's too, shown to the signed-in user whatever their state.
 */
export async function userCenterRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;

  route(app, context, {
    method: 'GET',
    path: PATHS.userCenterProfile,
    summary:
      'The signed-in user as the user center shows it: name, masked phone, state, avatar link',
    tag: 'blade-user',
    permission: 'signedIn',
    realName: true,
    handler: async ({ session }): Promise<UserCenterProfile> => {
      const user = await signedInUser(database, session);
      const [registered] = await database.query<{ day: string }>(
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM users WHERE id = $1`,
        [session.userId],
      );
      return {
        name: user.name,
        maskedPhone: maskPhone(user.phone),
        realNameVerified: user.real_name_verified,
        registeredAt: registered!.day,
        avatar: await avatarLink(database, session.userId),
        passwordSet: user.password_hash !== null,
      };
    },
  });

  await avatarRoutes(app, context);
  addressRoutes(app, context);
}
