import { randomBytes } from 'node:crypto';
import {
  DEVELOPMENT_FAILING_DIGIT,
  PATHS,
  devPaymentQuery,
  type DevPayment,
} from '@esign/platform';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Database } from '../../db';
import { ApiError, route } from '../../http/route';
import type { PaymentProvider } from './provider';

/**
 * The development payment provider: it moves no money. It records each transfer in
 * `dev_payment_transfers` (so that every server process can show it) and logs it; the amount is
 * read at GET /api/dev/payment?reference= (outside production only), which the web page links to
 * under a notice saying no money was sent. An account number ending in
 * `DEVELOPMENT_FAILING_DIGIT` (4) is refused, as a bank refuses an unknown account.
 */
/** The development provider's name, as stored with each transfer. */
export const DEVELOPMENT_PAYMENT_PROVIDER = 'development';

export function developmentPaymentProvider(
  database: Database,
  log: FastifyBaseLogger,
): PaymentProvider {
  return {
    name: DEVELOPMENT_PAYMENT_PROVIDER,
    development: true,
    async transfer({ bankCode, account, amountCents }) {
      if (account.endsWith(DEVELOPMENT_FAILING_DIGIT)) return null;
      const reference = randomBytes(18).toString('base64url');
      await database.query(
        `INSERT INTO dev_payment_transfers (reference, bank_code, account, amount_cents)
         VALUES ($1, $2, $3, $4)`,
        [reference, bankCode, account, amountCents],
      );
      // The account number is a person's or a company's: its last four digits say enough.
      log.info(
        { bankCode, reference },
        `[development payment provider, no money sent] ${(amountCents / 100).toFixed(2)} to account ****${account.slice(-4)}`,
      );
      return { reference };
    },
  };
}

/** GET dev/payment: what the development provider "paid" (development only). */
export async function developmentPaymentRoutes(
  app: FastifyInstance,
  context: AppContext,
): Promise<void> {
  route(app, context, {
    method: 'GET',
    path: PATHS.devPayment,
    example: { query: { reference: 'AAAAAAAAAAAAAAAAAAAAAAAA' } },
    summary:
      'Development only: the amount the development payment provider recorded for a transfer (no money moves)',
    tag: 'development',
    permission: 'public',
    query: devPaymentQuery,
    handler: async ({ query }): Promise<DevPayment> => {
      const [row] = await context.database.query<{
        bank_code: string;
        account: string;
        amount_cents: number;
      }>(
        'SELECT bank_code, account, amount_cents FROM dev_payment_transfers WHERE reference = $1',
        [query.reference],
      );
      if (!row) throw new ApiError('notFound', 404);
      return {
        amount: (Number(row.amount_cents) / 100).toFixed(2),
        bankCode: row.bank_code,
        account: row.account,
      };
    },
  });
}
