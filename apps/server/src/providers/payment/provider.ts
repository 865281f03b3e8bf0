/**
 * Micro-payments behind one interface (spec 000 real-name, apply-micro-payment): to prove that a
 * company holds a bank account in its name, the platform pays it a small random amount, which the
 * applicant reads on the statement and reports back. The server ships a development provider only
 * (`development.ts`); a real one plugs in as `buildApp({ payment })` (see CONTEXT.md).
 */

export interface Transfer {
  /** The bank's code of `BANKS` and its CNAPS category code. */
  bankCode: string;
  cnaps: string;
  /** The receiving account's number and holder (the company's full name). */
  account: string;
  accountName: string;
  /** 1 to 99 cents. */
  amountCents: number;
  /** What the statement shows beside the amount. */
  note: string;
}

export interface PaymentProvider {
  /** Stored with every transfer. */
  readonly name: string;
  /** True for a provider that moves no money (the development one): the client says so. */
  readonly development: boolean;
  /**
   * Sends the transfer; gives the provider's reference. A transfer the bank refuses (no such
   * account, a name that does not match) gives null; a provider failure throws.
   */
  transfer(transfer: Transfer): Promise<{ reference: string } | null>;
}
