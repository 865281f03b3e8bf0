import type { Database } from './db';
import type { FaceProvider } from './face/provider';
import type { FeeSettings } from './fees/settings';
import type { DescribedRoute } from './http/route';
import type { AppMetrics } from './http/metrics';
import type { JobWorker } from './jobs/worker';
import type { TimestampAuthority } from './signing';
import type { SmsProvider } from './sms/provider';
import type { SecretBox } from './secret-box';
import type { Storage } from './storage';

/** What every route module is given: the database, file storage and the token signing key. */
export interface AppContext {
  database: Database;
  storage: Storage;
  /** Signs and verifies access tokens (kept in the database; see auth/tokens.ts). */
  key: Uint8Array;
  /** Whether development-only calls (such as the SMS outbox) are served. */
  development: boolean;
  /** Delivers SMS verification codes (the development provider unless another is given). */
  sms: SmsProvider;
  /** Checks signers' faces: the development provider outside production unless another is given. */
  face: FaceProvider | null;
  /** Makes each graphic captcha's answer: random, or a known one in tests. */
  captchaText: () => string;
  /** Every call registered so far, for the OpenAPI document. */
  routes: DescribedRoute[];
  /**
   * The time as the app's day-based rules see it (seal authorisations' dates): the system clock,
   * or one a test moves forward.
   */
  now: () => Date;
  /** This process's job worker: a module registers the handlers of its kinds of job here. */
  jobs: JobWorker;
  /**
   * Stamps every contract signature's time (PAdES B-T): the platform's own timestamp authority,
   * or the RFC 3161 authority at TSA_URL.
   */
  timestamps: TimestampAuthority;
  /** Where the platform is reached from outside (PUBLIC_URL), when configured. */
  publicUrl?: string | undefined;
  /** The fee settings: how many units of each kind a console's welcome gift holds. */
  fees: FeeSettings;
  /** Seals the secrets the server must read back (API secrets, callback secrets, imported keys). */
  secrets: SecretBox;
  /** This app's Prometheus metrics (http/metrics.ts): the counters areas add to. */
  metrics: AppMetrics;
}
