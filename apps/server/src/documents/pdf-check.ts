import { REMOVED_CONTENT_KINDS, type RemovedContent } from '@esign/platform';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { EncryptedPDFError, PDFBool, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { removeActiveContent } from './active-content';
import { DocumentProblem } from './problems';

/** Objects parsed between two turns of the event loop, so that a large PDF does not stall requests. */
const OBJECTS_PER_TICK = 1000;

/**
 * pdf-lib refuses an encrypted PDF with `EncryptedPDFError`, which its ES5 build makes a plain
 * `Error` to `instanceof`: its message says it.
 */
function isEncryptedError(error: unknown): boolean {
  return (
    error instanceof EncryptedPDFError ||
    (error instanceof Error && /document to `PDFDocument.load` is encrypted/.test(error.message))
  );
}

/** A contract document's PDF as it is stored: clean, and what was taken out to make it so. */
export interface CleanPdf {
  /** The rewritten PDF. */
  pdf: Uint8Array;
  pageCount: number;
  /** What was removed, in `REMOVED_CONTENT_KINDS`'s order; empty when nothing was. */
  removedContent: RemovedContent[];
}

const HEADER = Buffer.from('%PDF-', 'latin1');
const END = Buffer.from('%%EOF', 'latin1');
/** What may follow the last %%EOF without being content: line ends, spaces, NUL padding. */
const PADDING = /^[\s\0]*$/;

/**
 * Where the PDF's own bytes are: from its `%PDF-` header to the end of its last `%%EOF` line.
 * Anything before or after (a ZIP, an HTML page) is outside it.
 */
function pdfBounds(bytes: Buffer): { start: number; end: number; outside: boolean } {
  const start = Math.max(0, bytes.indexOf(HEADER));
  const eof = bytes.lastIndexOf(END);
  const end = eof >= start ? eof + END.length : bytes.length;
  const tail = bytes.subarray(end).toString('latin1');
  return { start, end, outside: start > 0 || !PADDING.test(tail) };
}

let pdfJs: Promise<typeof PdfJs> | undefined;

/** pdf.js's legacy build, which parses on the calling thread in Node; loaded on first use. */
function loadPdfJs() {
  pdfJs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfJs;
}

/** Adobe's words on a dynamic XFA form's placeholder page, shown by readers without XFA. */
const XFA_PLACEHOLDER = /If this message is not eventually replaced by the proper contents/i;

/**
 * Opens `bytes` with pdf.js, as the editor and most browsers do, and loads every page. Gives the
 * page count and whether the first page is a dynamic XFA form's placeholder. Throws
 * `DocumentProblem` when pdf.js cannot.
 */
async function readWithPdfJs(
  bytes: Uint8Array,
  { placeholder = false } = {},
): Promise<{ pageCount: number; xfaPlaceholder: boolean }> {
  const { getDocument, VerbosityLevel } = await loadPdfJs();
  const task = getDocument({
    // pdf.js takes the buffer over: give it a copy.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    const document = await task.promise;
    let xfaPlaceholder = false;
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      if (placeholder && number === 1) {
        const text = await page.getTextContent();
        xfaPlaceholder = XFA_PLACEHOLDER.test(
          text.items.map((item) => ('str' in item ? item.str : '')).join(' '),
        );
      }
    }
    return { pageCount: document.numPages, xfaPlaceholder };
  } catch (error) {
    throw new DocumentProblem(
      error instanceof Error && error.name === 'PasswordException'
        ? 'pdfEncrypted'
        : 'pdfUnreadable',
      error instanceof Error ? `pdf.js: ${error.message}` : undefined,
    );
  } finally {
    await task.destroy();
  }
}

/**
 * A dynamic XFA form: its pages are drawn by the form at opening (/NeedsRendering), those in the
 * PDF are a placeholder. Without the XFA they would show the placeholder.
 */
function isDynamicXfa(document: PDFDocument, xfaPlaceholder: boolean): boolean {
  const form = document.catalog.lookup(PDFName.of('AcroForm'));
  if (!(form instanceof PDFDict) || !form.has(PDFName.of('XFA'))) return false;
  return document.catalog.lookup(PDFName.of('NeedsRendering')) === PDFBool.True || xfaPlaceholder;
}

/**
 * The PDF a contract document is drawn, filled and signed on, made of an uploaded (or converted)
 * PDF that both pdf-lib (which later writes the contract's fields and seals into it) and pdf.js
 * (which shows it to the parties) read whole, every page with a size. It is rewritten without
 * active or hidden content (see `REMOVED_CONTENT_KINDS`) and without bytes outside the PDF, so
 * that what a party signs shows what they saw and does nothing else. Throws `DocumentProblem` for
 * an encrypted PDF, one a reader cannot read, one without pages, and a dynamic XFA form (whose
 * pages only its scripts draw).
 */
export async function cleanPdf(uploaded: Uint8Array): Promise<CleanPdf> {
  const bytes = Buffer.from(uploaded.buffer, uploaded.byteOffset, uploaded.byteLength);
  const { start, end, outside } = pdfBounds(bytes);
  let document: PDFDocument;
  try {
    // pdf-lib reads every object in the file, the xref aside: only those readers would see.
    document = await PDFDocument.load(bytes.subarray(start, end), {
      updateMetadata: false,
      parseSpeed: OBJECTS_PER_TICK,
    });
  } catch (error) {
    throw new DocumentProblem(isEncryptedError(error) ? 'pdfEncrypted' : 'pdfUnreadable');
  }
  let pageCount: number;
  try {
    const pages = document.getPages();
    for (const page of pages) {
      const { width, height } = page.getSize();
      if (!(width > 0 && height > 0)) throw new Error('A page without a size');
    }
    pageCount = pages.length;
  } catch {
    throw new DocumentProblem('pdfUnreadable');
  }
  if (pageCount === 0) throw new DocumentProblem('pdfNoPages');

  const original = await readWithPdfJs(bytes, { placeholder: true });
  // Two readers seeing different documents: which one would the parties be signing?
  if (original.pageCount !== pageCount)
    throw new DocumentProblem(
      'pdfUnreadable',
      `pdf.js reads ${original.pageCount} pages, pdf-lib ${pageCount}`,
    );
  if (isDynamicXfa(document, original.xfaPlaceholder)) throw new DocumentProblem('pdfXfaOnly');

  const removed = removeActiveContent(document);
  if (outside) removed.add('outsideBytes');
  let pdf: Uint8Array;
  try {
    // Classic cross-reference table: the contract's incremental updates append to it.
    pdf = await document.save({
      useObjectStreams: false,
      addDefaultPage: false,
      updateFieldAppearances: false,
    });
  } catch (error) {
    throw new DocumentProblem('pdfUnreadable', error instanceof Error ? error.message : undefined);
  }
  const rewritten = await readWithPdfJs(pdf);
  if (rewritten.pageCount !== pageCount)
    throw new DocumentProblem('pdfUnreadable', 'the rewritten PDF lost pages');
  return {
    pdf,
    pageCount,
    removedContent: REMOVED_CONTENT_KINDS.filter((kind) => removed.has(kind)),
  };
}
