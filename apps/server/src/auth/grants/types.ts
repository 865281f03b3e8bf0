import type { Locale, MessageKey, TokenError } from '@esign/platform';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Continuation } from '../tokens';

/** A user as the token endpoint needs one. */
export interface UserRow {
  id: string | number;
  tenant_id: string;
  phone: string;
  name: string;
  password_hash: string | null;
  real_name_verified: boolean;
}

export const USER_COLUMNS = 'id, tenant_id, phone, name, password_hash, real_name_verified';

/**
 * A refusal of the token endpoint: HTTP 400 or 401 (403 for a company the user is not a member
 * of, 429 when rate-limited) with OAuth2's `error` and a description, plus `extra` fields of the
 * body (`captcha_required`).
 */
export class OAuthError extends Error {
  constructor(
    readonly error:
      | 'invalid_request'
      | 'invalid_grant'
      | 'invalid_client'
      | 'unsupported_grant_type'
      | 'temporarily_unavailable',
    readonly text: MessageKey,
    readonly status: 400 | 401 | 403 | 429 = 400,
    readonly extra: Pick<TokenError, 'captcha_required'> = {},
  ) {
    super(text);
  }

  /** Seconds until the same request may succeed; sent as the Retry-After header with a 429. */
  retryAfter?: number;
}

export interface GrantInput {
  request: FastifyRequest;
  locale: Locale;
  context: AppContext;
  /** A form field as a string ('' when missing or not a string). */
  field(name: string): string;
}

/** Who signs in and into which console (company id, or -1 for the personal console). */
export interface Granted {
  user: UserRow;
  companyId: number;
  /**
   * The session the new tokens belong to: for a refresh, the spent refresh token the new pair
   * descends from; for a console switch, the session that moves. None for a login.
   */
  continuation?: Continuation;
}

/** One OAuth2 grant type of the token endpoint. */
export type Grant = (input: GrantInput) => Promise<Granted>;
