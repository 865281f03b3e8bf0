import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { PATHS, message, type Locale } from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../test-support/companies';
import { pdfOfObjects } from '../test-support/pdf-files';
import { BACKENDS, BASIC_CLIENT, login, requestToken, useTestServer } from '../test-support/server';

const LOCALES: Locale[] = ['en', 'zh'];
const NUL = '\u0000';

/** Every file under a directory, relative to it. */
function storedFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** Sends bytes as they are over a new connection; gives what the server answered. */
function rawRequest(base: string, bytes: string): Promise<string> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.end(bytes, 'latin1'));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

const BOUNDARY = 'bad-input-boundary';
const filePart = (name: string, type: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
  `Content-Type: ${type}\r\n\r\n`;

/** Multipart bodies a broken or hostile client sends, with their Content-Type. */
const BROKEN_MULTIPART: { kind: string; contentType: string; body: (head: Buffer) => Buffer }[] = [
  {
    kind: 'without a boundary',
    contentType: 'multipart/form-data',
    body: (head) => Buffer.concat([Buffer.from(filePart('x', 'application/octet-stream')), head]),
  },
  {
    kind: 'with a boundary longer than a parser takes',
    contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`,
    body: (head) => head,
  },
  {
    kind: 'cut before its closing boundary',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: (head) =>
      Buffer.concat([
        Buffer.from(filePart('cut.bin', 'application/octet-stream')),
        head,
        Buffer.alloc(200_000, 0x20),
      ]),
  },
  {
    kind: 'cut inside its part headers',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: () => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`),
  },
];

describe.each(BACKENDS)('bad input on $name', (backend) => {
  const server = useTestServer(backend);
  let person = '';
  let verified = '';

  beforeAll(async () => {
    person = (await login(server.base, '13800000001')).access_token;
    await addUser(server.database, { phone: '13800000601' });
    verified = (await login(server.base, '13800000601')).access_token;
  });

  it('refuses NUL in a field of the login form as invalid_request, in the request’s language', async () => {
    for (const lang of LOCALES) {
      for (const [field, value] of [
        ['username', `138${NUL}00000002`],
        ['tenant_id', `000${NUL}000`],
        ['password', `Demo${NUL}12345`],
        ['grant_type', `pass${NUL}word`],
      ] as const) {
        const form = {
          grant_type: 'password',
          tenant_id: '000000',
          username: '13800000002',
          password: 'Demo12345',
          [field]: value,
        };
        const response = await requestToken(server.base, form, {
          Authorization: BASIC_CLIENT,
          Lang: lang,
        });
        expect(response.status, `${field} in ${lang}`).toBe(400);
        expect(await response.json()).toEqual({
          error: 'invalid_request',
          error_description: `${field}: ${message('invalidValue', lang)}`,
        });
      }
    }
    // Nothing was counted against the account: the right form still signs in at once.
    expect((await login(server.base, '13800000002')).access_token).toBeTruthy();
  });

  it('refuses NUL in any header the server reads, on public and signed-in calls', async () => {
    const cases: {
      method: 'GET' | 'POST';
      url: string;
      headers: Record<string, string>;
      payload?: string;
      header: string;
    }[] = [
      {
        method: 'GET',
        url: PATHS.captcha,
        headers: { 'Tenant-Id': `00${NUL}0` },
        header: 'tenant-id',
      },
      {
        method: 'GET',
        url: `${PATHS.checkPhone}?phone=13800000001`,
        headers: { 'Tenant-Id': `000000${NUL}` },
        header: 'tenant-id',
      },
      {
        method: 'GET',
        url: PATHS.userInfo,
        headers: { 'Blade-Auth': `bearer ${person}`, 'X-Forwarded-For': `10.0.0.1${NUL}` },
        header: 'x-forwarded-for',
      },
      {
        method: 'GET',
        url: PATHS.userInfo,
        headers: { 'Blade-Auth': `bearer ${person}`, 'Tenant-Id': `${NUL}` },
        header: 'tenant-id',
      },
      {
        method: 'POST',
        url: PATHS.token,
        headers: {
          Authorization: BASIC_CLIENT,
          'Captcha-Key': `k${NUL}`,
          'Captcha-Code': 'AB12',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'grant_type=captcha&tenant_id=000000&username=13800000001&password=Demo12345',
        header: 'captcha-key',
      },
      {
        method: 'POST',
        url: PATHS.token,
        headers: {
          Authorization: BASIC_CLIENT,
          'Captcha-Key': 'k',
          'Captcha-Code': `A${NUL}B`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'grant_type=captcha&tenant_id=000000&username=13800000001&password=Demo12345',
        header: 'captcha-code',
      },
    ];
    // Node's HTTP parser refuses a raw NUL in a header before any route runs (below); a request
    // made in the process (`inject`) skips that parser, so the routes' own check is seen here.
    for (const lang of LOCALES) {
      for (const { method, url, headers, payload, header } of cases) {
        const answer = await server.app.inject({
          method,
          url: `/api${url}`,
          headers: { ...headers, Lang: lang },
          ...(payload ? { payload } : {}),
        });
        const where = `${method} ${url} with NUL in ${header} (${lang})`;
        expect(answer.statusCode, where).toBe(400);
        const body = answer.json<Record<string, unknown>>();
        const text = `${header}: ${message('invalidValue', lang)}`;
        if (url === PATHS.token) {
          expect(body, where).toEqual({ error: 'invalid_request', error_description: text });
        } else {
          expect(body, where).toEqual({ code: 400, success: false, data: null, msg: text });
        }
      }
    }
    // Over a real connection the parser refuses it, answering in the language of the Lang header.
    for (const lang of LOCALES) {
      const answer = await rawRequest(
        server.base,
        `GET /api${PATHS.captcha} HTTP/1.1\r\nHost: localhost\r\nLang: ${lang}\r\n` +
          `Tenant-Id: 00${NUL}0000\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe(
        JSON.stringify({
          code: 400,
          success: false,
          data: null,
          msg: message('requestException', lang),
        }),
      );
    }
  });

  it('refuses a broken multipart upload of a document or an avatar with 400, keeping nothing', async () => {
    const pdfHead = pdfOfObjects([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    ]);
    const pngHead = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const uploads = [
      { path: PATHS.upload, token: () => person, head: pdfHead },
      { path: PATHS.avatarUpload, token: () => verified, head: pngHead },
    ];
    for (const upload of uploads) {
      for (const broken of BROKEN_MULTIPART) {
        for (const lang of LOCALES) {
          const response = await fetch(`${server.base}/api${upload.path}`, {
            method: 'POST',
            headers: {
              'Blade-Auth': `bearer ${upload.token()}`,
              'content-type': broken.contentType,
              Lang: lang,
            },
            body: broken.body(upload.head),
          });
          const where = `${upload.path} ${broken.kind} (${lang})`;
          expect(response.status, where).toBe(400);
          expect(await response.json(), where).toEqual({
            code: 400,
            success: false,
            data: null,
            msg: message('uploadBroken', lang),
          });
        }
      }
    }
    const [rows] = await server.database.query<{ files: string; avatars: string }>(
      `SELECT (SELECT count(*) FROM files) AS files, (SELECT count(*) FROM user_avatars) AS avatars`,
    );
    expect(Number(rows!.files)).toBe(0);
    expect(Number(rows!.avatars)).toBe(0);
    expect(storedFiles(server.files).filter((file) => !file.startsWith('.'))).toEqual([]);

    // A whole upload after them is stored as ever.
    const form = new FormData();
    form.append('file', new Blob([pdfHead]), 'whole.pdf');
    const whole = await fetch(`${server.base}/api${PATHS.upload}`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${person}` },
      body: form,
    });
    expect(whole.status).toBe(200);
  });
});
