import type { Queryable } from '../db';
import { ApiError } from '../http/route';
import { keyedHash } from '../keyed-hash';
import { USER_COLUMNS, type UserRow } from './grants/types';
import type { AccessClaims } from './tokens';

/** The user of a tenant with this phone number, if any. */
export async function userByPhone(
  db: Pick<Queryable, 'query'>,
  tenantId: string,
  phone: string,
): Promise<UserRow | undefined> {
  const [user] = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE tenant_id = $1 AND phone = $2`,
    [tenantId, phone],
  );
  return user;
}

/** The user a session belongs to, if it still exists. */
export async function userById(
  db: Pick<Queryable, 'query'>,
  id: number,
): Promise<UserRow | undefined> {
  const [user] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return user;
}

/** The user of a signed-in session; 401 when the account is gone. */
export async function signedInUser(
  db: Pick<Queryable, 'query'>,
  session: AccessClaims,
): Promise<UserRow> {
  const user = await userById(db, session.userId);
  if (!user || user.tenant_id !== session.tenantId) throw new ApiError('loginExpired', 401);
  return user;
}

/** Refuses (400) a phone that already has an account in the tenant. */
export async function assertPhoneFree(
  db: Pick<Queryable, 'query'>,
  tenantId: string,
  phone: string,
): Promise<void> {
  if (await userByPhone(db, tenantId, phone)) throw new ApiError('phoneRegistered');
}

/**
 * The account of a phone in the tenant; refused (400) when there is none — 'This account has been
 * closed' when the phone belonged to a closed account (given the server's `key`).
 */
export async function registeredUser(
  db: Pick<Queryable, 'query'>,
  tenantId: string,
  phone: string,
  key?: Uint8Array,
): Promise<UserRow> {
  const user = await userByPhone(db, tenantId, phone);
  if (!user) {
    if (key && (await isClosedAccountPhone(db, key, tenantId, phone))) {
      throw new ApiError('accountClosed');
    }
    throw new ApiError('phoneNotRegistered');
  }
  return user;
}

/**
 * How a closed account's phone is kept (`closed_accounts.phone_hash`): the server's keyed hash,
 * never the number — an unkeyed hash of an 11-digit number is reversed by trying them all.
 */
export function closedPhoneHash(key: Uint8Array, tenantId: string, phone: string): string {
  return keyedHash(key, 'closed-account-phone', tenantId, phone);
}

/**
 * Whether a phone with no account in the tenant belonged to a closed one, so that signing in with
 * it says so ('This account has been closed') instead of a wrong password or an unknown number.
 */
export async function isClosedAccountPhone(
  db: Pick<Queryable, 'query'>,
  key: Uint8Array,
  tenantId: string,
  phone: string,
): Promise<boolean> {
  const [row] = await db.query(
    'SELECT 1 FROM closed_accounts WHERE tenant_id = $1 AND phone_hash = $2 LIMIT 1',
    [tenantId, closedPhoneHash(key, tenantId, phone)],
  );
  return row !== undefined;
}
