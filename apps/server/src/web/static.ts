import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers a request the API has no route for with the web app's page, or gives null. */
export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null;

/** Vite names every file under assets/ by its content's hash: it never changes under that name. */
const HASHED_ASSETS = `${path.sep}assets${path.sep}`;

/** A GET of a page the web app routes in the browser: not the API, not a file (no extension). */
function isPagePath(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0]!;
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  return !pathname.slice(pathname.lastIndexOf('/')).includes('.');
}

/**
 * Serves the built web app at / when `root` holds one (its index.html): its files, hashed assets
 * cached for a year and everything else revalidated, and index.html for page paths the app routes
 * itself. Gives the not-found handler's fallback, or null when there is no built app and the
 * server answers the API alone.
 */
export async function serveWebApp(
  app: FastifyInstance,
  root: string | undefined,
): Promise<PageFallback | null> {
  if (!root) return null;
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.info(`No web app built in ${root}: serving the API alone`);
    return null;
  }
  app.log.info(`Serving the web app from ${root}`);
  await app.register(fastifyStatic, {
    root,
    // The files are routed once at start, so /api never reaches the file system.
    wildcard: false,
    // The web build writes .br and .gz copies: sent to browsers that accept them.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) =>
      reply.header(
        'cache-control',
        file.includes(HASHED_ASSETS) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ),
  });
  return (request, reply) => (isPagePath(request) ? reply.sendFile('index.html') : null);
}
