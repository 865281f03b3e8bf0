import type { Locale } from '@esign/platform';
import type { FastifyRequest } from 'fastify';

/** The language of a request's messages: its `Lang` header (en or zh), English by default. */
export function requestLocale(request: FastifyRequest): Locale {
  const lang = request.headers.lang;
  return typeof lang === 'string' && lang.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
