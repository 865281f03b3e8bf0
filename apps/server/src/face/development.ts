/**
 * The development face provider: it checks no face. Its page (GET dev/face, served outside
 * production only) says so plainly and offers two buttons, Pass and Fail, whose answer is what
 * getFaceResult then reports. Outcomes are kept in the database (`dev_face_outcomes`), so that any
 * server process answers.
 */
import { randomBytes } from 'node:crypto';
import { PATHS, apiPath } from '@esign/platform';
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { AppContext } from '../context';
import type { Database } from '../db';
import { ApiError, route } from '../http/route';
import type { FaceOutcome, FaceProvider } from './provider';

/** The provider's name, as stored with each check. */
export const DEVELOPMENT_FACE_PROVIDER = 'development';

export function developmentFaceProvider(database: Database): FaceProvider {
  return {
    name: DEVELOPMENT_FACE_PROVIDER,
    development: true,
    async start() {
      const reference = randomBytes(18).toString('base64url');
      await database.query('INSERT INTO dev_face_outcomes (reference) VALUES ($1)', [reference]);
      return { url: `${apiPath('devFaceCheck')}?reference=${reference}`, reference };
    },
    async outcome(reference) {
      const [row] = await database.query<{ outcome: FaceOutcome | null }>(
        'SELECT outcome FROM dev_face_outcomes WHERE reference = $1',
        [reference],
      );
      return row?.outcome ?? 'pending';
    },
  };
}

const referenceSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{24}$/));

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(reference: string, outcome: FaceOutcome | null): string {
  const answered = outcome
    ? `<p class="done">Answered: <strong>${outcome === 'passed' ? 'Pass' : 'Fail'}</strong>. Go back to the contract. / 已回答，请返回合同页面。</p>`
    : `<form method="post"><input type="hidden" name="reference" value="${escapeHtml(reference)}">
  <button name="outcome" value="passed">Pass / 通过</button>
  <button name="outcome" value="failed">Fail / 不通过</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development face check</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}
.warning{border:2px solid #d4380d;padding:1rem;color:#d4380d}button{font-size:1.2rem;margin:1rem 1rem 0 0;padding:.5rem 1.5rem}</style>
</head><body>
<h1>Development face check / 开发环境人脸识别</h1>
<p class="warning">This is the development face provider: no camera is used and no face is checked.
Choose the outcome the platform should report. A real provider replaces this page in production.<br>
这是开发环境的人脸识别服务：不使用摄像头，也不核验人脸。请选择平台应返回的结果。</p>
${answered}
</body></html>`;
}

/**
 * GET and POST dev/face: the development provider's page. Registered outside production only, as
 * a plugin of its own: its form posts are form-encoded.
 */
export async function developmentFaceRoutes(
  app: FastifyInstance,
  context: AppContext,
): Promise<void> {
  await app.register(formbody);
  const { database } = context;
  const outcomeOf = async (reference: string) => {
    const [row] = await database.query<{ outcome: FaceOutcome | null }>(
      'SELECT outcome FROM dev_face_outcomes WHERE reference = $1',
      [reference],
    );
    if (!row) throw new ApiError('notFound', 404);
    return row.outcome;
  };

  route(app, context, {
    method: 'GET',
    path: PATHS.devFaceCheck,
    summary:
      'Development only: the development face provider’s page (no session), which checks no face and offers Pass and Fail',
    tag: 'development',
    permission: 'public',
    query: z.object({ reference: referenceSchema }),
    handler: async ({ query, reply }) => {
      const outcome = await outcomeOf(query.reference);
      return reply.type('text/html; charset=utf-8').send(page(query.reference, outcome));
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.devFaceCheck,
    summary:
      'Development only: answers a development face check (outcome passed or failed; form-encoded, from its page)',
    tag: 'development',
    permission: 'public',
    body: z.object({ reference: referenceSchema, outcome: z.enum(['passed', 'failed']) }),
    handler: async ({ body, reply }) => {
      await database.query(
        'UPDATE dev_face_outcomes SET outcome = $2 WHERE reference = $1 AND outcome IS NULL',
        [body.reference, body.outcome],
      );
      const outcome = await outcomeOf(body.reference);
      return reply.type('text/html; charset=utf-8').send(page(body.reference, outcome));
    },
  });
}
