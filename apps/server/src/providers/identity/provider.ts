/**
 * Identity checks behind one interface (spec 000 real-name, phone three-element): does this name,
 * this ID number and this phone number belong to one person? The server ships a development
 * provider only (`development.ts`); a real one plugs in as `buildApp({ identity })`.
 */

/** The person claimed: name and ID number as typed, and the phone the account holds. */
export interface IdentityClaim {
  name: string;
  idNumber: string;
  phone: string;
}

export interface IdentityProvider {
  /** Shown nowhere; kept for the logs. */
  readonly name: string;
  /** True for a provider that checks nothing (the development one): the client says so. */
  readonly development: boolean;
  /** Whether the claim's three elements belong together. A provider failure throws. */
  matches(claim: IdentityClaim): Promise<boolean>;
}
