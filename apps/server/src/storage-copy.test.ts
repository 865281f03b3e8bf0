/**
 * `npm run storage:to-s3`: a DATA_DIR's files copied into a bucket of a real S3-compatible server
 * (s3rver, test-support/s3.ts) and checked by SHA-256, run again, and a damaged object found.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from './storage';
import { runStorageCopyCommand } from './storage-copy';
import { s3Storage } from './storage-s3';
import { s3Client, startS3Server, type S3TestServer } from './test-support/s3';

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function keysOf(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list('')) keys.push(file.key);
  return keys.sort();
}

describe('copying a DATA_DIR’s files into an S3-compatible bucket (npm run storage:to-s3)', () => {
  let s3: S3TestServer;
  let dataDir: string;
  let bucket: Storage;
  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = s3Storage(s3.options);
    dataDir = mkdtempSync(path.join(tmpdir(), 'esign-data-'));
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The command as an operator runs it, with DATA_DIR and the S3_* variables; its output. */
  const run = async (...args: string[]) => {
    const printed: string[] = [];
    const errors: string[] = [];
    const code = await runStorageCopyCommand(
      args,
      { DATA_DIR: dataDir, ...s3.env },
      { print: (line) => printed.push(line), error: (line) => errors.push(line) },
    );
    return { code, printed: printed.join('\n'), errors: errors.join('\n') };
  };
  const write = (name: string, bytes: Buffer) => {
    const full = path.join(dataDir, 'files', name);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, bytes);
  };

  const files: Record<string, Buffer> = {
    'uploads/000000/3f0c2b8e-upload': Buffer.from('%PDF-1.7 an upload'),
    'contracts/000000/42/v0-a.pdf': Buffer.from('%PDF-1.7 version 0'),
    'contracts/000000/42/v1-b.pdf': Buffer.alloc(6 * MiB + 7, 0x2a),
    'seals/000000/s.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  };

  it('copies every finished file under its key, each read back with its SHA-256, and leaves partial writes and health probes', async () => {
    for (const [key, bytes] of Object.entries(files)) write(key, bytes);
    write(`uploads/000000/cut.${randomUUID()}.part`, Buffer.from('half an upload'));
    write(`.health-${randomUUID()}`, Buffer.from('ok'));

    const copied = await run();
    expect(copied.errors).toBe('');
    expect(copied.printed).toContain(
      `4 files (${Object.values(files).reduce((sum, bytes) => sum + bytes.length, 0)} bytes): ` +
        '4 copied, 0 already there with the same SHA-256, 0 missing, 0 differing, 0 failed.',
    );
    expect(copied.code).toBe(0);
    expect(await keysOf(bucket)).toEqual(Object.keys(files).sort());
    for (const [key, bytes] of Object.entries(files)) {
      expect(sha256(await buffer(bucket.get(key))), key).toBe(sha256(bytes));
    }
    const partials = [];
    for await (const partial of bucket.listPartial()) partials.push(partial);
    expect(partials).toEqual([]);
  });

  it('copies only what is new when run again, and --verify finds every file there', async () => {
    write('avatars/000000/new.png', Buffer.from('a file added since'));
    const again = await run();
    expect(again.code).toBe(0);
    expect(again.printed).toContain(
      '1 copied, 4 already there with the same SHA-256, 0 missing, 0 differing, 0 failed.',
    );
    const verified = await run('--verify');
    expect(verified.code).toBe(0);
    expect(verified.printed).toContain(
      '0 copied, 5 already there with the same SHA-256, 0 missing, 0 differing, 0 failed.',
    );
  });

  it('finds an object damaged in the bucket and one missing, leaves the damaged one, and exits 1', async () => {
    const damaged = 'contracts/000000/42/v1-b.pdf';
    await s3Client(s3.options).send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: damaged,
        Body: Buffer.alloc(6 * MiB + 7, 0x2b),
      }),
    );
    await bucket.remove('seals/000000/s.png');

    const verified = await run('--verify');
    expect(verified.code).toBe(1);
    expect(verified.printed).toContain(
      '0 copied, 3 already there with the same SHA-256, 1 missing, 1 differing',
    );
    expect(verified.errors).toContain(`differs: ${damaged}`);
    expect(verified.errors).toContain('missing: seals/000000/s.png');
    expect(await keysOf(bucket)).not.toContain('seals/000000/s.png');

    // Copying brings the missing one back; the damaged one is reported again, not overwritten.
    const copied = await run();
    expect(copied.code).toBe(1);
    expect(copied.printed).toContain(
      '1 copied, 3 already there with the same SHA-256, 0 missing, 1 differing',
    );
    expect(copied.errors).toContain('remove it from the bucket and run again');
    expect((await buffer(bucket.get(damaged)))[0]).toBe(0x2b);

    await bucket.remove(damaged);
    expect((await run()).code).toBe(0);
    expect(sha256(await buffer(bucket.get(damaged)))).toBe(sha256(files[damaged]!));
  });

  it('refuses a wrong call, an incomplete configuration and an unreachable bucket, saying why', async () => {
    expect(await run('--everything')).toMatchObject({
      code: 2,
      errors: expect.stringContaining('Unknown argument --everything') as unknown,
    });
    const printed: string[] = [];
    const call = (env: NodeJS.ProcessEnv) =>
      runStorageCopyCommand([], env, {
        print: () => undefined,
        error: (line) => printed.push(line),
      });
    expect(await call({ DATA_DIR: dataDir })).toBe(2);
    expect(printed.pop()).toContain('Set S3_BUCKET');
    expect(await call({ DATA_DIR: dataDir, ...s3.env, S3_SECRET_ACCESS_KEY: '' })).toBe(2);
    expect(printed.pop()).toContain('S3_ACCESS_KEY_ID is set without S3_SECRET_ACCESS_KEY');
    expect(await call({ DATA_DIR: path.join(dataDir, 'nowhere'), ...s3.env })).toBe(2);
    expect(printed.pop()).toContain('does not exist');
    expect(await call({ DATA_DIR: dataDir, ...s3.env, S3_BUCKET: 'no-such-bucket' })).toBe(1);
    expect(printed.pop()).toContain('bucket no-such-bucket at http://127.0.0.1');
  });
});
