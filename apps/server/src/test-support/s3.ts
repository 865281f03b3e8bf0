/**
 * A real S3-compatible server for the tests: s3rver (from npm) in a child process on a free port of
 * 127.0.0.1, with a fresh bucket in a temporary directory (s3-server.mjs says why a child process,
 * and which calls it adds to s3rver). Each call starts its own, so that several test files, and
 * server processes they spawn (through `env`), can use one at a time each.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { S3Client } from '@aws-sdk/client-s3';
import type { S3StorageOptions } from '../storage-s3';

const SERVER_SCRIPT = fileURLToPath(new URL('./s3-server.mjs', import.meta.url));
/** How long the child may take to listen (a busy 2-core machine). */
const STARTUP_MS = 30_000;

export interface S3TestServer {
  /** e.g. http://127.0.0.1:43123 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The S3_* variables that make a spawned server (main.ts) store its files in this bucket. */
  env: Record<string, string>;
  /** The same, for `s3Storage` in this process. */
  options: S3StorageOptions;
  /** Stops the server and removes its directory (the bucket with it); safe to call twice. */
  close(): Promise<void>;
}

/** Starts an S3-compatible server holding one empty bucket. */
export async function startS3Server(): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'esign-s3-'));
  const bucket = 'esign-files';
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', SERVER_SCRIPT, directory, bucket],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    errors = (errors + text).slice(-10_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`The S3 test server did not start in time: ${errors}`)),
        STARTUP_MS,
      );
      const lines = createInterface({ input: child.stdout });
      lines.once('line', (line) => {
        clearTimeout(timer);
        lines.close();
        resolve((JSON.parse(line) as { port: number }).port);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`The S3 test server ended (${code}) before listening: ${errors}`));
      });
    });
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }

  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's one account.
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  const region = 'us-east-1';
  let closing: Promise<void> | undefined;
  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    },
    options: { endpoint, bucket, region, accessKeyId, secretAccessKey, forcePathStyle: true },
    close() {
      closing ??= (async () => {
        child.stdin.end();
        const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(killer);
        rmSync(directory, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}

/**
 * A client of a test server beside the storage's own, for what the app never does itself: making
 * buckets, leaving what a crash leaves, damaging an object.
 */
export function s3Client(options: S3StorageOptions): S3Client {
  return new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKeyId!, secretAccessKey: options.secretAccessKey! },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
