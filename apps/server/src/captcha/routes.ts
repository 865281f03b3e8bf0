import { PATHS } from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { issueCaptcha } from './store';

/** GET oauth/captcha: a new graphic captcha (key and SVG image). */
export async function captchaRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  route(app, context, {
    method: 'GET',
    path: PATHS.captcha,
    summary:
      'A graphic captcha: its key and an SVG image (data URL); answer in Captcha-Key/Code. At most 60 in 5 minutes and 300 an hour per client address (429 beyond)',
    tag: 'blade-auth',
    permission: 'public',
    rateLimited: {
      description:
        'Too many captchas: 60 in 5 minutes and 300 an hour per client address, 20,000 alive in all (msg captchaTooMany). Nothing is stored or counted.',
      text: 'captchaTooMany',
    },
    handler: async ({ request, reply }) => {
      reply.header('cache-control', 'no-store');
      return issueCaptcha(context, request.ip);
    },
  });
}
