import type { MessageKey } from '@esign/platform';
import { loginAttempts } from '../auth/login-attempts';
import { USER_COLUMNS, type UserRow } from '../auth/grants/types';
import type { AppContext } from '../context';
import { sm2Verify } from '../sm2';
import { spendRandom, unspentRandom } from './randoms';
import { liveKeyByFingerprint, markUsed, type HardwareKeyRow } from './store';

/** What a key presents to log in: the random it signed, the signature, its certificate's name. */
export interface KeyLoginProof {
  tenantId: string;
  random: string;
  /** DER, base64. */
  signature: string;
  /** SHA-256 of the certificate the key signed with, hex. */
  fingerprint: string;
}

/** A key login refused: the message, and HTTP 400 (429 past the login limits). */
export class KeyLoginRefused extends Error {
  constructor(
    readonly text: MessageKey,
    readonly status: 400 | 429 = 400,
    /** Seconds until another attempt may succeed (with a 429). */
    readonly retryAfter?: number,
  ) {
    super(text);
  }
}

/** A key login that passed: whose key it is, and until when its random may be spent. */
export interface KeyLogin {
  user: UserRow;
  key: HardwareKeyRow;
  randomExpiresAt: Date;
}

/**
 * Checks a key's login proof (oauth/original and the `hardware_key` grant): the certificate is
 * registered and not removed, the attempts of its account and of the client's address are within
 * the login limits, the random is one of this tenant's login randoms and still good, the signature
 * verifies under the registered key (SM2 over SM3 with the default distinguishing ID), the
 * certificate is valid today and the account is not closed — in that order, so that what is said
 * about an account is said only to whoever holds its key. Every refusal counts as a failed login
 * (login-attempts.ts): of the account when the certificate names one, of the certificate
 * otherwise, and of the address.
 *
 * With `spend`, a good proof spends the random (once, whichever process gets there first), records
 * the key's use and forgets the account's failures, as any successful login does.
 */
export async function checkKeyLogin(
  context: Pick<AppContext, 'database' | 'now'>,
  proof: KeyLoginProof,
  ip: string,
  { spend }: { spend: boolean },
): Promise<KeyLogin> {
  const { database } = context;
  const now = context.now();
  const key = await liveKeyByFingerprint(database, proof.tenantId, proof.fingerprint);
  const [user] = key
    ? await database.query<UserRow & { closed_at: Date | null }>(
        `SELECT ${USER_COLUMNS}, closed_at FROM users WHERE id = $1`,
        [key.user_id],
      )
    : [];
  const attempts = loginAttempts(
    database,
    proof.tenantId,
    user ? user.phone : `key:${proof.fingerprint}`,
    ip,
  );
  const { tooMany, retryAfter } = await attempts.check();
  if (tooMany) throw new KeyLoginRefused('loginTooMany', 429, retryAfter);
  const refuse = async (text: MessageKey): Promise<never> => {
    await attempts.failed();
    throw new KeyLoginRefused(text);
  };
  if (!key || !user) return refuse('keyNoCertificate');
  const owner = { tenantId: proof.tenantId, purpose: 'login' as const };
  const randomExpiresAt = await unspentRandom(database, proof.random, owner, now);
  if (!randomExpiresAt) return refuse('keyRandomInvalid');
  const signed = new TextEncoder().encode(proof.random);
  if (!sm2Verify(signed, Buffer.from(proof.signature, 'base64'), key.public_key)) {
    return refuse('keySignatureInvalid');
  }
  if (new Date(key.not_after).getTime() <= now.getTime()) return refuse('keyCertificateExpired');
  if (new Date(key.not_before).getTime() > now.getTime()) return refuse('keyCertificateOutOfDate');
  if (user.closed_at) return refuse('accountClosed');
  if (spend) {
    if (!(await spendRandom(database, proof.random, owner, now))) return refuse('keyRandomInvalid');
    await markUsed(database, key.id, now);
    await attempts.succeeded();
  }
  return { user, key, randomExpiresAt };
}
