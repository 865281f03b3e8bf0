/**
 * The development QR payment provider: it moves no money. Its QR code links to a page of this
 * server (PATHS.devPaymentPage, outside production only) where a tester, on a phone or in another
 * tab, pays or fails the charge; the page's buttons make the notice a real provider would post,
 * signed with an HMAC of the server's key, and hand it to the same path as a posted notice
 * (`receivePaymentNotice`), so that verification, amounts and repeats are exercised the same way.
 * Anyone may post a notice to the notify path; without the key's signature it pays nothing.
 */
import { randomBytes } from 'node:crypto';
import { timingSafeEqual } from 'node:crypto';
import { PATHS, apiPath } from '@esign/platform';
import * as z from 'zod/mini';
import { keyedHash } from '../../keyed-hash';
import type { PaymentNotice, QrPaymentProvider } from './provider';

export const DEVELOPMENT_QR_PROVIDER = 'development';
export const DEVELOPMENT_SIGNATURE_HEADER = 'x-development-signature';

const noticeSchema = z.object({
  noticeId: z.string().check(z.minLength(1), z.maxLength(100)),
  reference: z.string().check(z.minLength(1), z.maxLength(100)),
  outcome: z.enum(['paid', 'failed']),
  amountFen: z.number().check(z.int(), z.minimum(0)),
});

/** The signature of a notice's body under the server's key. */
export function signDevelopmentNotice(key: Uint8Array, body: string): string {
  return keyedHash(key, 'development-qr-payment-notice', body);
}

export function developmentQrPaymentProvider(
  key: Uint8Array,
  publicUrl: string | undefined,
): QrPaymentProvider {
  return {
    name: DEVELOPMENT_QR_PROVIDER,
    development: true,
    async createCharge() {
      const reference = randomBytes(18).toString('base64url');
      const page = `${apiPath('devPaymentPage')}?reference=${reference}`;
      return { reference, qrText: publicUrl ? new URL(page, publicUrl).href : page };
    },
    verifyNotice(body, headers): PaymentNotice | null {
      const given = headers[DEVELOPMENT_SIGNATURE_HEADER];
      if (typeof given !== 'string') return null;
      const expected = Buffer.from(signDevelopmentNotice(key, body));
      const received = Buffer.from(given);
      if (received.length !== expected.length || !timingSafeEqual(received, expected)) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return null;
      }
      const notice = z.safeParse(noticeSchema, parsed);
      return notice.success ? notice.data : null;
    },
    acknowledgement: { contentType: 'application/json', body: '{"received":true}' },
  };
}

/** The path a provider posts its notices to. */
export const notifyPath = (provider: string) => `${PATHS.paymentNotify}/${provider}`;
