import type { FeeUnit } from '@esign/platform';

/** The platform's fee settings (`buildApp({ fees })`; WELCOME_SIGNINGS, WELCOME_EVIDENCE_COPIES). */
export interface FeeSettings {
  /** Units of each kind every console is given on its first fee activity, valid one year. */
  welcome: Record<FeeUnit, number>;
}

export const DEFAULT_FEE_SETTINGS: FeeSettings = { welcome: { signing: 10, evidence: 2 } };
