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
    summary: 'A graphic captcha: its key and an SVG image (data URL); answer in Captcha-Key/Code',
    tag: 'blade-auth',
    permission: 'public',
    handler: async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return issueCaptcha(context);
    },
  });
}
