import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, degrees } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PDF_BYTES, PdfError, type PdfErrorCode } from './errors';
import { createProjectFromPdf, loadPdf, type PdfSource } from './load';
import { pdfWorkerMode } from './worker';

const A4: [number, number] = [595.28, 841.89];
const LETTER: [number, number] = [612, 792];

/** A4, Letter, A4 landscape, a /Rotate 90 page and a page whose CropBox is smaller than its MediaBox. */
async function mixedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage(A4);
  doc.addPage(LETTER);
  doc.addPage([A4[1], A4[0]]);
  doc.addPage([600, 800]).setRotation(degrees(90));
  const cropped = doc.addPage([600, 800]);
  cropped.setCropBox(50, 60, 300, 400);
  const both = doc.addPage([600, 800]);
  both.setCropBox(100, 100, 200, 500);
  both.setRotation(degrees(270));
  return doc.save();
}

/** The displayed sizes of `mixedPdf`'s pages: rotation and CropBox applied. */
const MIXED_SIZES = [
  { width: A4[0], height: A4[1] },
  { width: LETTER[0], height: LETTER[1] },
  { width: A4[1], height: A4[0] },
  { width: 800, height: 600 },
  { width: 300, height: 400 },
  { width: 500, height: 200 },
];

async function onePagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage(A4).drawText('Contract', { x: 72, y: 720, size: 24 });
  return doc.save();
}

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

let scratch: string;
let server: Server;
let base: string;
const routes = new Map<string, (response: ServerResponse) => void>();

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'esign-pdf-in-'));
  server = createServer((request, response) => {
    const route = routes.get(request.url ?? '');
    if (route) route(response);
    else response.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await new Promise((resolve) => server.close(resolve));
});

/** qpdf (a test tool, see scripts/ensure-test-tools.sh) encrypts a copy of `bytes`. */
function encrypted(bytes: Uint8Array, userPassword: string): Uint8Array {
  const input = path.join(scratch, 'plain.pdf');
  const output = path.join(scratch, `encrypted-${userPassword || 'owner-only'}.pdf`);
  writeFileSync(input, bytes);
  execFileSync('qpdf', ['--encrypt', userPassword, 'owner-secret', '256', '--', input, output]);
  return new Uint8Array(readFileSync(output));
}

/** Byte-wise equality without the matcher's per-element walk (one input is 100 MB). */
function sameBytes(a: PdfSource, b: Uint8Array): boolean {
  return Buffer.from(a as Uint8Array).equals(Buffer.from(b));
}

async function failure(source: PdfSource): Promise<PdfError> {
  const error = await loadPdf(source).then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error, 'loadPdf should have refused the input').toBeInstanceOf(PdfError);
  return error as PdfError;
}

describe('loadPdf', () => {
  it('gives every page its displayed size in points, honouring /Rotate and the CropBox', async () => {
    const pdf = await loadPdf(await mixedPdf());
    try {
      expect(pdf.pageCount).toBe(6);
      expect(pdf.pages).toEqual(MIXED_SIZES);
      expect(pdf.document.numPages).toBe(6);
      expect(pdfWorkerMode()).toBe('node');
    } finally {
      await pdf.destroy();
    }
  });

  it('never changes or detaches the caller’s bytes (Uint8Array, Buffer, ArrayBuffer)', async () => {
    const bytes = await onePagePdf();
    const before = bytes.slice();
    const buffer = before.slice().buffer;
    const nodeBuffer = Buffer.from(before);
    for (const source of [bytes, buffer, nodeBuffer]) await (await loadPdf(source)).destroy();
    expect(bytes).toEqual(before);
    expect(buffer.byteLength).toBe(before.byteLength);
    expect(new Uint8Array(buffer)).toEqual(before);
    expect(new Uint8Array(nodeBuffer)).toEqual(before);
  });

  it('reads a PDF from a URL, reporting the download', async () => {
    const bytes = await onePagePdf();
    routes.set('/contract.pdf', (response) =>
      response
        .writeHead(200, { 'content-type': 'application/pdf', 'content-length': bytes.length })
        .end(bytes),
    );
    const progress: { loaded: number; total: number | undefined }[] = [];
    const pdf = await loadPdf(`${base}/contract.pdf`, { onProgress: (p) => progress.push(p) });
    expect(pdf.pages).toEqual([{ width: A4[0], height: A4[1] }]);
    await pdf.destroy();
    expect(progress.at(-1)).toEqual({ loaded: bytes.length, total: bytes.length });
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(loadPdf(await onePagePdf(), { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  describe('refuses bad input with a typed, bilingual error', () => {
    const cases: [string, PdfErrorCode, () => Promise<PdfSource>][] = [
      [
        'a password-protected PDF',
        'encrypted',
        async () => encrypted(await onePagePdf(), 'user-secret'),
      ],
      [
        'an encrypted PDF that opens without a password',
        'encrypted',
        async () => encrypted(await onePagePdf(), ''),
      ],
      ['a truncated PDF', 'corrupt', async () => (await onePagePdf()).slice(0, 300)],
      [
        'a PDF cut just before its end',
        'corrupt',
        async () => {
          const b = await onePagePdf();
          return b.slice(0, b.length - 40);
        },
      ],
      [
        'garbage after a PDF header',
        'corrupt',
        async () => new TextEncoder().encode('%PDF-1.7\nnot really a pdf\n%%EOF'),
      ],
      ['a PNG named .pdf', 'not-pdf', async () => PNG],
      ['an empty file', 'not-pdf', async () => new Uint8Array(0)],
      [
        'a PDF without pages',
        'no-pages',
        async () => (await PDFDocument.create()).save({ addDefaultPage: false }),
      ],
      ['a file over 100 MB', 'too-large', async () => new Uint8Array(MAX_PDF_BYTES + 1)],
      ['a link that answers 404', 'fetch-failed', async () => `${base}/missing.pdf`],
      ['a link nobody answers', 'fetch-failed', async () => 'http://127.0.0.1:9/contract.pdf'],
      [
        'a link to more than 100 MB',
        'too-large',
        async () => {
          routes.set('/huge.pdf', (response) => {
            response.writeHead(200, { 'content-length': MAX_PDF_BYTES + 1 });
            response.end();
          });
          return `${base}/huge.pdf`;
        },
      ],
    ];
    it.each(cases)('%s → %s', async (_, code, make) => {
      const source = await make();
      const copy =
        typeof source === 'string' ? source : new Uint8Array(source as Uint8Array).slice();
      const error = await failure(source);
      expect(error.code).toBe(code);
      expect(error.messages.en.length).toBeGreaterThan(0);
      expect(error.localizedMessage('zh')).toMatch(/[\u4e00-\u9fff]/);
      if (typeof source !== 'string') expect(sameBytes(source, copy as Uint8Array)).toBe(true);
    });
  });
});

describe('createProjectFromPdf', () => {
  it('makes one page per PDF page, of its displayed size, marked as made from a document', async () => {
    const project = await createProjectFromPdf(await mixedPdf());
    expect(project.hasSource).toBe(true);
    expect(project.pdfUrl).toBe('');
    expect(project.pages.map((page) => page.config)).toEqual(MIXED_SIZES);
    expect(project.pages.every((page) => page.elements.length === 0)).toBe(true);
    expect(new Set(project.pages.map((page) => page.uuid)).size).toBe(6);
    expect([project.width, project.height]).toEqual(A4);
  });

  it('keeps the link of a PDF opened from a URL', async () => {
    const bytes = await onePagePdf();
    routes.set('/lease.pdf', (response) => response.writeHead(200).end(bytes));
    const project = await createProjectFromPdf(`${base}/lease.pdf`);
    expect(project.pdfUrl).toBe(`${base}/lease.pdf`);
    expect(project.pages).toHaveLength(1);
  });

  it('refuses bad input like loadPdf', async () => {
    await expect(createProjectFromPdf(PNG)).rejects.toMatchObject({ code: 'not-pdf' });
  });
});
