import path from 'node:path';
import { DEFAULT_FEE_SETTINGS, type FeeSettings } from './fees/settings';
import { fileURLToPath } from 'node:url';
import { LOG_LEVELS } from './http/logging';
import { parseSecretBoxKey } from './secret-box';
import type { S3StorageOptions } from './storage-s3';

/** The built web app beside the server's own build: apps/web/dist from apps/server/dist. */
const DEFAULT_WEB_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);

/** How the server runs, from the environment (README: Configuration). */
export interface ServerConfig {
  port: number;
  host: string;
  /** Where the embedded database and the stored files live. */
  dataDir: string;
  /** A PostgreSQL server to use instead of the embedded database. */
  databaseUrl: string | undefined;
  production: boolean;
  /** Create the demo accounts on first start (off with --no-demo). */
  demo: boolean;
  /** The built web app served at / (WEB_DIR); the API alone when it holds no index.html. */
  webDir: string;
  /** Behind a reverse proxy (TRUST_PROXY=1): client addresses come from X-Forwarded-For. */
  trustProxy: boolean;
  /**
   * An external RFC 3161 timestamp authority (TSA_URL, http or https) stamping every signature
   * instead of the platform's own.
   */
  tsaUrl: string | undefined;
  /**
   * Where the platform is reached from outside (PUBLIC_URL, e.g. https://esign.example.com): the
   * signatures' certificates then name the CA's CRL there (a CRL distribution point).
   */
  publicUrl: string | undefined;
  /**
   * The welcome gift every console receives on its first fee activity, valid one year:
   * WELCOME_SIGNINGS signings (10) and WELCOME_EVIDENCE_COPIES evidence report copies (2).
   */
  fees: FeeSettings;
  /**
   * Issue evidence reports as soon as they are applied for (EVIDENCE_REPORTS_IMMEDIATE=1, for
   * development and demonstrations) instead of 1–2 working days later (spec 000 §9).
   */
  evidenceReportsImmediate: boolean;
  /**
   * The key sealing the secrets the server keeps and must read back (SECRET_BOX_KEY, 32 bytes in
   * base64): without it, a key kept in the database itself.
   */
  secretBoxKey: Uint8Array | undefined;
  /**
   * Callback URLs may resolve to loopback, private and link-local addresses
   * (ALLOW_PRIVATE_CALLBACKS=1): for development and tests, or an installation whose partners’
   * systems sit on its own private network (the server can then reach whatever that network holds).
   */
  allowPrivateCallbacks: boolean;
  /**
   * The S3-compatible bucket every stored file goes to (S3_BUCKET, with S3_ENDPOINT, S3_REGION,
   * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE); files in DATA_DIR without it.
   */
  s3: S3StorageOptions | undefined;
  /**
   * How long a stop (SIGTERM, SIGINT) may take (SHUTDOWN_TIMEOUT_MS, 25 s: within the 30 s an
   * orchestrator waits before it kills): requests and jobs in flight finish meanwhile; past it,
   * the process logs what it cut off and exits.
   */
  shutdownTimeoutMs: number;
  /** Where the Prometheus metrics are served on the API's port (METRICS_PATH, `/metrics`). */
  metricsPath: string;
  /** The bearer token a metrics scrape must bring (METRICS_TOKEN); open without it. */
  metricsToken: string | undefined;
  /** The least severe log lines written (LOG_LEVEL: info; debug, warn, error…). */
  logLevel: (typeof LOG_LEVELS)[number];
}

export function readConfig(
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = process.argv,
): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    production: env.NODE_ENV === 'production',
    demo: !argv.includes('--no-demo'),
    webDir: path.resolve(env.WEB_DIR || DEFAULT_WEB_DIR),
    trustProxy: /^(1|true|yes)$/i.test(env.TRUST_PROXY ?? ''),
    tsaUrl: httpUrl('TSA_URL', env.TSA_URL, 'of an RFC 3161 authority'),
    fees: {
      welcome: {
        signing: wholeNumber(
          'WELCOME_SIGNINGS',
          env.WELCOME_SIGNINGS,
          DEFAULT_FEE_SETTINGS.welcome.signing,
        ),
        evidence: wholeNumber(
          'WELCOME_EVIDENCE_COPIES',
          env.WELCOME_EVIDENCE_COPIES,
          DEFAULT_FEE_SETTINGS.welcome.evidence,
        ),
      },
    },
    publicUrl: httpUrl('PUBLIC_URL', env.PUBLIC_URL, 'the platform is reached at')?.replace(
      /\/+$/,
      '',
    ),
    evidenceReportsImmediate: /^(1|true|yes)$/i.test(env.EVIDENCE_REPORTS_IMMEDIATE ?? ''),
    secretBoxKey: parseSecretBoxKey(env.SECRET_BOX_KEY),
    allowPrivateCallbacks: /^(1|true|yes)$/i.test(env.ALLOW_PRIVATE_CALLBACKS ?? ''),
    s3: s3Options(env),
    shutdownTimeoutMs: wholeNumber('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 25_000),
    metricsPath: metricsPath(env.METRICS_PATH),
    metricsToken: env.METRICS_TOKEN || undefined,
    logLevel: logLevel(env.LOG_LEVEL),
  };
}

/** A whole number from the environment (0 or more), or the default when unset. */
function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value)) throw new Error(`${name} must be a whole number, not ${value}`);
  return Number(value);
}

/** LOG_LEVEL: one of pino's levels, info unless set. */
function logLevel(value: string | undefined): (typeof LOG_LEVELS)[number] {
  if (!value) return 'info';
  const level = LOG_LEVELS.find((known) => known === value.toLowerCase());
  if (!level) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not ${value}`);
  return level;
}

/** METRICS_PATH: a plain path outside /api (the API's calls answer the envelope, not metrics). */
function metricsPath(value: string | undefined): string {
  if (!value) return '/metrics';
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(value))
    throw new Error(`METRICS_PATH must be a path such as /metrics, not ${value}`);
  if (value === '/api' || value.startsWith('/api/'))
    throw new Error(`METRICS_PATH must be outside /api, not ${value}`);
  return value;
}

/** An http(s) address from the environment; a start with anything else fails at once. */
function httpUrl(name: string, value: string | undefined, what: string): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be the http(s) address ${what}, not ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an http or https address, not ${value}`);
  }
  return url.href;
}

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/**
 * The bucket from the S3_* variables: none when none is set; a start with an incomplete or
 * malformed set fails at once, naming what is wrong, rather than storing files where nobody looks.
 */
function s3Options(env: NodeJS.ProcessEnv): S3StorageOptions | undefined {
  const given = S3_VARIABLES.filter((name) => env[name]);
  const bucket = env.S3_BUCKET;
  if (!bucket) {
    if (given.length === 0) return undefined;
    throw new Error(
      `${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set without S3_BUCKET: set ` +
        'S3_BUCKET to store files in that bucket, or unset them to keep files in DATA_DIR',
    );
  }
  // S3's rules (3 to 63 characters), with the capitals and underscores of older buckets.
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/.test(bucket))
    throw new Error(`S3_BUCKET must be a bucket name, not ${bucket}`);
  const region = env.S3_REGION || 'us-east-1';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(region))
    throw new Error(`S3_REGION must be a region name such as us-east-1, not ${region}`);
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error(
      `${accessKeyId ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'} is set without ` +
        `${accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: give both, or neither ` +
        "to use the AWS SDK's own credentials (AWS_* variables, an instance role)",
    );
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? '';
  if (!/^(1|true|yes|0|false|no|)$/i.test(pathStyle))
    throw new Error(`S3_FORCE_PATH_STYLE must be 1 or 0, not ${pathStyle}`);
  return {
    endpoint: httpUrl('S3_ENDPOINT', env.S3_ENDPOINT, 'of the S3-compatible server')?.replace(
      /\/+$/,
      '',
    ),
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: /^(1|true|yes)$/i.test(pathStyle),
  };
}
