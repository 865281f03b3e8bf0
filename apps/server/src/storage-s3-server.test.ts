/**
 * The platform with its files in an S3-compatible bucket (s3rver, test-support/s3.ts): what is
 * uploaded, the documents made of it, the contract versions signing writes and the PDF downloaded
 * all go through the bucket, none through the server's directory; a contract whose PDF the bucket
 * lacks is refused as with local files.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { PATHS, message, type ContractDocument, type ContractPdfLink } from '@esign/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage, StoredFile } from './storage';
import { s3Storage } from './storage-s3';
import { withQuery } from './test-support/account';
import { loginInto } from './test-support/companies';
import { makePdf } from './test-support/ready-documents';
import { startS3Server, type S3TestServer } from './test-support/s3';
import { BACKENDS, call, useTestServer } from './test-support/server';
import {
  ADMIN_PHONE,
  PERSON_PHONE,
  signAs,
  signingCast,
  sendForSigning,
  type SigningCast,
} from './test-support/signing';
import { uploadFile } from './test-support/uploads';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function filesUnder(storage: Storage, prefix: string): Promise<StoredFile[]> {
  const found: StoredFile[] = [];
  for await (const file of storage.list(prefix)) found.push(file);
  return found;
}

describe.each(BACKENDS)(
  'the platform storing its files in an S3-compatible bucket, on $name',
  (backend) => {
    let s3: S3TestServer;
    // Started before the server, which makes its storage when it starts; closed after it.
    beforeAll(async () => {
      s3 = await startS3Server();
    });
    afterAll(() => s3?.close());
    const server = useTestServer(backend, { storage: () => s3Storage(s3.options) });
    let bucket: Storage;
    let cast: SigningCast;
    let token: string;
    beforeAll(async () => {
      bucket = s3Storage(s3.options);
      cast = await signingCast(server);
      token = (await loginInto(server.base, ADMIN_PHONE, cast.companyId)).access_token;
    });

    it('uploads a PDF, makes a document and a contract of it that both parties sign, and downloads each from the bucket', async () => {
      const original = await makePdf();
      const uploaded = await uploadFile(server.base, token, original, 'Sale of a boat.pdf');
      expect(uploaded.status, uploaded.body.msg).toBe(200);
      const fileId = uploaded.body.data.id;
      expect((await filesUnder(bucket, `uploads/000000/${fileId}`)).map((f) => f.size)).toEqual([
        original.length,
      ]);
      const download = await fetch(
        `${server.base}/api${withQuery(PATHS.download, { id: fileId })}`,
        {
          headers: { 'Blade-Auth': `bearer ${token}` },
        },
      );
      expect(download.status).toBe(200);
      expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(original));

      // The document: the upload read back from the bucket, rewritten, stored there.
      const created = await call<ContractDocument>(server.base, 'POST', PATHS.documentCreate, {
        token,
        body: { fileId },
      });
      expect(created.status, created.body.msg).toBe(200);
      const document = created.body.data;
      expect(document.status).toBe('ready');
      const pdf = await fetch(`${server.base}${document.link}`, {
        headers: { 'Blade-Auth': `bearer ${token}` },
      });
      expect(pdf.status).toBe(200);
      expect(sha256(new Uint8Array(await pdf.arrayBuffer()))).toBe(document.sha256);

      // A contract of it, signed by both parties: each version written to and read from the bucket.
      const { id } = await sendForSigning(server, cast, {
        documentId: document.id,
        name: 'Sale of a boat',
      });
      expect((await signAs(server, cast.admin, ADMIN_PHONE, id)).status).toBe(200);
      const signed = await signAs(server, cast.person, PERSON_PHONE, id);
      expect(signed.status).toBe(200);
      expect(signed.body.data.status).toBe('completed');

      const versions = await server.database.query<{ storage_key: string; sha256: string }>(
        'SELECT storage_key, sha256 FROM contract_files WHERE contract_id = $1 ORDER BY version',
        [id],
      );
      expect(versions).toHaveLength(3);
      const inBucket = await filesUnder(bucket, `contracts/000000/${id}/`);
      expect(inBucket.map((file) => file.key).sort()).toEqual(
        versions.map((version) => version.storage_key).sort(),
      );
      const link = await cast.person.get<ContractPdfLink>('contractDownloadTicket', { id });
      expect(link.status).toBe(200);
      const signedPdf = new Uint8Array(
        await (await fetch(`${server.base}${link.body.data.link}`)).arrayBuffer(),
      );
      expect(sha256(signedPdf)).toBe(versions[2]!.sha256);
      expect(
        Buffer.from(signedPdf)
          .toString('latin1')
          .match(/\/ByteRange/g),
      ).toHaveLength(2);

      // Nothing went to the server's own directory.
      expect(readdirSync(server.files, { recursive: true })).toEqual([]);

      // A version the bucket lost: refused as with local files (ENOENT, then 422).
      await bucket.remove(versions[2]!.storage_key);
      const refused = await cast.person.get('contractLink', { id });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        data: { reason: 'fetch-failed' },
        msg: expect.stringContaining(message('contractPdfUnwritable', 'en')) as unknown,
      });
    });
  },
);
