import { readdirSync } from 'node:fs';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { PATHS, UPLOAD_LIMIT_BYTES, type UploadedFile } from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { withQuery } from '../test-support/account';
import { addUser } from '../test-support/companies';
import { pdfOfObjects } from '../test-support/pdf-files';
import { BACKENDS, login, requestToken, useTestServer } from '../test-support/server';
import { uploadStream } from '../test-support/uploads';

/** A one-page PDF with a correct cross-reference table, as any reader accepts it. */
const onePagePdf = () =>
  pdfOfObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ]);

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** Every file under a directory, relative to it. */
function storedFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describe.each(BACKENDS)('contract document uploads on $name', (backend) => {
  const server = useTestServer(backend);
  let token: string;

  beforeAll(async () => {
    token = (await login(server.base, '13800000001')).access_token;
  });

  const upload = async (bytes: Buffer, name: string, sessionToken: string | null = token) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    const response = await fetch(`${server.base}/api${PATHS.upload}`, {
      method: 'POST',
      headers: sessionToken ? { 'Blade-Auth': `bearer ${sessionToken}` } : {},
      body: form,
    });
    return {
      status: response.status,
      body: (await response.json()) as { code: number; data: UploadedFile; msg: string },
    };
  };
  const download = (link: string, sessionToken: string) =>
    fetch(`${server.base}${link}`, { headers: { 'Blade-Auth': `bearer ${sessionToken}` } });
  const fileRows = async () =>
    Number((await server.database.query<{ n: string }>('SELECT count(*) AS n FROM files'))[0]!.n);

  it('stores a real PDF and gives it back to its uploader', async () => {
    const pdf = onePagePdf();
    const { status, body } = await upload(pdf, 'Lease 2024.pdf');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      name: 'Lease 2024.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
      link: `/api${PATHS.download}?id=${body.data.id}`,
    });
    expect(storedFiles(server.files)).toContain(path.join('uploads', '000000', body.data.id));

    const response = await download(body.data.link, token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Lease%202024.pdf",
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('recognises a DOCX whose word/ entry comes late in the stream', async () => {
    const docx = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.alloc(300_000, 0x41),
      Buffer.from('word/document.xml'),
    ]);
    const { status, body } = await upload(docx, 'contract.docx');
    expect(status).toBe(200);
    expect(body.data.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('refuses a PNG named .pdf, leaving no file and no row', async () => {
    const [files, rows] = [storedFiles(server.files), await fileRows()];
    const { status, body } = await upload(PNG, 'contract.pdf');
    expect(status).toBe(400);
    expect(body.msg).toBe('Upload files only support PDF, DOC, DOCX formats!');
    expect(storedFiles(server.files)).toEqual(files);
    expect(await fileRows()).toBe(rows);
  });

  it('keeps serving the connection a refused upload came on', async () => {
    // One kept-alive socket for both requests, as a browser reuses it.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, headers: Record<string, string>, body?: Buffer) =>
      new Promise<number>((resolve, reject) => {
        const outgoing = request(`${server.base}${path}`, { method, headers, agent }, (answer) => {
          answer.resume();
          answer.on('end', () => resolve(answer.statusCode ?? 0));
        });
        outgoing.on('error', reject);
        outgoing.end(body);
      });
    const boundary = 'refused-boundary';
    const form = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.pdf"\r\n\r\n`,
      ),
      PNG,
      Buffer.alloc(200_000),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const refused = await send(
      'POST',
      `/api${PATHS.upload}`,
      {
        'Blade-Auth': `bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      form,
    );
    expect(refused).toBe(400);
    expect(await send('GET', '/api/health', {})).toBe(200);
    agent.destroy();
  });

  it('cuts off a stream over 100 MB, leaving no file and no row', async () => {
    const [files, rows] = [storedFiles(server.files), await fileRows()];
    const response = await uploadStream(server.base, token, {
      head: '%PDF-1.7\n',
      size: UPLOAD_LIMIT_BYTES + 1024,
      chunkBytes: 1024 * 1024,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { msg: string }).msg).toBe(
      'Upload file size cannot exceed 100MB',
    );
    expect(storedFiles(server.files)).toEqual(files);
    expect(await fileRows()).toBe(rows);
  });

  it('refuses an upload without a session or without a file', async () => {
    const rows = await fileRows();
    const anonymous = await upload(onePagePdf(), 'contract.pdf', null);
    expect(anonymous.status).toBe(401);
    const empty = await fetch(`${server.base}/api${PATHS.upload}`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${token}` },
      body: new FormData(),
    });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { msg: string }).msg).toBe('No file selected');
    expect(await fileRows()).toBe(rows);
  });

  it('hides a file from another user and from another tenant', async () => {
    const { body } = await upload(onePagePdf(), 'mine.pdf');
    const neighbour = (await login(server.base, '13800000002')).access_token;
    expect((await download(body.data.link, neighbour)).status).toBe(404);

    await addUser(server.database, { phone: '13800000001', tenantId: '000005' });
    const stranger = (await (
      await requestToken(server.base, {
        grant_type: 'password',
        tenant_id: '000005',
        username: '13800000001',
        password: 'Demo12345',
      })
    ).json()) as { access_token: string };
    const refused = await download(body.data.link, stranger.access_token);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 404, success: false });
    const malformed = await download(withQuery(`/api${PATHS.download}`, { id: 'x' }), token);
    expect(malformed.status).toBe(400);
  });
});
