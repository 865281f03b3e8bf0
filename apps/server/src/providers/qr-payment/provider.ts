/**
 * Collecting payments by QR code (spec 001 §9: Alipay, WeChat Pay and cloud flash pay), behind one
 * interface: the platform asks the provider for a charge of an order and shows its QR code; the
 * provider later posts a notice to PATHS.paymentNotify/<provider name>, which the provider alone
 * can sign. A real provider (an aggregator holding the three channels, or one per channel) plugs
 * in as `buildApp({ qrPayment })`; the server ships the development one (development.ts), which
 * says it moves no money.
 */
import type { Fen, PaymentMethod } from '@esign/platform';

export interface ChargeRequest {
  /** The order's number, shown on the payer's phone. */
  orderNumber: string;
  amountFen: Fen;
  method: PaymentMethod;
  /** When the QR code stops being payable. */
  expiresAt: Date;
  /** One line the payer sees (the package's name). */
  description: string;
}

export interface QrCharge {
  /** The provider's reference of the charge; its notices name it. */
  reference: string;
  /** What the QR code holds: the provider's payment link. */
  qrText: string;
}

/** A notice whose signature held, as the provider states it. */
export interface PaymentNotice {
  /** The provider's id of this notice: the same id twice is one notice. */
  noticeId: string;
  /** The charge it is about. */
  reference: string;
  outcome: 'paid' | 'failed';
  /** What was paid, in fen. */
  amountFen: Fen;
}

export interface QrPaymentProvider {
  /** The last segment of its notify path, stored with each charge and notice. */
  readonly name: string;
  /** True for a provider that moves no money: the client says so beside the QR code. */
  readonly development: boolean;
  createCharge(request: ChargeRequest): Promise<QrCharge>;
  /**
   * The notice in a request as received (its raw body and headers), when the provider's signature
   * holds; null otherwise (forged or altered: nothing is paid).
   */
  verifyNotice(
    body: string,
    headers: Readonly<Record<string, string | string[] | undefined>>,
  ): PaymentNotice | null;
  /** What the provider expects in answer to a notice it sent, once handled. */
  readonly acknowledgement: { contentType: string; body: string };
}
