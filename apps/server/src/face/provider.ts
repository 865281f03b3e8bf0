/**
 * Face checks behind one interface (spec 000: base/getFaceUrl, getFaceResult). A signer who
 * confirms a signature by face is sent to the provider's page; the platform then asks the
 * provider how the check ended. The server ships a development provider only (`development.ts`);
 * a real one plugs in as `buildApp({ face })` (see CONTEXT.md).
 */

/** The person a face check is about. */
export interface FacePerson {
  /** The person's real name, as verified. */
  name: string;
  phone: string;
}

/** A check the provider started. */
export interface StartedFaceCheck {
  /** Where the person takes the check (the provider's page, opened in the browser or on a phone). */
  url: string;
  /** The provider's own id of the check, which `outcome` is asked with. */
  reference: string;
}

/** How a face check stands. */
export type FaceOutcome = 'pending' | 'passed' | 'failed';

export interface FaceProvider {
  /** Stored with every check, so that a check is only ever asked of the provider that made it. */
  readonly name: string;
  /** True for a provider that checks no face (the development one): the client says so. */
  readonly development: boolean;
  /** Starts a check of `person`. */
  start(person: FacePerson): Promise<StartedFaceCheck>;
  /** The outcome of the check `reference`; 'pending' until the person has finished it. */
  outcome(reference: string): Promise<FaceOutcome>;
}
