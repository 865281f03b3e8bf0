import type { Locale } from '@esign/platform';
import type { FastifyRequest } from 'fastify';
import { headerValue } from './http/headers';

/** The language of a request's messages: its `Lang` header (en or zh), English by default. */
export function requestLocale(request: FastifyRequest): Locale {
  return headerValue(request, 'Lang').toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
