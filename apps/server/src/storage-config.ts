import path from 'node:path';
import type { ServerConfig } from './config';
import { localStorage, type Storage } from './storage';
import { s3Storage } from './storage-s3';

/**
 * The storage the configuration names: the S3-compatible bucket when S3_BUCKET is set, else
 * `DATA_DIR/files`. The server and the operator's commands use the same.
 */
export function configuredStorage(config: Pick<ServerConfig, 's3' | 'dataDir'>): Storage {
  return config.s3 ? s3Storage(config.s3) : localStorage(path.join(config.dataDir, 'files'));
}
