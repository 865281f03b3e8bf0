/** Types of journeys.mjs: a person's use of the platform over HTTP, for whole-process benches. */

/** What a request is counted as. */
export type JourneyKind =
  'register' | 'login' | 'code' | 'list' | 'detail' | 'initiate' | 'fill' | 'seal' | 'sign';

export declare const KINDS: readonly JourneyKind[];
export declare const JOURNEY_PATHS: Readonly<Record<string, string>>;

/** A registered, real-name verified person the journeys use. */
export interface JourneyUser {
  phone: string;
  /** The client address it sends in X-Forwarded-For. */
  address: string;
  lang: 'en' | 'zh';
  name: string;
  token: string | undefined;
  busy: boolean;
  codesSent: number[];
  lastCodeAt: Record<string, number>;
  contracts: number[];
}

/** The people and the contract PDF of a load on one server (or one proxy in front of several). */
export interface JourneyWorld {
  /** e.g. http://127.0.0.1:8080, without /api. */
  base: string;
  pdf: Uint8Array;
  users: JourneyUser[];
  people: number;
  journeys: number;
  network: number;
}

/** Where a load's requests are counted. */
export interface JourneyRecorder {
  requests: number;
  errors: number;
  errorSamples: string[];
  byKind: Record<JourneyKind, number[]>;
}

export interface MixedLoadOptions {
  /** Used to prepare a world when `world` is not given. */
  base: string;
  world?: JourneyWorld;
  /** Journeys to start in all. */
  rounds?: number;
  /** Start no journey after this long. */
  durationMs?: number;
  /** Journeys in flight at once (2 by default). */
  concurrency?: number;
}

export interface MixedLoadResult {
  requests: number;
  /** Failed requests (any status but 200, or an envelope with success false) and failed checks. */
  errors: number;
  /** The first failures, as `kind METHOD path: status message`. */
  errorSamples: string[];
  /** Journeys started, and completed (both parties signed). */
  journeys: number;
  completed: number;
  elapsedMs: number;
  /** Each request's latency in milliseconds, by kind. */
  byKind: Record<JourneyKind, number[]>;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface MixedLoadSummary {
  requestsPerSecond: number;
  journeysPerMinute: number;
  all: LatencySummary;
  kinds: Partial<Record<JourneyKind, LatencySummary>>;
}

export declare function contractPdf(): Uint8Array;
export declare function journeyProject(): { project: unknown; addressUuid: string };
export declare function prepareWorld(
  base: string,
  options?: { people?: number },
): Promise<JourneyWorld>;
export declare function createRecorder(): JourneyRecorder;
export declare function runJourney(world: JourneyWorld, recorder: JourneyRecorder): Promise<number>;
export declare function runMixedLoad(options: MixedLoadOptions): Promise<MixedLoadResult>;
export declare function percentile(sorted: readonly number[], p: number): number;
export declare function summarize(result: MixedLoadResult): MixedLoadSummary;
