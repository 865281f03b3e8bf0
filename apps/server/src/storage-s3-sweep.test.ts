/**
 * The storage sweep (files-sweep/) over an S3-compatible bucket (s3rver, test-support/s3.ts): it
 * finds old objects no row names among the bucket's listings and aborts old incomplete multipart
 * uploads, as it does with local files.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { CreateMultipartUploadCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type Database } from './db';
import { sweepStoredFiles, type SweepOutcome } from './files-sweep/sweep';
import { seed } from './seed';
import type { Storage } from './storage';
import { s3Storage } from './storage-s3';
import { s3Client, startS3Server, type S3TestServer } from './test-support/s3';
import { BACKENDS } from './test-support/server';

/** The storage's clock two hours on: every file stored so far is old enough to be swept. */
const twoHoursOn = () => new Date(Date.now() + 2 * 60 * 60 * 1000);

async function keysOf(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list('')) keys.push(file.key);
  return keys.sort();
}

describe.each(BACKENDS)('the storage sweep over an S3-compatible bucket, on $name', (backend) => {
  let s3: S3TestServer;
  let database: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    s3 = await startS3Server();
    const opened = await backend.open();
    database = opened.database;
    cleanup = opened.cleanup;
    await migrate(database);
    await seed(database, { demo: true });
  });
  afterAll(async () => {
    await database?.close();
    await cleanup?.();
    await s3?.close();
  });

  it('removes an old object no row names and aborts an old incomplete upload, keeping what a row names and what it does not know', async () => {
    const storage = s3Storage(s3.options);
    const put = (key: string, text: string) => storage.put(key, Readable.from([Buffer.from(text)]));
    const named = `uploads/000000/${randomUUID()}`;
    await put(named, '%PDF-1.7 an upload its row names');
    const [person] = await database.query<{ id: string }>(
      "SELECT id FROM users WHERE phone = '13800000001'",
    );
    await database.query(
      `INSERT INTO files (id, tenant_id, user_id, name, content_type, size, storage_key)
       VALUES ($1, '000000', $2, 'named.pdf', 'application/pdf', 32, $3)`,
      [randomUUID(), person!.id, named],
    );
    const orphan = `contracts/000000/424242/v1-${randomUUID()}.pdf`;
    await put(orphan, '%PDF-1.7 a rolled-back version');
    const unknown = `exports/${randomUUID()}.csv`;
    await put(unknown, 'a file under a prefix no column names');
    // What a process killed mid-upload leaves in a bucket: an upload with a part and no end.
    const client = s3Client(s3.options);
    const cutKey = `uploads/000000/${randomUUID()}`;
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key: cutKey }),
    );
    await client.send(
      new UploadPartCommand({
        Bucket: s3.bucket,
        Key: cutKey,
        UploadId,
        PartNumber: 1,
        Body: Buffer.alloc(4096, 7),
      }),
    );

    // Everything is young now: nothing goes.
    expect(await sweepStoredFiles(database, storage)).toEqual<SweepOutcome>({
      filesChecked: 0,
      filesRemoved: 0,
      bytesRemoved: 0,
      partialsRemoved: 0,
      partialBytesRemoved: 0,
    });
    expect(await keysOf(storage)).toEqual([named, orphan, unknown].sort());

    expect(await sweepStoredFiles(database, storage, { now: twoHoursOn })).toEqual<SweepOutcome>({
      filesChecked: 2,
      filesRemoved: 1,
      bytesRemoved: '%PDF-1.7 a rolled-back version'.length,
      partialsRemoved: 1,
      partialBytesRemoved: 4096,
    });
    expect(await keysOf(storage)).toEqual([named, unknown].sort());
    const partials = [];
    for await (const partial of storage.listPartial()) partials.push(partial);
    expect(partials).toEqual([]);
  });
});
