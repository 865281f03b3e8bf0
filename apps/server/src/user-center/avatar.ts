import { randomUUID } from 'node:crypto';
import {
  AVATAR_LIMIT_BYTES,
  PATHS,
  apiPath,
  avatarQuery,
  detectAvatarType,
  type AvatarSaved,
} from '@esign/platform';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { AccessClaims } from '../auth/tokens';
import type { AppContext } from '../context';
import type { Queryable } from '../db';
import { ApiError, route } from '../http/route';
import { uploadFailure, uploadedPart } from '../http/uploads';

const TAG = 'blade-user';

/**
 * The link under /api to a user's avatar, or '' when they have none. The link names the avatar by
 * a random id renewed with every upload (so an old link shows nothing new, and a browser cache never
 * shows a replaced avatar); only the avatar's owner is answered. GET userInfo's `avatar` is this.
 */
export async function avatarLink(
  database: Pick<Queryable, 'query'>,
  userId: number | string,
): Promise<string> {
  const [row] = await database.query<{ id: string }>(
    'SELECT id FROM user_avatars WHERE user_id = $1',
    [userId],
  );
  return row ? `${apiPath('avatar')}?id=${row.id}` : '';
}

/**
 * Reads the `file` part of a multipart request, at most one byte more than the avatar's limit, and
 * judges it: too large or not a PNG or JPEG by its bytes is refused with its message.
 */
async function readAvatar(request: FastifyRequest): Promise<{ bytes: Buffer; type: string }> {
  const part = await uploadedPart(request);
  if (!part || part.fieldname !== 'file') throw new ApiError('noFileSelected');
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > AVATAR_LIMIT_BYTES) throw new ApiError('avatarTooLarge');
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ApiError('avatarTooLarge');
    }
    throw error;
  }
  if (part.file.truncated || size > AVATAR_LIMIT_BYTES) throw new ApiError('avatarTooLarge');
  if (size === 0) throw new ApiError('noFileSelected');
  const bytes = Buffer.concat(chunks);
  const type = detectAvatarType(bytes);
  if (!type) throw new ApiError('avatarType');
  return { bytes, type };
}

/** Stores a new avatar for the user, replacing (and removing) the one before. */
async function saveAvatar(
  { database, storage }: Pick<AppContext, 'database' | 'storage'>,
  session: AccessClaims,
  avatar: { bytes: Buffer; type: string },
): Promise<AvatarSaved> {
  const id = randomUUID();
  const key = `avatars/${session.tenantId}/${id}`;
  await storage.put(key, Readable.from([avatar.bytes]));
  let previous: string | undefined;
  try {
    previous = await database.transaction(async (tx) => {
      const [old] = await tx.query<{ storage_key: string }>(
        'SELECT storage_key FROM user_avatars WHERE user_id = $1 FOR UPDATE',
        [session.userId],
      );
      await tx.query(
        `INSERT INTO user_avatars (user_id, id, storage_key, content_type, size)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id) DO UPDATE SET id = EXCLUDED.id, storage_key = EXCLUDED.storage_key,
           content_type = EXCLUDED.content_type, size = EXCLUDED.size, updated_at = now()`,
        [session.userId, id, key, avatar.type, avatar.bytes.length],
      );
      return old?.storage_key;
    });
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
  if (previous) await storage.remove(previous);
  return { avatar: `${apiPath('avatar')}?id=${id}` };
}

/**
 * The avatar: upload (PNG or JPEG by content, at most 2 MB; the web app crops it first) and the
 * GET of its bytes, answered to its owner alone — anyone else, or an old id, gets 404.
 */
export async function avatarRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database, storage } = context;
  // One more byte than allowed reaches the reader, which refuses it with the size message.
  await app.register(multipart, {
    limits: { fileSize: AVATAR_LIMIT_BYTES + 1, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.avatarUpload,
    summary:
      'Uploads the signed-in user’s avatar (multipart field `file`): PNG or JPEG judged by content, at most 2 MB',
    tag: TAG,
    permission: 'signedIn',
    realName: true,
    fileField: 'file',
    handler: async ({ request, reply, session }): Promise<AvatarSaved> => {
      try {
        return await saveAvatar(context, session, await readAvatar(request));
      } catch (error) {
        // A refused upload is not read to its end: close the connection after the answer.
        if (!request.raw.complete) void reply.header('connection', 'close');
        throw uploadFailure(error);
      }
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.avatar,
    example: { query: { id: '2c1b0a9f-8e7d-4c6b-9a5f-4e3d2c1b0a9f' } },
    summary: 'The signed-in user’s avatar image (its link comes from userInfo or the profile)',
    tag: TAG,
    permission: 'signedIn',
    query: avatarQuery,
    handler: async ({ session, query, reply }) => {
      const [avatar] = await database.query<{
        storage_key: string;
        content_type: string;
        size: number;
      }>(
        `SELECT a.storage_key, a.content_type, a.size FROM user_avatars a
         JOIN users u ON u.id = a.user_id
         WHERE a.id = $1 AND a.user_id = $2 AND u.tenant_id = $3`,
        [query.id, session.userId, session.tenantId],
      );
      if (!avatar) throw new ApiError('notFound', 404);
      return reply
        .type(avatar.content_type)
        .header('content-length', String(avatar.size))
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(storage.get(avatar.storage_key));
    },
  });
}
