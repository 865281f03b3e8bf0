import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { readConfig } from './config';
import { migrate, openDatabase } from './db';
import { acquireDataDirLock, type DataDirLock } from './db/data-dir-lock';
import { closeWithin } from './http/shutdown';
import { seed } from './seed';
import { configuredStorage } from './storage-config';

/**
 * Starts the platform (API, and the web app when built): takes DATA_DIR for this process when the
 * database is the embedded one, opens the database, migrates it, seeds it, listens, and stops
 * cleanly on SIGTERM.
 */
async function main(): Promise<void> {
  const config = readConfig();
  let dataDirLock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    // Before anything in DATA_DIR (database, files) or the port is opened.
    const locked = acquireDataDirLock(config.dataDir, { port: config.port });
    if (!locked.ok) {
      console.error(locked.refusal.message);
      process.exitCode = 1;
      return;
    }
    dataDirLock = locked.lock;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(database);
  const demo = await seed(database, { demo: config.demo });
  const storage = await configuredStorage(config);
  const app = await buildApp({
    database,
    storage,
    logger: { level: config.logLevel },
    webDir: config.webDir,
    trustProxy: config.trustProxy,
    tsaUrl: config.tsaUrl,
    publicUrl: config.publicUrl,
    fees: config.fees,
    evidenceReportsImmediate: config.evidenceReportsImmediate,
    secretBoxKey: config.secretBoxKey,
    allowPrivateCallbacks: config.allowPrivateCallbacks,
    metricsPath: config.metricsPath,
    metricsToken: config.metricsToken,
  });
  await app.listen({ port: config.port, host: config.host });
  const web = existsSync(path.join(config.webDir, 'index.html'));
  // Log lines like every other (JSON), each still saying in words what it says.
  app.log.info(
    { port: config.port, web, database: database.kind, migrationsApplied: applied },
    `eSign ${web ? `on http://localhost:${config.port}/ (web app) with its API` : 'API'} at http://localhost:${config.port}/api ` +
      `(${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}` +
      `${applied.length > 0 ? `, migrations ${applied.join(', ')} applied` : ''})`,
  );
  if (demo.length > 0) {
    // The demo accounts' password is the documented one (README), not a secret.
    app.log.info(
      `Demo accounts (tenant 000000): ` +
        demo
          .map(
            (account) =>
              `${account.role}: phone ${account.phone}, password ${account.password}${account.company ? `, ${account.company}` : ''}`,
          )
          .join('; '),
    );
  }
  const stop = async (signal: string) => {
    const timeoutMs = config.shutdownTimeoutMs;
    app.log.info(
      { signal, timeoutMs },
      `${signal}: stopping (new connections refused; requests and jobs in flight finishing)`,
    );
    const outcome = await closeWithin(timeoutMs, async () => {
      await app.close();
      await database.close();
    }).catch((error: unknown) => {
      app.log.error({ err: error }, 'stopping failed');
      return 'failed' as const;
    });
    if (outcome === 'cut off') {
      app.log.error(
        { requests: app.requestsInFlight(), jobs: app.jobs.running(), timeoutMs },
        `SHUTDOWN_TIMEOUT_MS (${timeoutMs} ms) passed: cut off ` +
          `${app.requestsInFlight().length} request(s) and ${app.jobs.running().length} job(s) in flight`,
      );
    }
    // Cut off, the embedded database may still be writing: its lock is left to go stale with
    // the process rather than be handed to another one now.
    if (outcome !== 'closed') process.exit(1);
    dataDirLock?.release();
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
