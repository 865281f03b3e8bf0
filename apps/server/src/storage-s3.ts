import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  type _Object,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  HEALTH_PROBE,
  checkStorageKey,
  isStorageKey,
  type PartialWrite,
  type Storage,
  type StoredFile,
} from './storage';

/** Where files go in an S3-compatible bucket (README: Configuration, the S3_* variables). */
export interface S3StorageOptions {
  /** The server's address (S3_ENDPOINT); AWS's own for the region when unset. */
  endpoint?: string;
  bucket: string;
  region: string;
  /**
   * Both or neither (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY): without them, the SDK's own chain
   * (AWS_* variables, an instance's role).
   */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addresses (`endpoint/bucket/key`), which most servers other than AWS need. */
  forcePathStyle: boolean;
  /** The bytes of each part of a multipart upload, at least S3's smallest (5 MiB, the default). */
  partSize?: number;
  /** Keys asked for per listing page: S3 gives at most (and by default) 1000. */
  listPageSize?: number;
}

/** S3's smallest part but the last: a file no larger is never sent in parts. */
const MIN_PART_SIZE = 5 * 1024 * 1024;
/** Parts in flight at once for one file: what `put` holds in memory is about this many parts. */
const PARTS_IN_FLIGHT = 2;
/** The metadata (x-amz-meta-…) holding when a multipart object became readable, as an ISO time. */
const READABLE_AT = 'esign-readable-at';
/** Connections to the bucket at once, each download holding one while its reader reads. */
const MAX_CONNECTIONS = 1024;
/** `health` answers false rather than wait longer for the bucket. */
const HEALTH_TIMEOUT_MS = 5_000;

/** An S3 error of one of these names (the SDK names errors by the code S3 answered). */
const isS3Error = (error: unknown, ...names: string[]) =>
  error instanceof Error && names.includes(error.name);

/**
 * The error a missing file fails with in every storage (the local one's, ENOENT), which callers
 * test for (e.g. contracts/contract-pdf.ts `readContractFile`).
 */
function missingFile(key: string, cause: unknown): NodeJS.ErrnoException {
  return Object.assign(new Error(`No stored file has the key ${key}`, { cause }), {
    code: 'ENOENT',
  });
}

/** An incomplete multipart upload's id for `removePartial`: `#` is in no key. */
const partialId = (key: string, uploadId: string) => `${key}#${uploadId}`;

/**
 * The files in an S3-compatible bucket, through the official client: streamed both ways, a file
 * larger than a part going up as a multipart upload (@aws-sdk/lib-storage), never held whole in
 * memory. Keys are the bucket's keys (same rule as the local storage's); the bucket is the
 * platform's alone.
 */
export function s3Storage(options: S3StorageOptions): Storage {
  const Bucket = options.bucket;
  const partSize = Math.max(options.partSize ?? MIN_PART_SIZE, MIN_PART_SIZE);
  // On Node 20 the SDK writes, at its first call, a ten-line warning that its releases after
  // January 2027 need Node 22: plain text on stderr in the middle of the server's JSON log. The
  // lock file holds a release that supports Node 20; engines.test.ts says when that changes.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
    // Checksums only where S3 requires them (the SDK's behaviour before 3.729): by default the SDK
    // now adds CRC32 checksums to every upload (headers, trailers of aws-chunked bodies, a
    // checksum algorithm on CreateMultipartUpload that CompleteMultipartUpload must then repeat
    // per part) and asks for them on every download, which many S3-compatible servers refuse or
    // mishandle (older MinIO and Ceph, s3rver, several clouds' gateways). The bytes are still
    // checked: SigV4 signs the payload's hash, and storage:to-s3 compares SHA-256s.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that does not answer fails a request instead of holding it (the socket's idle time
    // is not limited: a download waits for a slow reader). A download holds its connection until
    // the reader has it all: beyond the SDK's 50 connections, slow readers would make every other
    // call wait (uploads, the health check).
    requestHandler: {
      connectionTimeout: 5_000,
      httpAgent: { maxSockets: MAX_CONNECTIONS },
      httpsAgent: { maxSockets: MAX_CONNECTIONS },
    },
  });

  /**
   * A listed object as a file: its time is when it became readable. A multipart object's
   * Last-Modified is when its upload began (S3), so one that may be multipart (larger than the
   * smallest part, or an ETag `<md5>-<parts>`) gives the time `put` kept in its metadata.
   */
  const fileOf = async (object: _Object): Promise<StoredFile | undefined> => {
    const key = object.Key!;
    const size = object.Size ?? 0;
    let modifiedAt = object.LastModified ?? new Date(0);
    if (size > MIN_PART_SIZE || object.ETag?.includes('-')) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        const readableAt = new Date(head.Metadata?.[READABLE_AT] ?? NaN);
        if (readableAt > modifiedAt) modifiedAt = readableAt;
      } catch (error) {
        if (isS3Error(error, 'NotFound', 'NoSuchKey')) return undefined;
        throw error;
      }
    }
    return { key, size, modifiedAt };
  };

  /** The objects under `prefix`, page by page. */
  async function* objects(prefix: string): AsyncGenerator<_Object> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket,
          ...(prefix ? { Prefix: prefix } : {}),
          ...(options.listPageSize ? { MaxKeys: options.listPageSize } : {}),
          ...(ContinuationToken ? { ContinuationToken } : {}),
        }),
      );
      yield* page.Contents ?? [];
      if (page.IsTruncated && !page.NextContinuationToken)
        throw new Error(`The listing of bucket ${Bucket} was cut short without a way on`);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /** What an incomplete upload holds so far, and when its last part arrived (undefined: gone). */
  const partsOf = async (key: string, uploadId: string, initiated: Date) => {
    let size = 0;
    let modifiedAt = initiated;
    let PartNumberMarker: string | undefined;
    try {
      do {
        const page = await client.send(
          new ListPartsCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            ...(PartNumberMarker ? { PartNumberMarker } : {}),
          }),
        );
        for (const part of page.Parts ?? []) {
          size += part.Size ?? 0;
          if (part.LastModified && part.LastModified > modifiedAt) modifiedAt = part.LastModified;
        }
        PartNumberMarker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
      } while (PartNumberMarker);
    } catch (error) {
      if (isS3Error(error, 'NoSuchUpload')) return undefined;
      throw error;
    }
    return { size, modifiedAt };
  };

  return {
    async put(key, body) {
      checkStorageKey(key);
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body },
        partSize,
        queueSize: PARTS_IN_FLIGHT,
      });
      try {
        // A failure aborts the multipart upload (unless the bucket cannot be reached: then the
        // sweep aborts it, listed by listPartial).
        await upload.done();
      } catch (error) {
        body.destroy();
        throw error;
      }
      if (!upload.uploadId) return;
      // A multipart object's Last-Modified is when its upload began, maybe long before it became
      // readable: copying it onto itself keeps the time it did (the copy stays on the server, and
      // an object up to S3's 5 GB copy limit is copied in one call). Until this is done, `put`
      // has not finished, so no row names the object yet.
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket,
            Key: key,
            CopySource: `${encodeURIComponent(Bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`,
            MetadataDirective: 'REPLACE',
            Metadata: { [READABLE_AT]: new Date().toISOString() },
          }),
        );
      } catch (error) {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => undefined);
        throw error;
      }
    },

    get(key) {
      checkStorageKey(key);
      // The request starts when the stream is first read, and stops when it is destroyed.
      const controller = new AbortController();
      let body: Readable | undefined;
      let requested = false;
      const stream = new Readable({
        read() {
          if (body) {
            body.resume();
            return;
          }
          if (requested) return;
          requested = true;
          client
            .send(new GetObjectCommand({ Bucket, Key: key }), {
              abortSignal: controller.signal,
            })
            .then(
              (object) => {
                body = object.Body as Readable;
                if (stream.destroyed) {
                  body.destroy();
                  return;
                }
                body.on('data', (chunk: Buffer) => {
                  if (!stream.push(chunk)) body!.pause();
                });
                body.once('end', () => stream.push(null));
                body.once('error', (error) => stream.destroy(error));
              },
              (error: unknown) =>
                stream.destroy(
                  isS3Error(error, 'NoSuchKey', 'NotFound')
                    ? missingFile(key, error)
                    : (error as Error),
                ),
            );
        },
        destroy(error, callback) {
          controller.abort();
          body?.destroy();
          callback(error);
        },
      });
      return stream;
    },

    async remove(key) {
      checkStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        // S3 answers a missing key with success; some servers with NoSuchKey.
        if (!isS3Error(error, 'NoSuchKey', 'NotFound')) throw error;
      }
    },

    async *list(prefix) {
      for await (const object of objects(prefix)) {
        if (!object.Key || !isStorageKey(object.Key)) continue;
        const file = await fileOf(object);
        if (file) yield file;
      }
    },

    async *listPartial(): AsyncGenerator<PartialWrite> {
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      do {
        const page = await client.send(
          new ListMultipartUploadsCommand({
            Bucket,
            ...(KeyMarker ? { KeyMarker } : {}),
            ...(UploadIdMarker ? { UploadIdMarker } : {}),
          }),
        );
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !isStorageKey(upload.Key)) continue;
          const parts = await partsOf(upload.Key, upload.UploadId, upload.Initiated ?? new Date(0));
          if (parts) yield { id: partialId(upload.Key, upload.UploadId), ...parts };
        }
        KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (KeyMarker);
      // Health probes a crash left, at the root as in every storage.
      for await (const object of objects('.health-')) {
        if (object.Key && HEALTH_PROBE.test(object.Key)) {
          yield {
            id: object.Key,
            size: object.Size ?? 0,
            modifiedAt: object.LastModified ?? new Date(0),
          };
        }
      }
    },

    async removePartial(id) {
      if (HEALTH_PROBE.test(id)) {
        await client.send(new DeleteObjectCommand({ Bucket, Key: id }));
        return;
      }
      const hash = id.indexOf('#');
      const key = id.slice(0, Math.max(0, hash));
      const uploadId = id.slice(hash + 1);
      if (hash < 0 || !isStorageKey(key) || !uploadId)
        throw new Error(`Not a partial write: ${id}`);
      try {
        await client.send(
          new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }),
        );
      } catch (error) {
        // Already aborted or completed: nothing is left of it.
        if (!isS3Error(error, 'NoSuchUpload')) throw error;
      }
    },

    async health() {
      const abortSignal = AbortSignal.timeout(HEALTH_TIMEOUT_MS);
      const probe = `.health-${randomUUID()}`;
      try {
        // Written, read back and removed: the bucket answers, and these credentials may do all
        // three.
        await client.send(new PutObjectCommand({ Bucket, Key: probe, Body: 'ok' }), {
          abortSignal,
        });
        const read = await client.send(new GetObjectCommand({ Bucket, Key: probe }), {
          abortSignal,
        });
        const text = await read.Body?.transformToString();
        await client.send(new DeleteObjectCommand({ Bucket, Key: probe }), { abortSignal });
        return text === 'ok';
      } catch {
        return false;
      }
    },
  };
}
