/**
 * What the stories' calls share when they read a request: its query parameters, its JSON body, and a schema's refusal
 * answered as the server's route helper answers it (the field named in the text and in `data`).
 * The schemas themselves are @esign/platform's: a story never writes a rule again.
 */
import { CODES, fail } from '@esign/platform';
import type { Answer, DemoRequest } from './demoApi';

/** The request's JSON body ({} when it has none). */
export const bodyOf = <T = unknown>({ config }: DemoRequest): T =>
  JSON.parse(String(config.data ?? '{}')) as T;

/** A query parameter of the request, '' when absent. */
export const paramOf = ({ config }: DemoRequest, name: string) =>
  String((config.params as Record<string, unknown> | undefined)?.[name] ?? '');

/** Every query parameter of the request, as text (as a query string carries them). */
export const paramsOf = ({ config }: DemoRequest): Record<string, string> =>
  Object.fromEntries(
    Object.entries((config.params ?? {}) as Record<string, unknown>).map(([key, value]) => [
      key,
      String(value),
    ]),
  );

/** The first issue of a platform schema's check, as a 400. */
export const schemaRefusal = (issues: readonly { path: string; message: string }[]): Answer => ({
  status: CODES.badRequest,
  body: fail(
    CODES.badRequest,
    `${issues[0]!.path ? `${issues[0]!.path}: ` : ''}${issues[0]!.message}`,
    issues[0]!.path ? { field: issues[0]!.path } : null,
  ),
});
