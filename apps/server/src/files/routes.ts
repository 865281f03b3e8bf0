import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream';
import {
  DOCUMENT_CONTENT_TYPES,
  PERSONAL_CONSOLE_ID,
  PATHS,
  UPLOAD_LIMIT_BYTES,
  apiPath,
  type UploadedFile,
} from '@esign/platform';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { AccessClaims } from '../auth/tokens';
import type { AppContext } from '../context';
import { contentDisposition } from '../http/content-disposition';
import { ApiError, route } from '../http/route';
import { uploadFailure, uploadedPart } from '../http/uploads';
import { UploadJudge } from './upload-judge';

/** The name an upload is kept under: its base name without control characters, at most 255. */
function fileName(uploaded: string, type: keyof typeof DOCUMENT_CONTENT_TYPES): string {
  const base = (uploaded.split(/[\\/]/).pop() ?? '').replace(/\p{Cc}/gu, '').trim();
  return base.slice(0, 255) || `document.${type}`;
}

/**
 * Streams the `file` part of a multipart request through the judge straight into storage, and
 * records it only once fully stored: a refused or broken upload leaves neither file nor row.
 */
async function storeUpload(
  { database, storage }: Pick<AppContext, 'database' | 'storage'>,
  request: FastifyRequest,
  session: AccessClaims,
): Promise<UploadedFile> {
  const part = await uploadedPart(request);
  if (!part || part.fieldname !== 'file') throw new ApiError('noFileSelected');
  const id = randomUUID();
  const key = `uploads/${session.tenantId}/${id}`;
  const judge = new UploadJudge();
  // Storage reports a failure (a refusal by the judge, a broken request) and removes the partial
  // file; the callback has nothing to add.
  await storage.put(
    key,
    pipeline(part.file, judge, () => undefined),
  );
  const type = judge.type!;
  const name = fileName(part.filename, type);
  try {
    await database.query(
      `INSERT INTO files (id, tenant_id, user_id, company_id, name, content_type, size, storage_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        session.tenantId,
        session.userId,
        session.companyId === PERSONAL_CONSOLE_ID ? null : session.companyId,
        name,
        DOCUMENT_CONTENT_TYPES[type],
        judge.size,
        key,
      ],
    );
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
  return {
    id,
    name,
    contentType: DOCUMENT_CONTENT_TYPES[type],
    size: judge.size,
    link: `${apiPath('download')}?id=${id}`,
  };
}

/** Contract documents: uploads, and downloads by their uploader alone. */
export async function fileRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database, storage } = context;
  await app.register(multipart, {
    // One more byte than allowed reaches the judge, which refuses it with the size message.
    limits: { fileSize: UPLOAD_LIMIT_BYTES + 1, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.upload,
    summary:
      'Uploads a contract document (multipart field `file`): PDF, DOC or DOCX judged by content, at most 100 MB',
    tag: 'blade-resource',
    permission: 'signedIn',
    fileField: 'file',
    handler: async ({ request, reply, session }): Promise<UploadedFile> => {
      try {
        return await storeUpload(context, request, session);
      } catch (error) {
        // A refused upload is not read to its end: rather than read up to 100 MB more, or leave
        // the connection unable to carry the next request, close it after the answer.
        if (!request.raw.complete) void reply.header('connection', 'close');
        throw uploadFailure(error);
      }
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.download,
    example: { query: { id: '2c1b0a9f-8e7d-4c6b-9a5f-4e3d2c1b0a9f' } },
    summary: 'Downloads a file the signed-in user uploaded',
    tag: 'blade-resource',
    permission: 'signedIn',
    query: z.object({ id: z.uuid({ error: 'invalidValue' }) }),
    handler: async ({ session, query, reply }) => {
      const [file] = await database.query<{
        name: string;
        content_type: string;
        size: string | number;
        storage_key: string;
      }>(
        `SELECT name, content_type, size, storage_key FROM files
         WHERE id = $1 AND user_id = $2 AND tenant_id = $3`,
        [query.id, session.userId, session.tenantId],
      );
      if (!file) throw new ApiError('notFound', 404);
      return reply
        .type(file.content_type)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition('attachment', file.name))
        .header('x-content-type-options', 'nosniff')
        .send(storage.get(file.storage_key));
    },
  });
}
