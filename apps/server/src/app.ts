import { CODES, PATHS, fail, message, ok } from '@esign/platform';
import { DEFAULT_FEE_SETTINGS, type FeeSettings } from './fees/settings';
import { feeRoutes } from './fees/routes';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { accountRoutes } from './account/routes';
import { authRoutes } from './auth/routes';
import { captchaRoutes } from './captcha/routes';
import { randomCaptchaText } from './captcha/store';
import { signingKey } from './auth/tokens';
import { loadSecretBox } from './secret-box';
import { companyRoutes } from './companies/routes';
import { companyAuthRoutes } from './company-auth/routes';
import { configurePaymentProvider } from './providers/payment/configure';
import type { PaymentProvider } from './providers/payment/provider';
import { companyInfoRoutes } from './company-info/routes';
import { companyRoleRoutes } from './company-roles/routes';
import type { AppContext } from './context';
import { contractExpiry } from './contracts/expiry';
import { contractRoutes } from './contracts/routes';
import { counterpartRoutes } from './counterparts/routes';
import { orderRoutes } from './orders/routes';
import { invoiceRoutes } from './invoices/routes';
import { integrationRoutes } from './integrations/routes';
import { configureCallbacks } from './integrations/settings';
import { openApiRoutes } from './open-api/routes';
import { evidenceReportRoutes } from './evidence-reports/routes';
import { certificateExpiry } from './certificates/expiry';
import { certificateRoutes } from './certificates/routes';
import { hardwareKeyRoutes } from './hardware-keys/routes';
import { configureEvidenceReports } from './evidence-reports/settings';
import type { LedgerProvider } from './providers/ledger/provider';
import type { Database } from './db';
import { documentRoutes } from './documents/routes';
import { developmentFaceProvider } from './face/development';
import type { FaceProvider } from './face/provider';
import { fileRoutes } from './files/routes';
import { lastStorageSweep, storageSweep } from './files-sweep/sweep';
import { answerClientError } from './http/client-error';
import { closeConnectionsOnceIdle } from './http/drain';
import { addSecurityHeaders } from './http/security-headers';
import { openApiDocument } from './http/openapi';
import { createMetrics, serveMetrics } from './http/metrics';
import { loggerOptions, type LogSettings } from './http/logging';
import { healthProbeRoutes } from './http/readiness';
import { requestIdOf, keepRequestContext } from './http/request-context';
import { trackRequestsInFlight } from './http/shutdown';
import { ApiError, apiErrorBody, describeRoute } from './http/route';
import { createJobWorker, type JobWorker, type JobWorkerOptions } from './jobs/worker';
import { requestLocale } from './locale';
import { menuRoutes } from './menus/routes';
import { messageRoutes } from './messages/routes';
import { sealRoutes } from './seals/routes';
import { workflowRoutes } from './workflows/routes';
import { approvalRoutes } from './approvals/routes';
import { developmentSmsProvider, type SmsProvider } from './sms/provider';
import { smsRoutes } from './sms/routes';
import { realNameRoutes } from './real-name/routes';
import { configureRealNameProviders } from './real-name/providers';
import { operatorRoutes } from './operator/routes';
import type { IdentityProvider } from './providers/identity/provider';
import type { BankCardProvider } from './providers/bank-card/provider';
import { staffRoutes } from './staff/routes';
import { subCompanyRoutes } from './sub-companies/routes';
import { userCenterRoutes } from './user-center/routes';
import type { Storage } from './storage';
import { templateRoutes } from './templates/routes';
import { contractArchiveRoutes } from './contract-archive/routes';
import { batchSignRoutes } from './batch-sign/routes';
import { tenantRoutes } from './tenants/routes';
import { serveWebApp } from './web/static';
import { platformTimestamps, remoteTimestamps, type TimestampAuthority } from './signing';

export interface AppDependencies {
  database: Database;
  storage: Storage;
  /** The fee settings (the welcome gift); `DEFAULT_FEE_SETTINGS` otherwise. */
  fees?: FeeSettings;
  /** JSON lines (http/logging.ts): true for standard output at info, or where and from which level. */
  logger?: boolean | LogSettings;
  /** Serve development-only calls (the SMS outbox); off when NODE_ENV is production. */
  development?: boolean;
  /** Delivers SMS codes; by default the development provider (outbox table and log). */
  sms?: SmsProvider;
  /**
   * Checks signers' faces (base/getFaceUrl): by default the development provider outside
   * production, none in production (face checks are then refused; SMS codes still work).
   */
  face?: FaceProvider;
  /** Pays company verification micro-payments; the development one (no money) outside production. */
  payment?: PaymentProvider;
  /** Checks name, ID number and phone (real-name phone method); development one outside production. */
  identity?: IdentityProvider;
  /** Checks bank card four elements (real-name bank card method); development one outside production. */
  bankCard?: BankCardProvider;
  /** Makes graphic captcha answers; random by default (tests give known ones). */
  captchaText?: () => string;
  /** The clock of day-based rules (seal authorisations); the system's by default, a test's own in tests. */
  clock?: () => Date;
  /** The built web app to serve at /; none by default (the API alone). */
  webDir?: string | undefined;
  /**
   * Take client addresses from X-Forwarded-For (TRUST_PROXY=1 behind a reverse proxy), so that
   * per-address limits count people, not the proxy.
   */
  trustProxy?: boolean;
  /** How the job worker polls, leases and runs jobs (tests make it quicker). */
  jobs?: Omit<JobWorkerOptions, 'logger'>;
  /** An external RFC 3161 timestamp authority (TSA_URL) instead of the platform's own. */
  tsaUrl?: string | undefined;
  /** Who stamps signatures' times, given outright (tests: an authority that answers slowly). */
  timestamps?: TimestampAuthority | undefined;
  /** Where the platform is reached from outside (PUBLIC_URL). */
  publicUrl?: string | undefined;
  /**
   * Issue evidence reports as soon as applied for (EVIDENCE_REPORTS_IMMEDIATE=1; the tests)
   * instead of 1–2 working days later.
   */
  evidenceReportsImmediate?: boolean;
  /** The ledger of blockchain evidence reports; the development ledger outside production. */
  ledger?: LedgerProvider;
  /** The key sealing secrets kept in the database (SECRET_BOX_KEY); else one kept in server_keys. */
  secretBoxKey?: Uint8Array | undefined;
  /** Callback URLs may reach private addresses (ALLOW_PRIVATE_CALLBACKS=1; development, tests). */
  allowPrivateCallbacks?: boolean;
  /** The wait before a callback delivery's first retry (60 s; tests make it short). */
  callbackRetryBaseMs?: number;
  /** Where the Prometheus metrics are served, outside /api (METRICS_PATH; `/metrics`). */
  metricsPath?: string;
  /** The bearer token a metrics scrape must bring (METRICS_TOKEN); none by default. */
  metricsToken?: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job worker, started when the app is ready and stopped when it closes. */
    jobs: JobWorker;
    /**
     * Every route registered under /api (`GET /api/blade-user/info`), whether or not through the
     * route helper: the permission test holds each to having declared what it needs.
     */
    apiRoutes: string[];
  }
}

/**
 * The modules of the API, each registering its calls on the app with the shared context. A new
 * area of the platform adds its module here.
 */
const MODULES: readonly ((app: FastifyInstance, context: AppContext) => Promise<void>)[] = [
  authRoutes,
  captchaRoutes,
  smsRoutes,
  accountRoutes,
  tenantRoutes,
  companyRoutes,
  menuRoutes,
  messageRoutes,
  fileRoutes,
  documentRoutes,
  contractRoutes,
  contractExpiry,
  storageSweep,
  templateRoutes,
  contractArchiveRoutes,
  batchSignRoutes,
  staffRoutes,
  companyRoleRoutes,
  companyInfoRoutes,
  subCompanyRoutes,
  realNameRoutes,
  operatorRoutes,
  companyAuthRoutes,
  userCenterRoutes,
  sealRoutes,
  workflowRoutes,
  approvalRoutes,
  counterpartRoutes,
  orderRoutes,
  invoiceRoutes,
  evidenceReportRoutes,
  feeRoutes,
  certificateRoutes,
  certificateExpiry,
  hardwareKeyRoutes,
  integrationRoutes,
  openApiRoutes,
];

/**
 * The API under /api. Every answer is the `{ code, success, data, msg }` envelope, in the request's
 * language; errors never carry a stack trace or SQL.
 */
export async function buildApp({
  database,
  storage,
  logger = false,
  development = process.env.NODE_ENV !== 'production',
  sms,
  face,
  payment,
  identity,
  bankCard,
  captchaText = randomCaptchaText,
  clock,
  webDir,
  trustProxy = false,
  jobs: jobOptions,
  tsaUrl,
  timestamps,
  publicUrl,
  fees = DEFAULT_FEE_SETTINGS,
  evidenceReportsImmediate = false,
  ledger,
  secretBoxKey,
  allowPrivateCallbacks = false,
  callbackRetryBaseMs,
  metricsPath = '/metrics',
  metricsToken,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(logger === true ? {} : logger),
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    trustProxy,
    clientErrorHandler: answerClientError,
  });
  const apiRoutes: string[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (options) => {
    if (!options.url.startsWith('/api/')) return;
    for (const method of [options.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push(`${method} ${options.url}`);
    }
  });
  closeConnectionsOnceIdle(app);
  trackRequestsInFlight(app);
  keepRequestContext(app);
  addSecurityHeaders(app);
  const metrics = createMetrics();
  const context: AppContext = {
    database,
    storage,
    key: await signingKey(database),
    development,
    sms: sms ?? developmentSmsProvider(database, app.log, { development }),
    face: face ?? (development ? developmentFaceProvider(database) : null),
    captchaText,
    now: clock ?? (() => new Date()),
    routes: [],
    jobs: createJobWorker(database, {
      ...jobOptions,
      logger: app.log,
      onAttempt: (kind, outcome) => metrics.jobAttempts.inc({ kind, outcome }),
    }),
    timestamps: timestamps ?? (tsaUrl ? remoteTimestamps(tsaUrl) : platformTimestamps(database)),
    publicUrl,
    fees,
    secrets: await loadSecretBox(database, secretBoxKey),
    metrics,
  };
  serveMetrics(app, metrics, { path: metricsPath, token: metricsToken, database });
  configurePaymentProvider(context, payment);
  configureRealNameProviders(context, { identity, bankCard });
  configureEvidenceReports(context, { immediate: evidenceReportsImmediate, ledger });
  configureCallbacks(context, {
    allowPrivate: allowPrivateCallbacks,
    ...(callbackRetryBaseMs === undefined ? {} : { retryBaseMs: callbackRetryBaseMs }),
  });
  // Jobs run while the app is up: a closing app starts no new one while its requests drain, and
  // waits for the running ones before the database is closed after it.
  app.decorate('jobs', context.jobs);
  app.addHook('onReady', () => context.jobs.start());
  app.addHook('preClose', (done) => {
    void context.jobs.stop();
    done();
  });
  app.addHook('onClose', () => context.jobs.stop());

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = requestLocale(request);
    if (error instanceof ApiError) {
      if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
      return reply.status(error.status).send(apiErrorBody(error, locale));
    }
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(fail(CODES.serverError, message('serverException', locale)));
    }
    const text = status === 413 ? 'requestTooLarge' : 'requestException';
    return reply.status(status).send(fail(status, message(text, locale)));
  });

  const webPage = await serveWebApp(app, webDir);
  app.setNotFoundHandler(
    (request, reply) =>
      webPage?.(request, reply) ??
      reply.status(404).send(fail(CODES.notFound, message('notFound', requestLocale(request)))),
  );

  describeRoute(context, {
    method: 'GET',
    path: PATHS.health,
    summary:
      'Whether the server, its database and its file storage are up (503 when not), and what the last storage sweep removed',
    tag: 'health',
    auth: 'public',
    permission: 'public',
  });
  app.get(`/api${PATHS.health}`, async (request, reply) => {
    const [databaseUp, storageUp, sweep] = await Promise.all([
      database.query('SELECT 1 AS up').then(
        () => true,
        () => false,
      ),
      storage.health(),
      // Kept in the database, so every server process reports the same sweep.
      lastStorageSweep(database).catch(() => null),
    ]);
    const data = {
      database: databaseUp ? 'up' : 'down',
      storage: storageUp ? 'up' : 'down',
      kind: database.kind,
      sweep,
    };
    if (databaseUp && storageUp) return ok(data);
    return reply
      .status(503)
      .send(fail(503, message('serviceUnavailable', requestLocale(request)), data));
  });

  healthProbeRoutes(app, context);

  for (const module of MODULES) await app.register(module, context);

  describeRoute(context, {
    method: 'GET',
    path: PATHS.openapi,
    summary: 'This document',
    tag: 'health',
    auth: 'public',
    permission: 'public',
  });
  let document: Record<string, unknown> | undefined;
  app.get(`/api${PATHS.openapi}`, async () => (document ??= openApiDocument(context.routes)));

  return app;
}
