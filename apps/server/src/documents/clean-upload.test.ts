/**
 * What a party signs is a clean document: an uploaded PDF is stored rewritten without scripts,
 * launches, form submissions, links to files, embedded files, media, XFA and bytes outside the
 * PDF, each checked on the stored file (and, for a script and an appended ZIP, on the contract
 * both parties signed) with tools other than the server's own: qpdf, pdfdetach, pdfinfo, pdfsig.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  MESSAGES,
  PATHS,
  type ContractDocument,
  type ContractPdfLink,
  type MessageKey,
  type RemovedContent,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginInto } from '../test-support/companies';
import { verifyContractPdf } from '../signing';
import {
  HOSTILE_PDFS,
  PROBE_SCRIPT,
  contractPdf,
  dynamicXfaPdf,
  htmlWithPdfHeader,
  inspectPdf,
  pagePictures,
  type HostileKind,
  type PdfInspection,
} from '../test-support/hostile-pdfs';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';
import {
  ADMIN_PHONE,
  PERSON_PHONE,
  signAs,
  signingCast,
  sendForSigning,
  type SigningCast,
} from '../test-support/signing';
import { uploadFile } from '../test-support/uploads';
import { wordDocument, zipArchive } from '../test-support/word-files';

/** What the server must say it removed from each hostile PDF, and what qpdf finds in it before. */
const CASES: [HostileKind, RemovedContent[], Partial<PdfInspection>][] = [
  ['openActionScript', ['javascript'], { activeNames: ['JS', 'JavaScript', 'OpenAction'] }],
  ['pageAndCatalogScripts', ['javascript'], { activeNames: ['JS', 'JavaScript', 'AA'] }],
  ['namedScript', ['javascript'], { activeNames: ['JS', 'JavaScript'] }],
  ['linkScript', ['javascript'], { activeNames: ['JS', 'JavaScript'] }],
  ['linkScriptAddress', ['javascript'], { fileAddresses: ['javascript:app.alert(1)'] }],
  ['launch', ['launch'], { activeNames: ['Launch'] }],
  [
    'formActions',
    ['javascript', 'submitForm'],
    { activeNames: ['JS', 'JavaScript', 'AA', 'SubmitForm'] },
  ],
  ['importData', ['importData'], { activeNames: ['ImportData'] }],
  ['goToR', ['fileLinks'], { activeNames: ['GoToR'] }],
  ['fileAddress', ['fileLinks'], { fileAddresses: ['file:///etc/passwd'] }],
  [
    'attachment',
    ['embeddedFiles'],
    { activeNames: ['EmbeddedFiles', 'EmbeddedFile', 'EF', 'AF'], embeddedFiles: 1 },
  ],
  [
    'fileAttachmentAnnotation',
    ['embeddedFiles'],
    { activeNames: ['EmbeddedFile', 'EF', 'FileAttachment'], embeddedFiles: 1 },
  ],
  [
    'richMedia',
    ['media'],
    { activeNames: ['EmbeddedFile', 'EF', 'RichMedia', 'RichMediaContent'] },
  ],
  ['xfa', ['xfa'], { activeNames: ['XFA'] }],
  ['zipAppended', ['outsideBytes'], {}],
  ['prefixed', ['outsideBytes'], {}],
];

/** What an independent reader finds in a clean PDF of one page. */
const CLEAN: PdfInspection = {
  activeNames: [],
  fileAddresses: [],
  embeddedFiles: 0,
  bytesBefore: 0,
  bytesAfter: 0,
  pages: 1,
};

describe.each(BACKENDS)('uploaded contract documents made clean on $name', (backend) => {
  const server = useTestServer(backend);
  let person = '';
  let cast: SigningCast;

  beforeAll(async () => {
    person = (await login(server.base, PERSON_PHONE)).access_token;
    cast = await signingCast(server);
  });

  const create = async (bytes: Uint8Array, token = person, lang = 'en', name = 'contract.pdf') => {
    const uploaded = await uploadFile(server.base, token, bytes, name);
    expect(uploaded.status, uploaded.body.msg).toBe(200);
    return call<ContractDocument>(server.base, 'POST', PATHS.documentCreate, {
      token,
      body: { fileId: uploaded.body.data.id },
      headers: { Lang: lang },
    });
  };
  /** The document's PDF as stored, and as document/pdf serves it (the same bytes). */
  const stored = async (document: ContractDocument, token = person) => {
    const [row] = await server.database.query<{ pdf_storage_key: string }>(
      'SELECT pdf_storage_key FROM documents WHERE id = $1',
      [document.id],
    );
    const bytes = readFileSync(path.join(server.files, row!.pdf_storage_key));
    const served = await fetch(`${server.base}${document.link}`, {
      headers: { 'Blade-Auth': `bearer ${token}` },
    });
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    return bytes;
  };

  it.each(CASES)(
    'stores %s without it, saying what was removed',
    async (kind, removed, before) => {
      const hostile = await HOSTILE_PDFS[kind]();
      // The file carries what the test says: a check that could not fail would prove nothing.
      const found = await inspectPdf(hostile);
      expect(found).toMatchObject(before);
      if (kind === 'zipAppended') expect(found.bytesAfter).toBeGreaterThan(100);
      if (kind === 'prefixed') expect(found.bytesBefore).toBeGreaterThan(10);

      const { status, body } = await create(hostile);
      expect(status, body.msg).toBe(200);
      expect(body.data).toMatchObject({ status: 'ready', pageCount: 1, removedContent: removed });
      const pdf = await stored(body.data);
      expect(await inspectPdf(pdf)).toEqual(CLEAN);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // Still the same page: its text, its picture, its web link (an attachment's paper clip is
      // the attachment, gone with it).
      const looks =
        kind === 'fileAttachmentAnnotation'
          ? Buffer.from(await (await contractPdf()).document.save())
          : hostile;
      expect(await pagePictures(pdf)).toEqual(await pagePictures(looks));
      expect(pdf.toString('latin1')).toContain('https://example.com/terms');
      // Asked again, the document remembers.
      const again = await call<ContractDocument>(
        server.base,
        'GET',
        `${PATHS.documentStatus}?id=${body.data.id}`,
        { token: person },
      );
      expect(again.body.data.removedContent).toEqual(removed);
    },
    30_000,
  );

  it('passes a clean PDF through unchanged in what it shows, with nothing said removed', async () => {
    const { document } = await contractPdf();
    // Object streams, as many writers use them: read and written out again.
    const original = Buffer.from(await document.save({ useObjectStreams: true }));
    const { body } = await create(original);
    expect(body.data.removedContent).toEqual([]);
    const pdf = await stored(body.data);
    expect(await inspectPdf(pdf)).toEqual(CLEAN);
    const [before, after] = [await pagePictures(original, 144), await pagePictures(pdf, 144)];
    expect(after).toHaveLength(1);
    expect(after).toEqual(before);
  });

  it('cleans the PDF a DOC or DOCX converts to as it cleans an uploaded one', async () => {
    // LibreOffice's stand-in writes a PDF with a script on opening and a ZIP after it.
    const dir = mkdtempSync(path.join(tmpdir(), 'esign-soffice-hostile-'));
    const previous = process.env.SOFFICE_PATH;
    try {
      const converted = path.join(dir, 'converted.pdf');
      writeFileSync(
        converted,
        Buffer.concat([
          await HOSTILE_PDFS.openActionScript(),
          zipArchive([{ name: 'index.html', content: '<script>alert(1)</script>' }]),
        ]),
      );
      expect(await inspectPdf(readFileSync(converted))).toMatchObject({
        activeNames: ['JS', 'JavaScript', 'OpenAction'],
      });
      const soffice = path.join(dir, 'soffice');
      writeFileSync(
        soffice,
        `#!/bin/sh\nwhile [ "$1" != --outdir ]; do shift; done; cp "${converted}" "$2/source.pdf"\n`,
      );
      chmodSync(soffice, 0o755);
      process.env.SOFFICE_PATH = soffice;
      const { body } = await create(wordDocument(['Sale of a car']), person, 'en', 'sale.docx');
      expect(body.data.status).toBe('converting');
      let document = body.data;
      for (let wait = 0; document.status === 'converting' && wait < 300; wait++) {
        await sleep(100);
        const answer = await call<ContractDocument>(
          server.base,
          'GET',
          `${PATHS.documentStatus}?id=${document.id}`,
          { token: person },
        );
        document = answer.body.data;
      }
      expect(document).toMatchObject({
        status: 'ready',
        pageCount: 1,
        removedContent: ['javascript', 'outsideBytes'],
      });
      expect(await inspectPdf(await stored(document))).toEqual(CLEAN);
    } finally {
      if (previous === undefined) delete process.env.SOFFICE_PATH;
      else process.env.SOFFICE_PATH = previous;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each<[string, () => Promise<Buffer> | Buffer, MessageKey]>([
    ['an HTML file with a PDF header poppler cannot read', htmlWithPdfHeader, 'pdfUnreadable'],
    ['a dynamic XFA form', () => dynamicXfaPdf(), 'pdfXfaOnly'],
    [
      'an XFA form whose page is its placeholder',
      () => dynamicXfaPdf({ needsRendering: false }),
      'pdfXfaOnly',
    ],
  ])('refuses %s in the request’s language', async (_name, make, key) => {
    const bytes = await make();
    const before = await server.database.query('SELECT id FROM documents');
    const english = await create(bytes);
    expect(english.status).toBe(400);
    expect(english.body.msg).toBe(MESSAGES[key].en);
    expect((await create(bytes, person, 'zh')).body.msg).toBe(MESSAGES[key].zh);
    expect(await server.database.query('SELECT id FROM documents')).toHaveLength(before.length);
  });

  it.each<HostileKind>(['openActionScript', 'zipAppended'])(
    'signs a contract on an upload with %s: both signatures verify and the signed PDF is clean',
    async (kind) => {
      const company = (await loginInto(server.base, ADMIN_PHONE, cast.companyId)).access_token;
      const { body: document } = await create(await HOSTILE_PDFS[kind](), company);
      expect(document.data.status).toBe('ready');
      const { id } = await sendForSigning(server, cast, {
        documentId: document.data.id,
        price: 'RMB 100',
      });
      expect((await signAs(server, cast.person, PERSON_PHONE, id)).status).toBe(200);
      const byA = await signAs(server, cast.admin, ADMIN_PHONE, id);
      expect(byA.body.data.status).toBe('completed');

      const link = await cast.admin.get<ContractPdfLink>('contractDownloadTicket', { id });
      const signed = new Uint8Array(
        await (await fetch(`${server.base}${link.body.data.link}`)).arrayBuffer(),
      );
      expect(await verifyContractPdf(server.database, signed)).toMatchObject([
        { valid: true },
        { valid: true, coversWholeDocument: true },
      ]);
      const found = await inspectPdf(signed);
      expect(found).toMatchObject({ ...CLEAN, activeNames: [] });
      expect(Buffer.from(signed).toString('latin1')).not.toContain(PROBE_SCRIPT);
      expect(Buffer.from(signed).includes(Buffer.from('PK\x03\x04', 'latin1'))).toBe(false);
    },
    60_000,
  );
});
