/**
 * GET seal/image?id=<image id>: a stored seal's PNG, to those who may see it (issue 14). Anyone
 * else — and a made-up id — gets the same 404, so that a link's existence is never revealed.
 */
import { PATHS } from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { AccessClaims } from '../auth/tokens';
import type { AppContext } from '../context';
import { ApiError, route } from '../http/route';
import { headerValue } from '../http/headers';
import type { Sql } from './personal';
import { readSealImage } from './store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whose a seal is, as `canSeeSealImage` judges it. */
export interface SealHolder {
  tenantId: string;
  /** The person, for a personal seal. */
  ownerUserId: number | null;
  /** The company, for a company seal. */
  companyId: number | null;
}

/**
 * Whether a session may see a seal's image: a personal seal by its owner, a company seal by an
 * active member of its company (the seal pages show every seal of the company to its staff).
 */
export async function canSeeSealImage(
  db: Sql,
  session: AccessClaims,
  seal: SealHolder,
): Promise<boolean> {
  if (seal.tenantId !== session.tenantId) return false;
  if (seal.ownerUserId !== null) return seal.ownerUserId === session.userId;
  if (seal.companyId === null) return false;
  const [member] = await db.query(
    `SELECT 1 FROM company_members
     WHERE company_id = $1 AND user_id = $2 AND status = 'active'`,
    [seal.companyId, session.userId],
  );
  return member !== undefined;
}

interface ImageRow {
  tenant_id: string;
  owner_user_id: string | null;
  company_id: string | null;
  storage_key: string;
  image_sha256: string;
}

/** Registers GET seal/image. */
export function sealImageRoute(app: FastifyInstance, context: AppContext): void {
  route(app, context, {
    method: 'GET',
    path: PATHS.sealImage,
    summary:
      "A seal's PNG by its link's id: to the owner of a personal seal and the active members of a company seal's company (404 to anyone else)",
    tag: 'sicpay-seal',
    permission: 'signedIn',
    // Any text: a malformed id answers the same 404 as a made-up one.
    query: z.object({ id: z.string().check(z.maxLength(64)) }),
    example: { query: { id: '2f1d7c4e-8a52-4b7e-9d3c-0a6b1e5f7c21' } },
    handler: async ({ session, query, request, reply }) => {
      const notFound = new ApiError('sealNotFound', 404);
      if (!UUID.test(query.id)) throw notFound;
      const [seal] = await context.database.query<ImageRow>(
        `SELECT tenant_id, owner_user_id, company_id, storage_key, image_sha256
         FROM seals WHERE image_id = $1`,
        [query.id.toLowerCase()],
      );
      if (
        !seal ||
        !(await canSeeSealImage(context.database, session, {
          tenantId: seal.tenant_id,
          ownerUserId: seal.owner_user_id === null ? null : Number(seal.owner_user_id),
          companyId: seal.company_id === null ? null : Number(seal.company_id),
        }))
      )
        throw notFound;
      const etag = `"${seal.image_sha256}"`;
      reply.type('image/png').header('cache-control', 'private, max-age=3600').header('etag', etag);
      // The image id changes whenever a seal is redrawn, so a matching tag is the same picture.
      if (headerValue(request, 'If-None-Match') === etag) return reply.code(304).send();
      return reply.send(Buffer.from(await readSealImage(context.storage, seal.storage_key)));
    },
  });
}
