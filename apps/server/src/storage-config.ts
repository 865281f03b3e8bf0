import path from 'node:path';
import type { ServerConfig } from './config';
import { localStorage, type Storage } from './storage';

/**
 * The storage the configuration names: the S3-compatible bucket when S3_BUCKET is set, else
 * `DATA_DIR/files`. The server and the operator's commands use the same. The AWS SDK is loaded
 * only for a bucket: it is about 20 MB of a server's memory (apps/server/CONTEXT.md, Memory).
 */
export async function configuredStorage(
  config: Pick<ServerConfig, 's3' | 'dataDir'>,
): Promise<Storage> {
  if (!config.s3) return localStorage(path.join(config.dataDir, 'files'));
  const { s3Storage } = await import('./storage-s3');
  return s3Storage(config.s3);
}
