/**
 * Bank card four-element checks behind one interface (spec 000 real-name, auth-by-bankcard): do
 * this name, ID number, bank card and the phone the bank holds for it belong to one person? The
 * server ships a development provider only; a real one plugs in as `buildApp({ bankCard })`.
 */

export interface BankCardClaim {
  name: string;
  idNumber: string;
  cardNumber: string;
  /** The phone number the bank holds for the card (not necessarily the account's). */
  phone: string;
}

export interface BankCardProvider {
  readonly name: string;
  /** True for a provider that checks nothing (the development one): the client says so. */
  readonly development: boolean;
  /** Whether the four elements belong together. A provider failure throws. */
  matches(claim: BankCardClaim): Promise<boolean>;
}
