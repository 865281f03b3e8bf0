import { PATHS } from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { companySealRoutes } from './company-routes';
import { sealImageRoute } from './image-route';
import { personalSealRoutes } from './personal-routes';
import { sealImageFor } from './seal-image';
import { sealSignerOf } from './signer';

/** The generated seals a person can look at before signing with them. */
export async function sealRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await personalSealRoutes(app, context);
  await companySealRoutes(app, context);
  sealImageRoute(app, context);
  route(app, context, {
    method: 'GET',
    path: PATHS.sealPreview,
    example: { query: { kind: 'company' } },
    summary:
      "The PNG of the signed-in user's generated seal: kind=personal their name seal, kind=company the round seal of the company console the session acts in",
    tag: 'sicpay-seal',
    permission: 'signedIn',
    query: z.object({ kind: z.enum(['personal', 'company']) }),
    handler: async ({ session, query, reply }) => {
      const seal = await sealImageFor(await sealSignerOf(context.database, session, query.kind));
      return reply
        .type('image/png')
        .header('cache-control', 'private, no-cache')
        .header('etag', `"${seal.sha256}"`)
        .send(Buffer.from(seal.png));
    },
  });
}
