import { describe, expect, it } from 'vitest';
import { BACKENDS, BASIC_CLIENT, login, useTestServer } from '../test-support/server';

interface Operation {
  requestBody?: { content: Record<string, { schema: Schema }> };
  parameters?: { name: string; in: string }[];
}
interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
}

/** A request the fuzzer sends: a body of some kind, and query parameters. */
interface Malformed {
  kind: string;
  /** Whether the request is invalid whatever the route does (so it must be refused with a 4xx). */
  invalid: boolean;
  contentType?: string;
  body?: string | Uint8Array;
  query?: Record<string, string>;
  /** Headers sent instead of the session's (a forged token, odd Tenant-Id or Lang). */
  headers?: Record<string, string>;
}

/** Headers every route reads, forged: each comes with the route's valid client but no session. */
const FORGED_HEADERS: Record<string, string>[] = [
  { 'Blade-Auth': `bearer ${'A'.repeat(8_000)}` },
  { 'Blade-Auth': 'bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' },
  { 'Blade-Auth': 'Basic ZXNpZ246ZXNpZ25fc2VjcmV0' },
  { 'Tenant-Id': "000000' OR '1'='1" },
  { 'Tenant-Id': '../../etc' },
  { Lang: '<script>alert(1)</script>' },
  { 'Company-Auth': '-1; DROP TABLE companies' },
];

const HUGE = 'A'.repeat(2 * 1024 * 1024);
const DEEP_JSON = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
const FRAGMENTS = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '\u0000\u0001\uFFFF',
  '𠜎𠜱𠝹'.repeat(1000),
];
/** Bytes that are not UTF-8: a lone continuation byte, an overlong slash, a truncated sequence. */
const INVALID_UTF8 = Uint8Array.from([
  0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x80, 0xc0, 0xaf, 0xe2, 0x82, 0x22, 0x7d,
]);

/**
 * The headers the server reads, each sent holding NUL (PostgreSQL text cannot hold it). Node's
 * HTTP parser refuses such a header on a real connection, so these go in through `inject`, which
 * skips that parser: what is checked is that no route passes one on.
 */
const NUL_HEADERS = [
  'Tenant-Id',
  'Captcha-Key',
  'Captcha-Code',
  'Authorization',
  'Blade-Auth',
  'Lang',
  'X-Forwarded-For',
  'Company-Auth',
  'If-None-Match',
];

/** Multipart bodies a broken client sends: no boundary, or cut before the closing one. */
const BROKEN_MULTIPART: { kind: string; contentType: string; body: string }[] = [
  {
    kind: 'multipart without a boundary',
    contentType: 'multipart/form-data',
    body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7\n',
  },
  {
    kind: 'multipart cut before its closing boundary',
    contentType: 'multipart/form-data; boundary=fuzz-boundary',
    body: `--fuzz-boundary\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n${'A'.repeat(10_000)}`,
  },
];

/** Values of the wrong type for a schema type. */
function wrongTypes(type: string | undefined): unknown[] {
  const all: unknown[] = [42, -1.5e308, true, null, [], {}, ['x'], { $gt: '' }, 'text'];
  return all.filter((value) => {
    if (type === 'string') return typeof value !== 'string';
    if (type === 'number' || type === 'integer') return typeof value !== 'number';
    if (type === 'boolean') return typeof value !== 'boolean';
    if (type === 'object') return typeof value !== 'object' || Array.isArray(value) || !value;
    if (type === 'array') return !Array.isArray(value);
    return true;
  });
}

/** The malformed requests for one route, made from what its schema expects. */
function malformedFor(operation: Operation): Malformed[] {
  const json = 'application/json';
  const form = 'application/x-www-form-urlencoded';
  const cases: Malformed[] = [];
  const content = operation.requestBody?.content;
  if (content) {
    const schema = (content[json] ?? content[form])?.schema;
    cases.push(
      { kind: 'broken JSON', invalid: true, contentType: json, body: '{"a": ' },
      { kind: 'JSON of another type', invalid: true, contentType: json, body: '"just a string"' },
      { kind: 'JSON array', invalid: true, contentType: json, body: '[1,2,3]' },
      { kind: 'deep array', invalid: true, contentType: json, body: DEEP_JSON },
      { kind: 'deep object', invalid: false, contentType: json, body: DEEP_OBJECT },
      { kind: 'huge body', invalid: true, contentType: json, body: JSON.stringify({ a: HUGE }) },
      { kind: 'invalid UTF-8', invalid: false, contentType: json, body: INVALID_UTF8 },
      { kind: 'unknown type', invalid: true, contentType: 'application/x-evil', body: 'x' },
      { kind: 'form of garbage', invalid: false, contentType: form, body: '%%%&&&===%ZZ' },
      {
        kind: '__proto__',
        invalid: false,
        contentType: json,
        body: '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}',
      },
    );
    for (const [name, property] of Object.entries(schema?.properties ?? {})) {
      for (const value of wrongTypes(property.type)) {
        cases.push({
          kind: `${name} as ${JSON.stringify(value)}`,
          invalid: true,
          contentType: json,
          body: JSON.stringify({ [name]: value }),
        });
      }
      if (property.type !== 'object') {
        cases.push({
          kind: `${name} deeply nested`,
          invalid: true,
          contentType: json,
          body: `{${JSON.stringify(name)}:${DEEP_OBJECT}}`,
        });
      }
      for (const fragment of [HUGE.slice(0, 500_000), ...FRAGMENTS]) {
        cases.push({
          kind: `${name} = ${fragment.slice(0, 20)}`,
          invalid: false,
          contentType: json,
          body: JSON.stringify({ [name]: fragment }),
        });
      }
    }
  }
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query') continue;
    for (const fragment of [HUGE.slice(0, 60_000), ...FRAGMENTS.slice(0, 6)]) {
      cases.push({
        kind: `${parameter.name} = ${fragment.slice(0, 20)}`,
        invalid: false,
        query: { [parameter.name]: fragment },
      });
    }
  }
  for (const headers of FORGED_HEADERS) {
    cases.push({
      kind: `headers ${JSON.stringify(headers).slice(0, 40)}`,
      invalid: false,
      headers,
    });
  }
  return cases;
}

/** A successful answer that is a file (a CRL, a certificate), which need not be JSON. */
function servesFile(status: number, type: string | null | undefined): boolean {
  return status < 300 && !!type && !/json/.test(type) && /^application\/(pkix|x-pem)/.test(type);
}

describe.each(BACKENDS)('malformed input on $name', (backend) => {
  const server = useTestServer(backend);

  it('answers 1,000 malformed requests to every route with a 4xx and no trace, and stays up', async () => {
    const document = (await (await fetch(`${server.base}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const perRoute = routes
      .map((route) => ({ ...route, cases: malformedFor(route.operation) }))
      .filter((route) => route.cases.length > 0);
    // Round robin over the routes until 1,000 requests are sent.
    const plan: { path: string; method: string; malformed: Malformed }[] = [];
    for (let round = 0; plan.length < 1000; round++) {
      for (const route of perRoute) {
        const malformed = route.cases[round % route.cases.length]!;
        plan.push({ path: route.path, method: route.method, malformed });
        if (plan.length === 1000) break;
      }
    }

    const { access_token } = await login(server.base);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const send = async ({ path, method, malformed }: (typeof plan)[number]) => {
      const url = new URL(`${server.base}${path.replace(/\{\w+\}/g, '1')}`);
      for (const [name, value] of Object.entries(malformed.query ?? {})) {
        url.searchParams.set(name, value);
      }
      const hasBody = method !== 'get' && malformed.body !== undefined;
      const response = await fetch(url, {
        method: method.toUpperCase(),
        headers: {
          Authorization: BASIC_CLIENT,
          ...(malformed.headers ?? { 'Blade-Auth': `bearer ${access_token}` }),
          ...(hasBody && malformed.contentType ? { 'content-type': malformed.contentType } : {}),
        },
        ...(hasBody ? { body: malformed.body } : {}),
      });
      const text = await response.text();
      const where = `${method.toUpperCase()} ${path} [${malformed.kind}] → ${response.status}`;
      if (response.status >= 500) failures.push(`${where}: ${text.slice(0, 200)}`);
      if (/\bat .+\.(?:js|ts):\d+|syntax error at|relation ".*" does not exist/i.test(text)) {
        failures.push(`${where}: leaks internals: ${text.slice(0, 200)}`);
      }
      let parsed: Record<string, unknown> | null = null;
      try {
        parsed = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // A file a call serves (a CRL, a certificate) is not JSON; anything else must be.
        if (!servesFile(response.status, response.headers.get('content-type'))) {
          failures.push(`${where}: not JSON: ${text.slice(0, 100)}`);
        }
      }
      if (parsed && response.status >= 400) {
        const envelope = typeof parsed.code === 'number' && parsed.success === false;
        const oauth =
          typeof parsed.error === 'string' && typeof parsed.error_description === 'string';
        if (!envelope && !oauth) failures.push(`${where}: neither envelope nor OAuth2 error`);
      }
      if (malformed.invalid && (response.status < 400 || response.status >= 500)) {
        failures.push(`${where}: an invalid request must be refused with a 4xx`);
      }
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    };
    // Ten at a time, as a misbehaving client would.
    for (let start = 0; start < plan.length; start += 10) {
      await Promise.all(plan.slice(start, start + 10).map(send));
    }
    console.info(
      `fuzz: ${plan.length} requests over ${perRoute.length} routes; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(failures).toEqual([]);
    const health = await fetch(`${server.base}/api/health`);
    expect(health.status).toBe(200);
  }, 180_000);

  it('answers NUL in every header and form field, and broken multipart bodies, on every route with a 4xx', async () => {
    const document = (await (await fetch(`${server.base}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path: path.replace(/\{\w+\}/g, '1'),
        method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE',
        operation,
      })),
    );
    // These two answer the same whatever a request carries: they read nothing from it.
    const readsNothing = new Set(['/api/health', '/api/openapi.json']);
    const { access_token } = await login(server.base);
    const session = { Authorization: BASIC_CLIENT, 'Blade-Auth': `bearer ${access_token}` };
    const failures: string[] = [];
    let sent = 0;
    const check = (
      where: string,
      status: number,
      text: string,
      mustRefuse: boolean,
      type?: string | null,
    ) => {
      sent += 1;
      if (status >= 500) failures.push(`${where} → ${status}: ${text.slice(0, 200)}`);
      else if (mustRefuse && status < 400) failures.push(`${where} → ${status}: not refused`);
      let parsed: Record<string, unknown> = {};
      try {
        parsed = JSON.parse(text) as Record<string, unknown>;
      } catch {
        if (!servesFile(status, type)) {
          failures.push(`${where} → ${status}: not JSON: ${text.slice(0, 100)}`);
        }
      }
      if (status >= 400 && typeof parsed.msg !== 'string' && !parsed.error_description) {
        failures.push(`${where} → ${status}: no message`);
      }
    };

    for (const { path, method, operation } of routes) {
      const mustRefuse = !readsNothing.has(path);
      for (const header of NUL_HEADERS) {
        const answer = await server.app.inject({
          method,
          url: path,
          headers: { ...session, [header]: 'a\u0000b' },
        });
        check(
          `${method} ${path} [NUL in ${header}]`,
          answer.statusCode,
          answer.body,
          mustRefuse,
          String(answer.headers['content-type'] ?? ''),
        );
      }
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'query') continue;
        const answer = await server.app.inject({
          method,
          url: `${path}?${parameter.name}=a%00b`,
          headers: session,
        });
        check(`${method} ${path} [NUL in ${parameter.name}]`, answer.statusCode, answer.body, true);
      }
      const content = operation.requestBody?.content;
      if (!content || method === 'GET') continue;
      const schema = (content['application/json'] ?? content['application/x-www-form-urlencoded'])
        ?.schema;
      for (const name of Object.keys(schema?.properties ?? { field: {} })) {
        const response = await fetch(`${server.base}${path}`, {
          method,
          headers: { ...session, 'content-type': 'application/x-www-form-urlencoded' },
          body: `${encodeURIComponent(name)}=a%00b&grant_type=password`,
        });
        check(
          `${method} ${path} [NUL in form ${name}]`,
          response.status,
          await response.text(),
          true,
        );
      }
      for (const broken of BROKEN_MULTIPART) {
        const response = await fetch(`${server.base}${path}`, {
          method,
          headers: { ...session, 'content-type': broken.contentType },
          body: broken.body,
        });
        check(`${method} ${path} [${broken.kind}]`, response.status, await response.text(), true);
      }
    }
    console.info(
      `fuzz: ${sent} requests with NUL and broken multipart over ${routes.length} routes`,
    );
    expect(failures).toEqual([]);
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
  }, 300_000);
});
