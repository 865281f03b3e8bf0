import {
  DEFAULT_TENANT_ID,
  MESSAGES,
  PERSONAL_CONSOLE_ID,
  hardwareKeyProofSchema,
  type MessageKey,
} from '@esign/platform';
import * as z from 'zod/mini';
import { KeyLoginRefused, checkKeyLogin } from '../../hardware-keys/login';
import { OAuthError, type Grant } from './types';

/**
 * grant_type=hardware_key: the `random` of generateSM2ServerRandom, the key's SM2 `signature` of
 * it (DER, base64) and the `fingerprint` of the certificate it signed with — what oauth/original
 * checked, checked again and the random spent (hardware-keys/login.ts), within the login limits.
 * The user lands in the personal console, as with every other login.
 */
export const hardwareKeyGrant: Grant = async ({ field, context, request }) => {
  const parsed = z.safeParse(hardwareKeyProofSchema, {
    random: field('random'),
    signature: field('signature'),
    fingerprint: field('fingerprint'),
  });
  if (!parsed.success) {
    const missing = !field('random') || !field('signature') || !field('fingerprint');
    const text = parsed.error.issues[0]?.message ?? '';
    const known = Object.hasOwn(MESSAGES, text) ? (text as MessageKey) : 'invalidValue';
    throw new OAuthError('invalid_request', missing ? 'missingParameters' : known);
  }
  const tenantId = field('tenant_id') || DEFAULT_TENANT_ID;
  try {
    const { user } = await checkKeyLogin(context, { tenantId, ...parsed.data }, request.ip, {
      spend: true,
    });
    return { user, companyId: PERSONAL_CONSOLE_ID };
  } catch (error) {
    if (!(error instanceof KeyLoginRefused)) throw error;
    if (error.status === 429) {
      const refusal = new OAuthError('temporarily_unavailable', error.text, 429);
      refusal.retryAfter = error.retryAfter;
      throw refusal;
    }
    throw new OAuthError('invalid_grant', error.text);
  }
};
