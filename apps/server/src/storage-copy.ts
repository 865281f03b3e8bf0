import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { readConfig } from './config';
import { localStorage, type Storage, type StoredFile } from './storage';
import { s3Storage } from './storage-s3';

/** What copying (or checking) one storage's files into another found. */
export interface CopyOutcome {
  /** The finished files of the source (partial writes and health probes are none). */
  files: number;
  bytes: number;
  /** Copied now, and read back from the target with the source's SHA-256. */
  copied: number;
  /** In the target already with the source's SHA-256: left as they are. */
  alreadyThere: number;
  /** Not in the target (counted when only checking; copied otherwise). */
  missing: string[];
  /** In the target with other bytes than the source's: reported, never overwritten. */
  differing: string[];
  /** Could not be read, written or read back: key and why. */
  failed: { key: string; reason: string }[];
}

export interface CopyOptions {
  /** Only compare: copy nothing. */
  verifyOnly?: boolean;
  /** Files handled at once. */
  concurrency?: number;
  /** A line for each file that is not as it should be. */
  report?: (line: string) => void;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The SHA-256 of a stream's bytes, read as they come. */
async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The SHA-256 of a stored file; undefined when the storage lacks it. */
async function storedSha256(storage: Storage, key: string): Promise<string | undefined> {
  try {
    return await sha256Of(storage.get(key));
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/**
 * Copies every finished file of `source` into `target` under its key and checks each by hash: the
 * SHA-256 of what is read back from the target must be the source file's. A file the target
 * already holds with the same hash is left alone, so a second run copies only what the first did
 * not; one it holds with other bytes is reported and left for the operator (keys are never reused,
 * so such an object is damaged, not a newer file).
 */
export async function copyStorage(
  source: Storage,
  target: Storage,
  { verifyOnly = false, concurrency = 4, report = () => undefined }: CopyOptions = {},
): Promise<CopyOutcome> {
  const outcome: CopyOutcome = {
    files: 0,
    bytes: 0,
    copied: 0,
    alreadyThere: 0,
    missing: [],
    differing: [],
    failed: [],
  };
  const one = async (file: StoredFile) => {
    const expected = await sha256Of(source.get(file.key));
    const found = await storedSha256(target, file.key);
    if (found === expected) {
      outcome.alreadyThere++;
      return;
    }
    if (found !== undefined) {
      outcome.differing.push(file.key);
      report(`differs: ${file.key} (SHA-256 ${found} in the bucket, ${expected} here)`);
      return;
    }
    if (verifyOnly) {
      outcome.missing.push(file.key);
      report(`missing: ${file.key}`);
      return;
    }
    await target.put(file.key, source.get(file.key));
    const copied = await storedSha256(target, file.key);
    if (copied === expected) {
      outcome.copied++;
    } else {
      outcome.differing.push(file.key);
      report(`differs after copying: ${file.key} (SHA-256 ${copied ?? 'none'}, ${expected} here)`);
    }
  };

  const running = new Set<Promise<void>>();
  for await (const file of source.list('')) {
    outcome.files++;
    outcome.bytes += file.size;
    const task = one(file)
      .catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        outcome.failed.push({ key: file.key, reason });
        report(`failed: ${file.key}: ${reason}`);
      })
      .finally(() => running.delete(task));
    running.add(task);
    if (running.size >= concurrency) await Promise.race(running);
  }
  await Promise.all(running);
  return outcome;
}

const USAGE = 'Usage: npm run storage:to-s3 -w @esign/server [-- --verify]';

/**
 * `npm run storage:to-s3 -w @esign/server [-- --verify]` (storage-copy-cli.ts): copies the files of
 * DATA_DIR/files into the bucket the S3_* variables name, checking each by SHA-256, or with
 * --verify only checks that the bucket holds each with the same hash. Gives the exit code: 0 when
 * every file is in the bucket as it is here, 1 when one differs, is missing or failed, 2 for a
 * wrong call or configuration.
 */
export async function runStorageCopyCommand(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  {
    print = console.log,
    error = console.error,
  }: { print?: (line: string) => void; error?: (line: string) => void } = {},
): Promise<number> {
  const unknown = args.filter((arg) => arg !== '--verify');
  if (unknown.length > 0) {
    error(`Unknown argument ${unknown[0]}. ${USAGE}`);
    return 2;
  }
  const verifyOnly = args.includes('--verify');
  let config: ReturnType<typeof readConfig>;
  try {
    config = readConfig(env, []);
  } catch (problem) {
    error(problem instanceof Error ? problem.message : String(problem));
    return 2;
  }
  if (!config.s3) {
    error(`Set S3_BUCKET and the other S3_* variables to the bucket to copy into. ${USAGE}`);
    return 2;
  }
  const files = path.join(config.dataDir, 'files');
  if (!existsSync(files)) {
    error(`${files} does not exist: set DATA_DIR to the directory the server stored its files in`);
    return 2;
  }
  const bucket = `bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`;
  const target = s3Storage(config.s3);
  if (!(await target.health())) {
    error(`The ${bucket} cannot be written, read and deleted in: check the S3_* variables`);
    return 1;
  }
  print(
    `${verifyOnly ? 'Checking' : 'Copying'} the files of ${files} ${verifyOnly ? 'in' : 'into'} the ${bucket}…`,
  );
  const outcome = await copyStorage(localStorage(files), target, { verifyOnly, report: error });
  print(
    `${outcome.files} files (${outcome.bytes} bytes): ${outcome.copied} copied, ` +
      `${outcome.alreadyThere} already there with the same SHA-256, ` +
      `${outcome.missing.length} missing, ${outcome.differing.length} differing, ` +
      `${outcome.failed.length} failed.`,
  );
  const wrong = outcome.missing.length + outcome.differing.length + outcome.failed.length;
  if (outcome.differing.length > 0) {
    error(
      'An object that differs was left as it is: remove it from the bucket and run again to copy ' +
        'it anew, once the file here is known to be the right one.',
    );
  }
  return wrong === 0 ? 0 : 1;
}
