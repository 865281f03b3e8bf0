import type { FastifyRequest } from 'fastify';

/** A request header's (first) value, trimmed; '' when it is missing. */
export function headerValue(request: FastifyRequest, name: string): string {
  const value = request.headers[name.toLowerCase()];
  return ((Array.isArray(value) ? value[0] : value) ?? '').trim();
}
