import {
  PATHS,
  personalSealCreateBody,
  personalSealPreviewQuery,
  sealIdBody,
  sealRenameBody,
  type PersonalSeal,
  type SealRemoved,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AccessClaims } from '../auth/tokens';
import type { AppContext } from '../context';
import { ApiError, route } from '../http/route';
import { handwriteRoutes } from './handwrite';
import { SEAL_IMAGE_BODY_LIMIT, sanitizeSealImage } from './images';
import {
  createPersonalSeal,
  defaultPersonalShape,
  drawPersonalTemplate,
  ensureDefaultPersonalSeal,
  personalSeals,
  removePersonalSeal,
  renamePersonalSeal,
  setDefaultPersonalSeal,
  verifiedName,
  type SealOwner,
} from './personal';

const TAG = 'sicpay-seal';

/** What the examples answer: a square name seal, the default. */
const EXAMPLE_SEAL: PersonalSeal = {
  id: '101',
  name: '张三',
  makeWay: 'template',
  shape: 'square',
  status: 'normal',
  default: true,
  imageUrl: '/api/sicpay-seal/seal/image?id=2f1d7c4e-8a52-4b7e-9d3c-0a6b1e5f7c21',
  width: 236,
  height: 236,
  usedCount: 0,
  createdAt: '2026-11-24 08:00:00',
};

/** The session's person: their seals are theirs whatever console the session acts in. */
const ownerOf = (session: AccessClaims): SealOwner => ({
  tenantId: session.tenantId,
  userId: session.userId,
});

/**
 * A person's own seals (/user-center/seal), made from a template, uploaded or drawn, and the
 * phone handwriting through a QR ticket. Every signed-in call needs the person's real-name
 * verification (spec 000 §6: seals); the phone's calls are public, the ticket being the right.
 */
export async function personalSealRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;

  route(app, context, {
    method: 'GET',
    path: PATHS.personalSealList,
    summary:
      "The signed-in person's seals, the default first, disused ones marked; a verified person without any gets a name seal made",
    tag: TAG,
    permission: 'signedIn',
    realName: true,
    example: { answer: [EXAMPLE_SEAL] },
    handler: async ({ session }): Promise<PersonalSeal[]> => {
      await ensureDefaultPersonalSeal(context, session.tenantId, session.userId);
      return personalSeals(database, ownerOf(session));
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.personalSealPreview,
    summary:
      "The PNG a personal template seal would be: the person's verified name in a square (2–4 characters) or oblong seal",
    tag: TAG,
    permission: 'signedIn',
    realName: true,
    query: personalSealPreviewQuery,
    example: { query: { shape: 'square' } },
    handler: async ({ session, query, reply }) => {
      const name = await verifiedName(database, ownerOf(session));
      const image = await drawPersonalTemplate(name, query.shape);
      return reply
        .type('image/png')
        .header('cache-control', 'private, no-cache')
        .header('etag', `"${image.sha256}"`)
        .send(Buffer.from(image.png));
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.personalSealCreate,
    summary:
      'Makes a seal of the signed-in person: from a template of their verified name, or an uploaded or drawn PNG/JPEG (white made transparent)',
    tag: TAG,
    permission: 'signedIn',
    realName: true,
    body: personalSealCreateBody,
    bodyLimit: SEAL_IMAGE_BODY_LIMIT,
    example: {
      body: { name: '张三', makeWay: 'template', shape: 'square', makeDefault: true },
      answer: EXAMPLE_SEAL,
    },
    handler: async ({ session, body }): Promise<PersonalSeal> => {
      const owner = ownerOf(session);
      if (body.makeWay === 'template') {
        const name = await verifiedName(database, owner);
        const shape = body.shape ?? defaultPersonalShape(name);
        const image = await drawPersonalTemplate(name, shape);
        return createPersonalSeal(context, owner, {
          name: body.name,
          makeWay: 'template',
          shape,
          image,
          makeDefault: body.makeDefault,
        });
      }
      if (!body.image) throw new ApiError('sealImageRequired');
      const image = await sanitizeSealImage(body.image);
      return createPersonalSeal(context, owner, {
        name: body.name,
        makeWay: body.makeWay,
        shape: null,
        image,
        makeDefault: body.makeDefault,
      });
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.personalSealRename,
    summary: "Renames one of the signed-in person's seals",
    tag: TAG,
    permission: 'signedIn',
    realName: true,
    body: sealRenameBody,
    example: {
      body: { id: '101', name: '我的签名' },
      answer: { ...EXAMPLE_SEAL, name: '我的签名' },
    },
    handler: async ({ session, body }): Promise<PersonalSeal> =>
      renamePersonalSeal(database, ownerOf(session), body.id, body.name),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.personalSealSetDefault,
    summary: "Makes one of the signed-in person's seals in normal use their default",
    tag: TAG,
    permission: 'signedIn',
    realName: true,
    body: sealIdBody,
    example: { body: { id: '101' }, answer: EXAMPLE_SEAL },
    handler: async ({ session, body }): Promise<PersonalSeal> =>
      setDefaultPersonalSeal(context, ownerOf(session), body.id),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.personalSealRemove,
    summary:
      "Removes one of the signed-in person's seals: deleted, or kept as disused when it signed contracts",
    tag: TAG,
    permission: 'signedIn',
    realName: true,
    body: sealIdBody,
    example: { body: { id: '101' }, answer: { outcome: 'deleted' } },
    handler: async ({ session, body }): Promise<SealRemoved> => {
      const { outcome } = await removePersonalSeal(context, ownerOf(session), body.id);
      return { outcome };
    },
  });

  handwriteRoutes(app, context);
}
