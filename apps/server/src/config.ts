import path from 'node:path';

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
  };
}
