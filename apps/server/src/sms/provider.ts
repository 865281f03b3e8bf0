import type { OutboxMessage } from '@esign/platform';
import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '../contracts/auth-codes';
import type { Database } from '../db';

/** What a code is for; a code is only good for the purpose it was sent for. */
export type SmsPurpose = OutboxMessage['purpose'];

/**
 * Delivers verification codes by SMS. The server ships a development provider only; a real
 * gateway plugs in here (`buildApp({ sms })`) without any other change.
 */
export interface SmsProvider {
  send(phone: string, code: string, purpose: SmsPurpose): Promise<void>;
}

/**
 * The development provider: sends nothing, but records each message in `sms_outbox` (readable at
 * `GET /api/dev/outbox` outside production) and writes it to the log — the code itself only in
 * development, for convenience; in production (no real provider configured) the line says a code
 * went to the outbox and never which. The phone is masked either way.
 */
export function developmentSmsProvider(
  database: Database,
  log: FastifyBaseLogger,
  { development }: { development: boolean },
): SmsProvider {
  return {
    async send(phone, code, purpose) {
      await database.query('INSERT INTO sms_outbox (phone, code, purpose) VALUES ($1, $2, $3)', [
        phone,
        code,
        purpose,
      ]);
      const masked = maskPhone(phone);
      log.info(
        { phone: masked, purpose },
        development
          ? `[development SMS provider, nothing sent] verification code ${code} for ${masked} (${purpose})`
          : `[development SMS provider, nothing sent] a verification code for ${masked} (${purpose}) is in the outbox table`,
      );
    },
  };
}
