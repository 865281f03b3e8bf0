import { fail, message, ok } from '@esign/platform';
import * as z from 'zod/mini';
import type { DescribedRoute } from './route';

const json = (schema: z.ZodMiniType) => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return rest;
};

/**
 * A query example as its parameter's schema types it: a query string carries text, which the
 * routes' schemas coerce, so an example written '1024' shows as 1024 where the schema says integer.
 */
function asParameterType(value: unknown, schema: unknown): unknown {
  const type = (schema as { type?: unknown } | null)?.type;
  if (
    (type === 'integer' || type === 'number') &&
    typeof value === 'string' &&
    value.trim() !== ''
  ) {
    const number = Number(value);
    if (Number.isFinite(number)) return number;
  }
  return value;
}

/** Who may make a call, in one sentence of its OpenAPI description. */
function accessText(route: DescribedRoute): string {
  if (route.permission === 'public') return 'Access: public (no session needed).';
  if (route.permission === 'accessParty')
    return 'Access: an enabled API access party, by a request signed with its API secret (security scheme accessParty), within its rate limits.';
  if (route.permission === 'signedIn')
    return 'Access: any signed-in user in a console they belong to.';
  return `Access: the permission ${route.permission} in the session’s company (every permission holds in the personal console).`;
}

/**
 * The 429 of a rate-limited call: what is limited, the seconds to wait in Retry-After, and the
 * refusal as the call answers it (the token endpoint answers OAuth2's error body instead).
 */
function tooManyResponse(route: DescribedRoute): Record<string, unknown> {
  const limited = route.rateLimited!;
  const text = message(limited.text, 'en');
  return {
    description: limited.description,
    headers: {
      'Retry-After': {
        description: 'Seconds until the same request may succeed',
        required: true,
        schema: { type: 'integer', minimum: 1 },
        example: 42,
      },
    },
    content: {
      'application/json': {
        ...(route.auth === 'client'
          ? {
              example: { error: 'temporarily_unavailable', error_description: text },
            }
          : {
              schema: { $ref: '#/components/schemas/Envelope' },
              example: fail(429, text, limited.example ?? null),
            }),
      },
    },
  };
}

/** The OpenAPI 3.1 document of the API, made from the routes' own zod schemas. */
export function openApiDocument(routes: readonly DescribedRoute[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const operation: Record<string, unknown> = {
      summary: route.summary,
      description: accessText(route),
      tags: [route.tag],
      'x-permission': route.permission,
      ...(route.realName ? { 'x-real-name': true } : {}),
      parameters: [] as unknown[],
      responses: {
        '200':
          route.auth === 'client'
            ? { description: 'OAuth2 token response (access_token, refresh_token, expires_in …)' }
            : {
                description: 'Envelope { code, success, data, msg }',
                content: {
                  'application/json': {
                    schema: { $ref: '#/components/schemas/Envelope' },
                    ...(route.example && 'answer' in route.example
                      ? {
                          example: ok(route.example.answer ?? null),
                        }
                      : {}),
                  },
                },
              },
        '400': { description: 'Bad input: the envelope with msg naming the field' },
        ...(route.auth === 'user' ? { '401': { description: 'Missing or expired token' } } : {}),
        ...(route.auth === 'accessParty'
          ? {
              '401': {
                description:
                  'Not signed, an unknown or disabled app key, a signature that does not match, a timestamp more than 5 minutes off, or a nonce used before',
              },
            }
          : {}),
        ...(route.auth === 'user'
          ? {
              '403': {
                description:
                  route.permission === 'signedIn'
                    ? 'The user no longer belongs to the session’s company (code 403001)'
                    : `The role lacks ${route.permission} (No permission for now), or the user no longer belongs to the company (code 403001)`,
              },
            }
          : {}),
        ...(route.rateLimited ? { '429': tooManyResponse(route) } : {}),
      },
      security:
        route.auth === 'user'
          ? [{ bladeAuth: [] }]
          : route.auth === 'client'
            ? [{ client: [] }]
            : route.auth === 'accessParty'
              ? [{ accessParty: [] }]
              : [],
    };
    if (route.eventStream) {
      // Server-sent events once the checks pass; refusals are still the envelope.
      Object.assign(operation.responses as Record<string, unknown>, {
        '200': {
          description: route.eventStream,
          content: { 'text/event-stream': { schema: { type: 'string' } } },
        },
        '401': { description: 'The ticket is missing, expired or its session has ended' },
      });
    }
    if (route.params) {
      const schema = json(route.params) as { properties?: Record<string, unknown> };
      const example = (route.example?.params ?? {}) as Record<string, unknown>;
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        (operation.parameters as unknown[]).push({
          name,
          in: 'path',
          required: true,
          schema: property,
          ...(example[name] !== undefined ? { example: example[name] } : {}),
        });
      }
    }
    if (route.query) {
      const schema = json(route.query) as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      const example = (route.example?.query ?? {}) as Record<string, unknown>;
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        (operation.parameters as unknown[]).push({
          name,
          in: 'query',
          required: schema.required?.includes(name) ?? false,
          schema: property,
          ...(example[name] !== undefined
            ? { example: asParameterType(example[name], property) }
            : {}),
        });
      }
    }
    if (route.fileField) {
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: [route.fileField],
              properties: { [route.fileField]: { type: 'string', format: 'binary' } },
            },
          },
        },
      };
    } else if (route.body) {
      const media = {
        schema: json(route.body),
        ...(route.example?.body !== undefined ? { example: route.example.body } : {}),
      };
      operation.requestBody = {
        required: true,
        content: route.formOnly
          ? { 'application/x-www-form-urlencoded': media }
          : { 'application/json': media, 'application/x-www-form-urlencoded': media },
      };
    }
    const path = `/api${route.path}`.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'eSign platform API',
      version: '0.1.0',
      description:
        'Every call except the token endpoint answers { code, success, data, msg }; code 200 is success. Send Lang: en or zh for messages in that language.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bladeAuth: {
          type: 'apiKey',
          in: 'header',
          name: 'Blade-Auth',
          description: 'bearer <access token>',
        },
        client: {
          type: 'http',
          scheme: 'basic',
          description: 'The fixed client esign:esign_secret',
        },
        accessParty: {
          type: 'apiKey',
          in: 'header',
          name: 'X-App-Key',
          description:
            'The open API (/api/open/v1): an API access party’s app key in X-App-Key, the Unix time in seconds in X-Timestamp, a fresh nonce (16–64 of A–Z a–z 0–9 - _) in X-Nonce, and in X-Signature base64(HMAC-SHA256(API secret, METHOD + "\\n" + path and query as sent + "\\n" + X-Timestamp + "\\n" + X-Nonce + "\\n" + hex SHA-256 of the body as sent)). Rate limits per access party: 20 calls a second and 600 a minute (429 with Retry-After).',
        },
      },
      schemas: {
        Envelope: {
          type: 'object',
          required: ['code', 'success', 'data', 'msg'],
          properties: {
            code: { type: 'integer' },
            success: { type: 'boolean' },
            data: {},
            msg: { type: 'string' },
          },
        },
      },
    },
    paths,
  };
}
