import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  MESSAGES,
  PATHS,
  type ContractDocument,
  type DocumentLink,
  type MessageKey,
} from '@esign/platform';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { withQuery } from '../test-support/account';
import { pdfOfObjects } from '../test-support/pdf-files';
import { addCompany, addUser, demoCompanyId, loginInto } from '../test-support/companies';
import { BACKENDS, call, login, requestToken, useTestServer } from '../test-support/server';
import { uploadFile } from '../test-support/uploads';
import { corruptWordDocument, wordBomb, wordDocument } from '../test-support/word-files';

const PERSON = '13800000001';
const ADMIN = '13800000002';
const STAFF = '13900000201';
const OUTSIDER = '13900000202';
const ELSEWHERE = '000009';
const SENTENCE = 'The tenant shall water the orchids every Tuesday before noon.';

/** A PDF of `pages` A4 pages, each saying its number. */
async function pdfOf(pages: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let page = 1; page <= pages; page++) {
    document.addPage([595, 842]).drawText(`Page ${page} of the lease`, { x: 72, y: 770 });
  }
  return Buffer.from(await document.save());
}

/** A PDF with an empty page tree, which pdf-lib's `save` never writes. */
const pagelessPdf = () =>
  pdfOfObjects(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']);

/** The same PDF encrypted with qpdf (AES-256, a user password). */
function encrypted(pdf: Buffer): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'esign-encrypt-'));
  try {
    writeFileSync(path.join(dir, 'plain.pdf'), pdf);
    execFileSync('qpdf', ['--encrypt', 'secret', 'owner', '256', '--', 'plain.pdf', 'locked.pdf'], {
      cwd: dir,
    });
    return readFileSync(path.join(dir, 'locked.pdf'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The text of a PDF, by poppler's pdftotext. */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8');
}

/** The conversion work directories left in the temporary directory. */
const conversionDirs = () =>
  readdirSync(tmpdir()).filter((name) => name.startsWith('esign-convert-'));

describe.each(BACKENDS)('contract documents on $name', (backend) => {
  const server = useTestServer(backend);
  const tokens = { person: '', admin: '', company: '', staff: '', outsider: '', elsewhere: '' };

  beforeAll(async () => {
    const { database, base } = server;
    const demo = await demoCompanyId(database);
    const other = await addCompany(database, { name: 'Orchid Care Ltd.' });
    await addUser(database, { phone: STAFF, company: { id: demo, role: 'employee' } });
    await addUser(database, { phone: OUTSIDER, company: { id: other, role: 'admin' } });
    // The person's phone in another tenant is another person's account.
    await addUser(database, { phone: PERSON, tenantId: ELSEWHERE });
    const elsewhere = await requestToken(base, {
      grant_type: 'password',
      tenant_id: ELSEWHERE,
      username: PERSON,
      password: 'Demo12345',
    });
    Object.assign(tokens, {
      person: (await login(base, PERSON)).access_token,
      admin: (await login(base, ADMIN)).access_token,
      company: (await loginInto(base, ADMIN, demo)).access_token,
      staff: (await loginInto(base, STAFF, demo)).access_token,
      outsider: (await loginInto(base, OUTSIDER, other)).access_token,
      elsewhere: ((await elsewhere.json()) as { access_token: string }).access_token,
    });
  });

  const upload = async (bytes: Uint8Array, name: string, token = tokens.person) => {
    const { status, body } = await uploadFile(server.base, token, bytes, name);
    expect(status, body.msg).toBe(200);
    return body.data.id;
  };
  const create = (fileId: string, token = tokens.person, lang = 'en') =>
    call<ContractDocument>(server.base, 'POST', PATHS.documentCreate, {
      token,
      body: { fileId },
      headers: { Lang: lang },
    });
  const status = (id: string, token = tokens.person, lang = 'en') =>
    call<ContractDocument>(server.base, 'GET', withQuery(PATHS.documentStatus, { id }), {
      token,
      headers: { Lang: lang },
    });
  const pdf = (id: string, token = tokens.person) =>
    fetch(`${server.base}/api${withQuery(PATHS.documentPdf, { id })}`, {
      headers: { 'Blade-Auth': `bearer ${token}` },
    });
  /** Polls a converting document until it is ready or failed. */
  const settled = async (id: string, lang = 'en'): Promise<ContractDocument> => {
    const deadline = Date.now() + 100_000;
    for (;;) {
      const { body } = await status(id, tokens.person, lang);
      if (body.data.status !== 'converting') return body.data;
      if (Date.now() > deadline) throw new Error(`document ${id} still converting`);
      await sleep(200);
    }
  };
  const count = async (table: 'documents' | 'jobs') =>
    Number(
      (await server.database.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n,
    );
  /** A document's PDF as stored. */
  const storedPdf = async (id: string) => {
    const [row] = await server.database.query<{ pdf_storage_key: string }>(
      'SELECT pdf_storage_key FROM documents WHERE id = $1',
      [id],
    );
    return readFileSync(path.join(server.files, row!.pdf_storage_key));
  };
  /** Documents' PDFs in storage. */
  const storedPdfs = () =>
    readdirSync(server.files, { recursive: true })
      .map(String)
      .filter((name) => name.startsWith('documents') && name.endsWith('.pdf'));

  it('makes a ready document of a PDF at once, rewritten, with its page count and SHA-256, and serves those bytes', async () => {
    const original = await pdfOf(3);
    const fileId = await upload(original, 'Lease 2024.pdf');
    const created = await create(fileId);
    expect(created.status).toBe(200);
    const document = created.body.data;
    const stored = await storedPdf(document.id);
    expect(document).toEqual({
      id: expect.any(String),
      name: 'Lease 2024.pdf',
      status: 'ready',
      pageCount: 3,
      sha256: sha256(stored),
      size: stored.length,
      error: null,
      link: `/api${PATHS.documentPdf}?id=${document.id}`,
      conversion: null,
      removedContent: [],
    });
    // The upload stays as it came; the document's PDF is its clean rewrite, of the same pages.
    expect(
      readFileSync(path.join(server.files, 'uploads', '000000', fileId)).equals(original),
    ).toBe(true);
    expect(pdfText(stored)).toBe(pdfText(original));

    const response = await pdf(document.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(
      'inline; filename="Lease 2024.pdf"; filename*=UTF-8\'\'Lease%202024.pdf',
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(stored)).toBe(true);

    const link = await call<DocumentLink>(
      server.base,
      'GET',
      withQuery(PATHS.documentLink, { id: document.id }),
      { token: tokens.person },
    );
    expect(link.body.data).toEqual({ link: document.link });
    // Asking again for the same file gives the same document.
    expect((await create(fileId)).body.data.id).toBe(document.id);
  });

  it.each<[string, () => Promise<Buffer> | Buffer, MessageKey]>([
    ['an encrypted PDF', async () => encrypted(await pdfOf(1)), 'pdfEncrypted'],
    [
      'a PDF header with garbage after it',
      () =>
        Buffer.concat([
          Buffer.from('%PDF-1.7\n'),
          Buffer.from(Array.from({ length: 5000 }, (_, index) => (index * 7919) % 256)),
        ]),
      'pdfUnreadable',
    ],
    ['a PDF cut in half', async () => (await pdfOf(2)).subarray(0, 600), 'pdfUnreadable'],
    ['a PDF without pages', pagelessPdf, 'pdfNoPages'],
  ])('refuses %s in the request’s language, storing nothing', async (_name, make, key) => {
    const fileId = await upload(await make(), 'contract.pdf');
    const before = await count('documents');
    const english = await create(fileId);
    expect(english.status).toBe(400);
    expect(english.body.msg).toBe(MESSAGES[key].en);
    const chinese = await create(fileId, tokens.person, 'zh');
    expect(chinese.body.msg).toBe(MESSAGES[key].zh);
    expect(await count('documents')).toBe(before);
  });

  it('converts a DOCX with LibreOffice: converting, then ready with a PDF that holds its text', async () => {
    const dirsBefore = conversionDirs();
    const fileId = await upload(wordDocument(['Lease', SENTENCE]), 'Lease 2024.docx');
    const created = await create(fileId);
    expect(created.status).toBe(200);
    const document = created.body.data;
    expect(document).toMatchObject({
      name: 'Lease 2024.docx',
      status: 'converting',
      pageCount: null,
      link: null,
      error: null,
    });
    expect(document.conversion).toMatchObject({
      state: expect.stringMatching(/^(queued|running)$/),
      attempt: 1,
      maxAttempts: 2,
    });
    expect(document.conversion!.queuePosition).toBeGreaterThanOrEqual(0);
    expect(document.conversion!.elapsedSeconds).toBeGreaterThanOrEqual(0);
    // Not yet a PDF to draw.
    const early = await pdf(document.id);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { msg: string }).msg).toBe(MESSAGES.documentNotReady.en);

    const ready = await settled(document.id);
    expect(ready).toMatchObject({ status: 'ready', pageCount: 1, error: null, conversion: null });
    const response = await pdf(document.id);
    expect(response.headers.get('content-disposition')).toContain('filename="Lease 2024.pdf"');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(sha256(bytes)).toBe(ready.sha256);
    expect(bytes.length).toBe(ready.size);
    expect(sha256(await storedPdf(document.id))).toBe(ready.sha256);
    expect(pdfText(bytes).replace(/\s+/g, ' ')).toContain(SENTENCE);
    expect(conversionDirs()).toEqual(dirsBefore);
  }, 120_000);

  it('leaves a DOCX LibreOffice cannot open failed, with the reason in English and Chinese', async () => {
    const [pdfsBefore, dirsBefore] = [storedPdfs(), conversionDirs()];
    const fileId = await upload(corruptWordDocument(), 'broken.docx');
    const { body } = await create(fileId);
    expect(body.data.status).toBe('converting');
    const failed = await settled(body.data.id);
    expect(failed).toMatchObject({
      status: 'failed',
      error: MESSAGES.conversionFailed.en,
      pageCount: null,
      sha256: null,
      link: null,
    });
    expect((await status(body.data.id, tokens.person, 'zh')).body.data.error).toBe(
      MESSAGES.conversionFailed.zh,
    );
    expect(storedPdfs()).toEqual(pdfsBefore);
    expect(conversionDirs()).toEqual(dirsBefore);
    const [job] = await server.database.query<{ status: string; attempts: number }>(
      'SELECT j.status, j.attempts FROM jobs j JOIN documents d ON d.job_id = j.id WHERE d.id = $1',
      [body.data.id],
    );
    // Trying again cannot mend the file: one attempt.
    expect(job).toEqual({ status: 'failed', attempts: 1 });
    // The server is still up.
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
  }, 120_000);

  it.each(['parts', 'ratio'] as const)(
    'refuses a DOCX bomb (%s) before converting: no document, no job, no PDF',
    async (kind) => {
      const bomb = wordBomb(kind);
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const fileId = await upload(bomb, 'bomb.docx');
      const [documents, jobs, pdfs] = [await count('documents'), await count('jobs'), storedPdfs()];
      const english = await create(fileId);
      expect(english.status).toBe(400);
      expect(english.body.msg).toBe(MESSAGES.wordTooLarge.en);
      expect((await create(fileId, tokens.person, 'zh')).body.msg).toBe(MESSAGES.wordTooLarge.zh);
      expect([await count('documents'), await count('jobs'), storedPdfs()]).toEqual([
        documents,
        jobs,
        pdfs,
      ]);
    },
  );

  it('refuses a DOCX that is no readable ZIP', async () => {
    // Its parts, without the central directory's end.
    const whole = wordDocument([SENTENCE]);
    const truncated = whole.subarray(0, whole.length - 30);
    const fileId = await upload(truncated, 'truncated.docx');
    const { status: code, body } = await create(fileId);
    expect(code).toBe(400);
    expect(body.msg).toBe(MESSAGES.wordUnreadable.en);
  });

  it('says so on the document when the server has no LibreOffice', async () => {
    const previous = process.env.SOFFICE_PATH;
    process.env.SOFFICE_PATH = path.join(tmpdir(), 'no-libreoffice-here', 'soffice');
    try {
      const [pdfsBefore, dirsBefore] = [storedPdfs(), conversionDirs()];
      const fileId = await upload(wordDocument([SENTENCE]), 'lease.docx');
      const { body } = await create(fileId);
      const failed = await settled(body.data.id);
      expect(failed).toMatchObject({
        status: 'failed',
        error: 'The server cannot convert DOC/DOCX: LibreOffice is not installed',
      });
      expect((await status(body.data.id, tokens.person, 'zh')).body.data.error).toBe(
        '服务器无法转换 DOC/DOCX 文件：未安装 LibreOffice',
      );
      expect(storedPdfs()).toEqual(pdfsBefore);
      expect(conversionDirs()).toEqual(dirsBefore);
    } finally {
      if (previous === undefined) delete process.env.SOFFICE_PATH;
      else process.env.SOFFICE_PATH = previous;
    }
  });

  it('shows a document to its own console only; anything else is 404', async () => {
    const personal = (await create(await upload(await pdfOf(1), 'personal.pdf'))).body.data;
    const companyFile = await upload(await pdfOf(1), 'company.pdf', tokens.company);
    const company = (await create(companyFile, tokens.company)).body.data;
    expect(company.status).toBe('ready');

    const visible = async (id: string, token: string) => {
      const answers = await Promise.all([
        status(id, token).then((answer) => answer.status),
        pdf(id, token).then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        }),
        call(server.base, 'GET', withQuery(PATHS.documentLink, { id }), { token }).then(
          (answer) => answer.status,
        ),
      ]);
      expect(new Set(answers).size, `${answers}`).toBe(1);
      return answers[0];
    };
    // The person's personal document: the person alone.
    expect(await visible(personal.id, tokens.person)).toBe(200);
    for (const token of [tokens.elsewhere, tokens.company, tokens.admin, tokens.outsider]) {
      expect(await visible(personal.id, token)).toBe(404);
    }
    // The company's document: every member in the company's console; not the administrator's
    // personal console, another company, or another tenant.
    expect(await visible(company.id, tokens.company)).toBe(200);
    expect(await visible(company.id, tokens.staff)).toBe(200);
    for (const token of [tokens.admin, tokens.outsider, tokens.person, tokens.elsewhere]) {
      expect(await visible(company.id, token)).toBe(404);
    }

    // Another's upload, or one's own from another console, makes no document.
    for (const [fileId, token] of [
      [companyFile, tokens.staff],
      [companyFile, tokens.admin],
      [companyFile, tokens.elsewhere],
      [companyFile, tokens.outsider],
    ] as const) {
      const answer = await create(fileId, token);
      expect(answer.status).toBe(404);
      expect(answer.body.msg).toBe(MESSAGES.notFound.en);
    }
  });

  it('answers 400 for an id that is no UUID and 404 for an unknown one', async () => {
    expect((await status('42')).status).toBe(400);
    expect((await create('../../etc/passwd')).status).toBe(400);
    expect((await status('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await create('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
