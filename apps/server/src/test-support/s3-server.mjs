/**
 * An S3-compatible server for the tests (`startS3Server` in s3.ts runs this file as a child
 * process): s3rver, serving one bucket from a directory on a free port of 127.0.0.1, and printing
 * `{"port": …}` on its first line once it listens. It stops when its standard input closes (the
 * test process ended) or on SIGTERM.
 *
 * Usage: node --openssl-legacy-provider s3-server.mjs <directory> <bucket>
 *
 * Why a child process with OpenSSL's legacy provider: s3rver makes ListObjectsV2's continuation
 * tokens with DES, which Node's OpenSSL 3 refuses without it (the listing of a truncated page then
 * fails with InternalError); the test process itself keeps the default providers.
 *
 * What s3rver lacks and this file adds, as S3 documents them: ListMultipartUploads
 * (GET /bucket?uploads), ListParts (GET /bucket/key?uploadId) and AbortMultipartUpload
 * (DELETE /bucket/key?uploadId), over the incomplete uploads s3rver keeps on disk
 * (`<bucket>/._S3rver_uploads/<uploadId>/`: `key`, `metadata`, and each part as `<n>` with its MD5
 * in `<n>.md5`). Requests are signed and checked by s3rver's own authentication; everything else
 * is s3rver's.
 */
import { createRequire } from 'node:module';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';

const require = createRequire(import.meta.url);
const S3rver = require('s3rver');
const authentication = require('s3rver/lib/middleware/authentication');
const S3Error = require('s3rver/lib/models/error');
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account');

const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) {
  console.error('Usage: node --openssl-legacy-provider s3-server.mjs <directory> <bucket>');
  process.exit(2);
}

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});

const owner = { ID: DUMMY_ACCOUNT.id, DisplayName: DUMMY_ACCOUNT.displayName };
const xmlns = { '@': { xmlns: 'http://s3.amazonaws.com/doc/2006-03-01/' } };
/** A whole number from the query, within [0, max], or `fallback`. */
const count = (value, fallback, max = 1000) =>
  value === undefined ? fallback : Math.min(max, Math.max(0, Number.parseInt(value, 10) || 0));

const uploadsDir = (name) => server.store.getResourcePath(name, undefined, 'uploads');

/** An incomplete upload as s3rver keeps it, or undefined (none, or one being aborted). */
async function uploadOf(name, uploadId) {
  if (!/^[0-9a-f]+$/.test(uploadId)) return undefined;
  const dir = path.join(uploadsDir(name), uploadId);
  try {
    const keyFile = path.join(dir, 'key');
    const [key, stats] = await Promise.all([readFile(keyFile, 'utf8'), stat(keyFile)]);
    return { dir, key, uploadId, initiated: stats.mtime };
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The upload named by the request, or NoSuchUpload as S3 answers. */
async function requestedUpload(ctx, name, key) {
  const upload = await uploadOf(name, String(ctx.query.uploadId));
  if (!upload || upload.key !== key) {
    throw new S3Error(
      'NoSuchUpload',
      'The specified upload does not exist. The upload ID may be invalid, or the upload may ' +
        'have been aborted or completed.',
      { UploadId: String(ctx.query.uploadId) },
    );
  }
  return upload;
}

async function listMultipartUploads(ctx, name) {
  const prefix = String(ctx.query.prefix ?? '');
  const keyMarker = String(ctx.query['key-marker'] ?? '');
  const uploadIdMarker = String(ctx.query['upload-id-marker'] ?? '');
  const maxUploads = count(ctx.query['max-uploads'], 1000);
  let ids = [];
  try {
    ids = await readdir(uploadsDir(name));
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  const uploads = (await Promise.all(ids.map((id) => uploadOf(name, id))))
    .filter((upload) => upload && upload.key.startsWith(prefix))
    // S3's order: by key, then the uploads of one key by their initiation.
    .sort(
      (a, b) =>
        (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) ||
        a.initiated - b.initiated ||
        (a.uploadId < b.uploadId ? -1 : 1),
    );
  let start = 0;
  if (keyMarker) {
    const marked = uploadIdMarker
      ? uploads.findIndex(
          (upload) => upload.key === keyMarker && upload.uploadId === uploadIdMarker,
        )
      : -1;
    start = marked >= 0 ? marked + 1 : uploads.filter((upload) => upload.key <= keyMarker).length;
  }
  const page = uploads.slice(start, start + maxUploads);
  const truncated = start + page.length < uploads.length;
  const last = page[page.length - 1];
  ctx.body = {
    ListMultipartUploadsResult: {
      ...xmlns,
      Bucket: name,
      KeyMarker: keyMarker,
      UploadIdMarker: uploadIdMarker,
      NextKeyMarker: truncated ? last.key : '',
      NextUploadIdMarker: truncated ? last.uploadId : '',
      Prefix: prefix,
      MaxUploads: maxUploads,
      IsTruncated: truncated,
      Upload: page.map((upload) => ({
        Key: upload.key,
        UploadId: upload.uploadId,
        Initiator: owner,
        Owner: owner,
        StorageClass: 'STANDARD',
        Initiated: upload.initiated.toISOString(),
      })),
    },
  };
}

async function listParts(ctx, name, key) {
  const upload = await requestedUpload(ctx, name, key);
  const marker = count(ctx.query['part-number-marker'], 0, 10_000);
  const maxParts = count(ctx.query['max-parts'], 1000);
  const numbers = (await readdir(upload.dir))
    .filter((file) => /^\d+$/.test(file))
    .map(Number)
    .filter((number) => number > marker)
    .sort((a, b) => a - b);
  const page = numbers.slice(0, maxParts);
  const parts = [];
  for (const number of page) {
    const file = path.join(upload.dir, String(number));
    try {
      const [stats, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
      parts.push({
        PartNumber: number,
        LastModified: stats.mtime.toISOString(),
        ETag: JSON.stringify(md5),
        Size: stats.size,
      });
    } catch (error) {
      // A part still being written has no MD5 yet: S3 lists only the parts it has.
      if (error.code !== 'ENOENT') throw error;
    }
  }
  const truncated = page.length < numbers.length;
  ctx.body = {
    ListPartsResult: {
      ...xmlns,
      Bucket: name,
      Key: key,
      UploadId: upload.uploadId,
      Initiator: owner,
      Owner: owner,
      StorageClass: 'STANDARD',
      PartNumberMarker: marker,
      NextPartNumberMarker: page.length > 0 ? page[page.length - 1] : marker,
      MaxParts: maxParts,
      IsTruncated: truncated,
      Part: parts,
    },
  };
}

async function abortMultipartUpload(ctx, name, key) {
  const upload = await requestedUpload(ctx, name, key);
  await rm(upload.dir, { recursive: true, force: true });
  ctx.status = 204;
  ctx.body = '';
}

/** The three calls, before s3rver's router (which answers them NotImplemented or 405). */
async function multipartListings(ctx, next) {
  const [, name, ...rest] = ctx.path.split('/');
  const key = rest.map(decodeURIComponent).join('/');
  const handler =
    ctx.method === 'GET' && !key && 'uploads' in ctx.query
      ? () => listMultipartUploads(ctx, name)
      : ctx.method === 'GET' && key && 'uploadId' in ctx.query
        ? () => listParts(ctx, name, key)
        : ctx.method === 'DELETE' && key && 'uploadId' in ctx.query
          ? () => abortMultipartUpload(ctx, name, key)
          : undefined;
  if (!name || !handler) return next();
  ctx.params = { bucket: name, ...(key ? { key } : {}) };
  await authentication()(ctx, async () => {
    if (!(await ctx.store.getBucket(name))) {
      throw new S3Error('NoSuchBucket', 'The specified bucket does not exist', {
        BucketName: name,
      });
    }
    await handler();
  });
}

// s3rver's router is the last of its middleware: these go just before it, after its XML encoding
// of answers and its path-style/virtual-host handling.
server.middleware.splice(server.middleware.length - 1, 0, multipartListings);

const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.close().finally(() => process.exit(0));
};
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
