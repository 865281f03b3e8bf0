/**
 * The storage suite: the same cases against the local directory and against a real S3-compatible
 * server (s3rver, started on 127.0.0.1 by test-support/s3.ts), each case on a fresh directory or
 * bucket. What the app and the sweep rely on: files streamed in and out whole, a missing file's
 * ENOENT, listings by prefix with the time a file became readable, writes under way and cut off
 * kept apart from files, the key rule, and the health check.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localStorage, type PartialWrite, type Storage, type StoredFile } from './storage';
import { s3Storage } from './storage-s3';
import { s3Client, startS3Server, type S3TestServer } from './test-support/s3';
import { until } from './test-support/until';

const MiB = 1024 * 1024;
/** S3's smallest part, and the S3 storage's part size: a larger file goes up in parts. */
const PART = 5 * MiB;

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const found: T[] = [];
  for await (const item of items) found.push(item);
  return found;
}

const keysOf = (files: StoredFile[]) => files.map((file) => file.key).sort();

/** What a storage under test is, fresh for each case, with what a crash would leave in it. */
interface StorageUnderTest {
  storage: Storage;
  /** The same files, listed `pageSize` keys a page where the storage pages its listings. */
  paged(pageSize: number): Storage;
  /** Leaves what a process killed while writing `key` leaves: `bytes` already written. */
  leavePartial(key: string, bytes: number): Promise<void>;
  /** Leaves a health probe a crash left; gives its name. */
  leaveProbe(): Promise<string>;
  /** A storage that cannot be reached or written now. */
  unavailable(): Promise<Storage>;
}

interface StorageKind {
  name: string;
  start(): Promise<void>;
  fresh(): Promise<StorageUnderTest>;
  stop(): Promise<void>;
}

const roots: string[] = [];
const localKind: StorageKind = {
  name: 'a local directory',
  start: async () => undefined,
  async fresh() {
    const root = mkdtempSync(path.join(tmpdir(), 'esign-storage-'));
    roots.push(root);
    const write = (name: string, bytes: Buffer) => {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), bytes);
    };
    return {
      storage: localStorage(root),
      paged: () => localStorage(root),
      leavePartial: async (key, bytes) => write(`${key}.${randomUUID()}.part`, Buffer.alloc(bytes)),
      async leaveProbe() {
        const probe = `.health-${randomUUID()}`;
        write(probe, Buffer.from('ok'));
        return probe;
      },
      // A directory that cannot be made: its place is taken by a file.
      async unavailable() {
        write('taken', Buffer.from('a file'));
        return localStorage(path.join(root, 'taken', 'files'));
      },
    };
  },
  async stop() {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  },
};

let s3: S3TestServer;
let buckets = 0;
const s3Kind: StorageKind = {
  name: 'an S3-compatible server',
  async start() {
    s3 = await startS3Server();
  },
  async fresh() {
    const client = s3Client(s3.options);
    const Bucket = `case-${++buckets}-${randomUUID().slice(0, 8)}`;
    await client.send(new CreateBucketCommand({ Bucket }));
    const options = { ...s3.options, bucket: Bucket };
    return {
      storage: s3Storage(options),
      paged: (pageSize) => s3Storage({ ...options, listPageSize: pageSize }),
      async leavePartial(key, bytes) {
        const { UploadId } = await client.send(
          new CreateMultipartUploadCommand({ Bucket, Key: key }),
        );
        await client.send(
          new UploadPartCommand({
            Bucket,
            Key: key,
            UploadId,
            PartNumber: 1,
            Body: Buffer.alloc(bytes),
          }),
        );
      },
      async leaveProbe() {
        const probe = `.health-${randomUUID()}`;
        await client.send(new PutObjectCommand({ Bucket, Key: probe, Body: 'ok' }));
        return probe;
      },
      // A server that has stopped.
      async unavailable() {
        const stopped = await startS3Server();
        const storage = s3Storage(stopped.options);
        expect(await storage.health()).toBe(true);
        await stopped.close();
        return storage;
      },
    };
  },
  stop: async () => s3?.close(),
};

/** Bytes that differ all along (a misplaced part shows), made as they are read. */
function* pattern(size: number, chunk = 64 * 1024): Generator<Buffer> {
  for (let offset = 0; offset < size; offset += chunk) {
    const length = Math.min(chunk, size - offset);
    const bytes = Buffer.alloc(Math.ceil(length / 4) * 4);
    for (let i = 0; i < bytes.length; i += 4) bytes.writeUInt32LE((offset + i) >>> 0, i);
    yield bytes.subarray(0, length);
  }
}

const sha256Of = async (chunks: AsyncIterable<Buffer> | Iterable<Buffer>) => {
  const hash = createHash('sha256');
  for await (const chunk of chunks) hash.update(chunk);
  return hash.digest('hex');
};

describe.each([localKind, s3Kind])('storage in $name', (kind) => {
  let under: StorageUnderTest;
  let storage: Storage;
  beforeAll(() => kind.start());
  afterAll(() => kind.stop());
  beforeEach(async () => {
    under = await kind.fresh();
    storage = under.storage;
  });

  const put = (key: string, text: string) => storage.put(key, Readable.from([Buffer.from(text)]));
  const read = (key: string) => buffer(storage.get(key));
  /** Until a write under way shows as a partial one holding at least `bytes`. */
  const partialUnderWay = (bytes: number) =>
    until(async () => {
      const partials = await all(storage.listPartial());
      return partials.length === 1 && partials[0]!.size >= bytes ? partials[0] : undefined;
    }, 20_000);

  it('gives back what it stored: a small file, and a 12 MiB one streamed in and out', async () => {
    await put('uploads/000000/small', 'a small file');
    expect((await read('uploads/000000/small')).toString()).toBe('a small file');

    const size = 12 * MiB + 123;
    await storage.put('contracts/000000/1/v0-big.pdf', Readable.from(pattern(size)));
    const [listed] = await all(storage.list('contracts/'));
    expect(listed).toMatchObject({ key: 'contracts/000000/1/v0-big.pdf', size });
    const back = storage.get('contracts/000000/1/v0-big.pdf');
    expect(await sha256Of(back)).toBe(await sha256Of(pattern(size)));
  });

  it('keeps a write under way out of the listing, as a partial write (in parts above the part size)', async () => {
    const body = new PassThrough();
    const writing = storage.put('uploads/000000/big', body);
    // More than a part: the S3 storage has begun a multipart upload and sent its first part.
    body.write(Buffer.alloc(PART + MiB, 1));
    const partial = await partialUnderWay(PART);
    expect(partial.id.startsWith('uploads/000000/big')).toBe(true);
    expect(await all(storage.list('uploads/'))).toEqual([]);
    await expect(read('uploads/000000/big')).rejects.toMatchObject({ code: 'ENOENT' });

    body.end(Buffer.alloc(MiB, 2));
    await writing;
    expect(await all(storage.listPartial())).toEqual([]);
    const listed = await all(storage.list('uploads/'));
    expect(listed.map(({ key, size }) => ({ key, size }))).toEqual([
      { key: 'uploads/000000/big', size: PART + 2 * MiB },
    ]);
    const back = await read('uploads/000000/big');
    expect(back.subarray(PART + MiB - 1, PART + MiB + 1)).toEqual(Buffer.from([1, 2]));
  });

  it('fails reading a missing file as the local storage does, with ENOENT', async () => {
    await expect(read('contracts/000000/9/v1-none.pdf')).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('removes a file, and removing it again (or one never stored) is no error', async () => {
    await put('seals/000000/a.png', 'seal');
    await storage.remove('seals/000000/a.png');
    await storage.remove('seals/000000/a.png');
    await storage.remove('seals/000000/never-stored.png');
    await expect(read('seals/000000/a.png')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await all(storage.list(''))).toEqual([]);
  });

  it('lists the finished files under a prefix with their size, every one once over several pages', async () => {
    await put('contracts/000000/1/v0-a.pdf', 'version 0');
    await put('contracts/000000/2/v1-b.pdf', 'v1');
    await put('contracts-archive/x.pdf', 'not under contracts/');
    await put('seals/000000/s.png', 'seal');

    const listed = await all(storage.list('contracts/'));
    expect(keysOf(listed)).toEqual(['contracts/000000/1/v0-a.pdf', 'contracts/000000/2/v1-b.pdf']);
    expect(listed.find((file) => file.key.endsWith('v0-a.pdf'))!.size).toBe('version 0'.length);
    expect(keysOf(await all(storage.list('contracts/000000/2/')))).toEqual([
      'contracts/000000/2/v1-b.pdf',
    ]);
    expect(await all(storage.list('nothing-here/'))).toEqual([]);
    expect(await all(storage.list(''))).toHaveLength(4);

    const many = Array.from(
      { length: 25 },
      (_, i) => `uploads/000000/${String(i).padStart(2, '0')}`,
    );
    for (const key of many) await put(key, key);
    const paged = await all(under.paged(7).list('uploads/'));
    expect(paged.map((file) => file.key).sort()).toEqual(many);
  });

  it('gives each file the time it became readable: when its last byte arrived', async () => {
    const before = Date.now();
    await put('uploads/000000/now', 'written now');
    const after = Date.now();
    const [small] = await all(storage.list('uploads/000000/now'));
    // S3 keeps times to the millisecond here (AWS to the second).
    expect(small!.modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(small!.modifiedAt.getTime()).toBeLessThanOrEqual(after + 1000);

    // A file in parts whose last byte comes 1.5 s after its first: not the time it began.
    const body = new PassThrough();
    const writing = storage.put('contracts/000000/3/v0-slow.pdf', body);
    body.write(Buffer.alloc(PART + MiB, 3));
    await partialUnderWay(PART);
    await sleep(1500);
    const lastByteAt = Date.now();
    body.end(Buffer.alloc(MiB, 4));
    await writing;
    const [slow] = await all(storage.list('contracts/'));
    expect(slow!.modifiedAt.getTime()).toBeGreaterThan(lastByteAt - 500);
    expect(slow!.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('leaves no file and no partial write behind when the body fails midway, before or after its first part', async () => {
    const early = new PassThrough();
    const failingEarly = storage.put('uploads/000000/early', early);
    early.write(Buffer.alloc(MiB));
    // Once the storage has read what came (an upload's body fails while being read).
    await until(async () => early.readableLength === 0 && early.writableLength === 0);
    early.destroy(new Error('the client went away early'));
    await expect(failingEarly).rejects.toThrow('the client went away early');

    const body = new PassThrough();
    const writing = storage.put('uploads/000000/cut', body);
    body.write(Buffer.alloc(PART + MiB, 5));
    await partialUnderWay(PART);
    body.destroy(new Error('the client went away'));
    await expect(writing).rejects.toThrow('the client went away');

    expect(await all(storage.list(''))).toEqual([]);
    expect(await all(storage.listPartial())).toEqual([]);
    await expect(read('uploads/000000/cut')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('lists and removes what a killed write left: its partial write and a health probe', async () => {
    await under.leavePartial('uploads/000000/killed', 4096);
    const probe = await under.leaveProbe();
    await put('uploads/000000/kept', 'finished');

    const partials = await all(storage.listPartial());
    expect(partials).toHaveLength(2);
    const killed = partials.find((partial) => partial.id !== probe)!;
    expect(killed).toMatchObject<Partial<PartialWrite>>({ size: 4096 });
    expect(killed.id.startsWith('uploads/000000/killed')).toBe(true);
    expect(Date.now() - killed.modifiedAt.getTime()).toBeLessThan(60_000);
    expect(partials.map((partial) => partial.id)).toContain(probe);
    // Neither is a file.
    expect(keysOf(await all(storage.list('')))).toEqual(['uploads/000000/kept']);

    for (const partial of partials) await storage.removePartial(partial.id);
    expect(await all(storage.listPartial())).toEqual([]);
    expect(keysOf(await all(storage.list('uploads/')))).toEqual(['uploads/000000/kept']);
    // Only what a write leaves can go this way, never a finished file.
    await expect(storage.removePartial('uploads/000000/kept')).rejects.toThrow(/partial/);
    await expect(storage.removePartial(`../outside.${randomUUID()}.part`)).rejects.toThrow(
      /partial/,
    );
    expect((await read('uploads/000000/kept')).toString()).toBe('finished');
  });

  it('refuses keys outside the rule every storage shares', async () => {
    for (const key of [
      '',
      '../outside',
      'contracts/../../etc/passwd',
      '/absolute',
      '.health-probe',
      'with space',
      'back\\slash',
      'a#b',
      'x'.repeat(202),
    ]) {
      await expect(put(key, 'no')).rejects.toThrow(/Invalid storage key/);
      expect(() => storage.get(key)).toThrow(/Invalid storage key/);
      await expect((async () => storage.remove(key))()).rejects.toThrow(/Invalid storage key/);
    }
    expect(await all(storage.list(''))).toEqual([]);
    expect(await all(storage.listPartial())).toEqual([]);
  });

  it('is healthy when it can be written, and not when it cannot (a stopped server)', async () => {
    expect(await storage.health()).toBe(true);
    // The check leaves nothing behind.
    expect(await all(storage.listPartial())).toEqual([]);
    expect(await all(storage.list(''))).toEqual([]);
    expect(await (await under.unavailable()).health()).toBe(false);
  });
});

describe('storage in an S3-compatible server, as S3 differs', () => {
  let server: S3TestServer;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(() => server.close());

  it('keeps the time a multipart object became readable in its metadata (S3 gives such an object the time its upload began)', async () => {
    const storage = s3Storage(server.options);
    const body = new PassThrough();
    const writing = storage.put('contracts/000000/4/v0-parts.pdf', body);
    const began = Date.now();
    body.write(Buffer.alloc(PART + 1));
    await sleep(1000);
    body.end(Buffer.alloc(1));
    await writing;
    const head = await s3Client(server.options).send(
      new HeadObjectCommand({ Bucket: server.bucket, Key: 'contracts/000000/4/v0-parts.pdf' }),
    );
    const readableAt = new Date(head.Metadata!['esign-readable-at']!).getTime();
    expect(readableAt).toBeGreaterThanOrEqual(began + 1000);
    const [listed] = await all(storage.list('contracts/000000/4/'));
    expect(listed!.modifiedAt.getTime()).toBeGreaterThanOrEqual(readableAt);
    // A file within one part is one PUT: no metadata is needed, its Last-Modified is right.
    await storage.put('contracts/000000/4/v1-one.pdf', Readable.from([Buffer.alloc(PART)]));
    const one = await s3Client(server.options).send(
      new HeadObjectCommand({ Bucket: server.bucket, Key: 'contracts/000000/4/v1-one.pdf' }),
    );
    expect(one.Metadata).toEqual({});
  });

  it('stays healthy while more downloads than the SDK’s 50 connections wait for slow readers', async () => {
    const storage = s3Storage(server.options);
    await storage.put('contracts/000000/5/v0-big.pdf', Readable.from(pattern(2 * MiB)));
    const readers = Array.from({ length: 60 }, () => storage.get('contracts/000000/5/v0-big.pdf'));
    try {
      // Each has its first bytes, then reads no more: its connection stays busy.
      let answered = 0;
      for (const reader of readers) reader.once('readable', () => answered++);
      await until(async () => answered === readers.length, 10_000);
      const started = Date.now();
      expect(await storage.health()).toBe(true);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      for (const reader of readers) reader.destroy();
    }
  });

  it('lists more than a page of S3’s largest (1000 keys), every key once', async () => {
    const storage = s3Storage(server.options);
    const keys = Array.from(
      { length: 1001 },
      (_, i) => `seals/000000/${String(i).padStart(4, '0')}`,
    );
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(
        keys.slice(i, i + 50).map((key) => storage.put(key, Readable.from([Buffer.from(key)]))),
      );
    }
    const listed = await all(storage.list('seals/'));
    expect(listed).toHaveLength(1001);
    expect(keysOf(listed)).toEqual(keys);
  });
});
