import type { Database } from '../db';
import {
  clearEvents,
  reachedLimits,
  recordEvents,
  secondsUntilRoom,
  type Limit,
} from '../rate-limits';

const HOUR_S = 60 * 60;
const DAY_S = 24 * HOUR_S;

/**
 * Failed password proofs (logins, the old password of a password change) of one account from one
 * IP address, counted in the database so that every server process sees them:
 * - the graphic captcha is required after one failure of the account (until the account signs in
 *   successfully, or a day passes), and after 3 failures from the IP within an hour: one address is
 *   often a whole office behind NAT, so a single typo there does not burden everyone;
 * - attempts are refused outright (429) after 10 failures of the account or 50 from the IP within
 *   an hour, whether or not the password would be right.
 */
export interface LoginAttempts {
  /**
   * Whether the account or the IP has failed too often to try again now (and then in how many
   * seconds it may: `retryAfter`), and whether this attempt must carry a solved graphic captcha.
   */
  check(): Promise<{ tooMany: boolean; retryAfter?: number; captchaRequired: boolean }>;
  /** Counts a failed attempt against the account and the IP. */
  failed(): Promise<void>;
  /** A successful sign-in: the account's failures are forgotten (the IP's are not). */
  succeeded(): Promise<void>;
}

/** The attempts of `phone` in a tenant from `ip`; the account need not exist. */
export function loginAttempts(
  database: Database,
  tenantId: string,
  phone: string,
  ip: string,
): LoginAttempts {
  const account = `login-failure:account:${tenantId}:${phone}`;
  const address = `login-failure:ip:${ip}`;
  const refuse: Limit[] = [
    { bucket: account, max: 10, windowS: HOUR_S },
    { bucket: address, max: 50, windowS: HOUR_S },
  ];
  const challenge: Limit[] = [
    { bucket: account, max: 1, windowS: DAY_S },
    { bucket: address, max: 3, windowS: HOUR_S },
  ];
  return {
    check: async () => {
      const reached = await reachedLimits(database, [...refuse, ...challenge]);
      const refusing = reached.find((limit) => refuse.includes(limit));
      return {
        tooMany: refusing !== undefined,
        ...(refusing ? { retryAfter: await secondsUntilRoom(database, refusing) } : {}),
        captchaRequired: reached.some((limit) => challenge.includes(limit)),
      };
    },
    failed: () => recordEvents(database, [account, address]),
    succeeded: () => clearEvents(database, account),
  };
}
