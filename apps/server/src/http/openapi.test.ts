import { PATHS } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { AppContext } from '../context';
import { BACKENDS, useTestServer } from '../test-support/server';
import { describeRoute, type DescribedRoute } from './route';

interface Operation {
  tags: string[];
  parameters: { name: string; required: boolean; example?: unknown; schema?: { type?: string } }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

const operations = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

describe('route examples', () => {
  const context = () => ({ routes: [] as DescribedRoute[] }) as unknown as AppContext;
  const base = {
    method: 'POST' as const,
    path: '/example',
    summary: 'An example',
    tag: 'test',
    auth: 'user' as const,
    permission: 'signedIn' as const,
    body: z.object({ name: z.string().check(z.minLength(1)) }),
    query: z.object({ id: z.coerce.number() }),
  };

  it('are refused at registration when the route’s own schema refuses them', () => {
    expect(() => describeRoute(context(), { ...base, example: { body: { name: '' } } })).toThrow(
      /POST \/example: its example body does not pass its schema/,
    );
    expect(() =>
      describeRoute(context(), { ...base, example: { query: { id: 'seven' } } }),
    ).toThrow(/example query does not pass/);
    expect(() =>
      describeRoute(context(), { ...base, query: undefined, example: { query: { id: 1 } } }),
    ).toThrow(/it has none/);
  });

  it('are recorded when they pass', () => {
    const described = context();
    describeRoute(described, { ...base, example: { body: { name: 'A' }, query: { id: '7' } } });
    expect(described.routes).toHaveLength(1);
  });
});

describe.each(BACKENDS)('the OpenAPI document on $name', (backend) => {
  const server = useTestServer(backend);
  const document = async () =>
    (await (await fetch(`${server.base}/api/openapi.json`)).json()) as Document;

  it('gives every call that takes a query or a body an example of them', async () => {
    const missing: string[] = [];
    // The development-only calls (dev/: the SMS outbox, the development face page) are left out.
    const all = operations(await document()).filter(({ name }) => !name.includes(' /api/dev/'));
    expect(all.length).toBeGreaterThanOrEqual(80);
    for (const { name, operation } of all) {
      const body = operation.requestBody?.content;
      const multipart = body && 'multipart/form-data' in body;
      if (body && !multipart && Object.values(body).some((media) => media.example === undefined)) {
        missing.push(`${name} (body)`);
      }
      // Every required parameter has an example, and a query of optional ones shows one at least.
      const shown = operation.parameters.filter((parameter) => parameter.example !== undefined);
      if (
        operation.parameters.some((p) => p.required && p.example === undefined) ||
        (operation.parameters.length > 0 && shown.length === 0)
      ) {
        missing.push(`${name} (query)`);
      }
      // An example is of its parameter's type (a number where the schema says integer).
      for (const parameter of shown) {
        const type = parameter.schema?.type;
        if ((type === 'integer' || type === 'number') && typeof parameter.example !== 'number') {
          missing.push(`${name} (${parameter.name} is not a number)`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('declares the 429 and its Retry-After of every rate-limited call: SMS codes, captcha, sign-in', async () => {
    const { paths } = await document();
    const limited = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.responses['429'])
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    // Sign-in (with a hardware key's two calls too), the captcha, and every call that sends an SMS code.
    const calls = [
      PATHS.token,
      PATHS.hardwareKeyRandom,
      PATHS.hardwareKeyOriginal,
      PATHS.hardwareKeyRegisterRandom,
      PATHS.captcha,
      PATHS.smsLoginCode,
      PATHS.sendRegisterCode,
      PATHS.sendForgetCode,
      PATHS.sendOldPhoneCode,
      PATHS.sendChangePhoneCode,
      PATHS.sendMsgForAuth,
      PATHS.sendMsgForChangeLegal,
      PATHS.sendMsgForChangeCompanyName,
      PATHS.sendMsgForChangeAdmin,
      PATHS.sendMsgForWriteOff,
      PATHS.companyLegalAuth,
      PATHS.sendMsgForCompanyAuth,
      PATHS.subCompanySendMsg,
      PATHS.contractSendAuthCode,
    ];
    for (const path of calls) {
      const methods = paths[`/api${path}`]!;
      const method = Object.keys(methods)[0]!;
      expect(limited, path).toContain(`${method.toUpperCase()} /api${path}`);
    }
    // And every call of the open API, limited per access party.
    const open = limited.filter((call) => call.includes(' /api/open/v1/'));
    expect(open.sort()).toEqual(
      [
        'GET /api/open/v1/contracts',
        'POST /api/open/v1/contracts',
        'GET /api/open/v1/contracts/{id}',
        'GET /api/open/v1/contracts/{id}/audit-trail',
        'POST /api/open/v1/contracts/{id}/signing-links',
        'GET /api/open/v1/contracts/{id}/pdf',
      ].sort(),
    );
    expect(limited).toHaveLength(calls.length + open.length);
    const captcha = paths['/api/blade-auth/oauth/captcha']!.get!.responses['429'] as {
      headers: Record<string, { schema: { type: string } }>;
      content: Record<string, { example: unknown }>;
    };
    expect(captcha.headers['Retry-After']!.schema.type).toBe('integer');
    expect(captcha.content['application/json']!.example).toMatchObject({
      code: 429,
      success: false,
      msg: expect.stringMatching(/captcha|graphic/i) as unknown,
    });
    const token = paths['/api/blade-auth/oauth/token']!.post!.responses['429'] as {
      content: Record<string, { example: unknown }>;
    };
    expect(token.content['application/json']!.example).toMatchObject({
      error: 'temporarily_unavailable',
    });
    // A call without a limit declares none.
    expect(paths[`/api${PATHS.userInfo}`]!.get!.responses['429']).toBeUndefined();
  });

  it('shows a contract call with its query, body and answer examples', async () => {
    const { paths } = await document();
    const detail = paths['/api/sicpay-contract/contract/detail']!.get!;
    expect(detail.parameters).toContainEqual(
      expect.objectContaining({ name: 'id', example: 1024 }),
    );
    expect(detail.responses['200']!.content!['application/json']!.example).toMatchObject({
      code: 200,
      success: true,
      data: { id: '1024', myActions: expect.any(Array) as unknown },
    });
    const create = paths['/api/sicpay-contract/contract/create']!.post!;
    expect(create.requestBody!.content['application/json']!.example).toMatchObject({
      participants: expect.any(Array) as unknown,
    });
  });
});
