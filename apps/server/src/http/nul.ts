import type { FastifyRequest } from 'fastify';

/**
 * Where a value holds a string with the NUL character (the field's path, '' at the top), or null.
 */
function nulAt(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 64 || typeof value !== 'object' || value === null) return null;
  for (const [key, entry] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return path;
    const found = nulAt(entry, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Where a request carries the NUL character — a header (its name), a query or body field (its
 * path, '' for the whole body) — or null. PostgreSQL text cannot hold NUL: passed on, such a value
 * fails in the database as a server error, so every call refuses it as bad input first. Node's
 * HTTP parser already refuses a raw NUL in a header; the headers are checked here too because the
 * server also answers requests that never went through that parser (`inject`, a lenient parser).
 */
export function nulField(request: FastifyRequest): string | null {
  for (const [name, value] of Object.entries(request.headers)) {
    if (nulAt(value) !== null) return name;
  }
  return nulAt(request.query) ?? (Buffer.isBuffer(request.body) ? null : nulAt(request.body));
}
