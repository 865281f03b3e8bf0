/**
 * PDF in: open a contract's PDF with pdf.js, measure its pages, and make a template of it. Every
 * failure is a `PdfError`; pdf.js's own errors never reach the caller.
 */
import type { PDFDocumentLoadingTask, PDFDocumentProxy, PDFPageProxy, PDFWorker } from 'pdfjs-dist';
import {
  LIMITS,
  createPage,
  createProject,
  parseProject,
  type PageConfig,
  type TemplateProject,
} from '../core';
import { MAX_PDF_BYTES, PdfError } from './errors';
import { importPdfJs, pdfJsAssets, pdfWorker, type PdfJs } from './worker';

/** A contract document: a URL (fetched), or the file's bytes (never changed). */
export type PdfSource = string | Uint8Array | ArrayBuffer | Blob;

/** A page's displayed size in points: its CropBox, turned by its /Rotate. */
export interface PdfPageSize {
  /** Displayed width in points. */
  width: number;
  /** Displayed height in points. */
  height: number;
}

/** Options of `loadPdf` and `createProjectFromPdf`. */
export interface LoadPdfOptions {
  /** Stops the download and the parsing; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Download progress in bytes; `total` is unknown when the server does not say. */
  onProgress?: (progress: { loaded: number; total: number | undefined }) => void;
}

/** An open PDF document. Call `destroy()` when done with it. */
export interface LoadedPdf {
  /** How many pages the document has. */
  pageCount: number;
  /** Each page's displayed size, in page order. */
  pages: readonly PdfPageSize[];
  /** pdf.js's document, for rendering pages (see `renderPdfPageImage`). */
  document: PDFDocumentProxy;
  /** Frees the document in pdf.js's worker. */
  destroy(): Promise<void>;
}

/** Each open document's pages, kept from measuring them: rendering one then starts at once. */
const openedPages = new WeakMap<PDFDocumentProxy, PDFPageProxy[]>();

/** Page `index` (0-based) of a document opened by `loadPdf`, without a round trip to pdf.js. */
export function openedPage(pdf: LoadedPdf, index: number): PDFPageProxy | undefined {
  return openedPages.get(pdf.document)?.[index];
}

/** The PDF header may follow some junk, within the first 1024 bytes (as readers accept). */
const HEADER_WINDOW = 1024;
const HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/**
 * Opens a PDF: its page count and each page's displayed size in points (honouring /Rotate and
 * the CropBox), and the document for rendering. Rejects with a `PdfError`: `too-large` (over
 * 100 MB, checked before parsing), `fetch-failed`, `not-pdf`, `encrypted`, `corrupt` or
 * `no-pages`. The caller's bytes are copied, never changed or detached.
 */
export async function loadPdf(source: PdfSource, options: LoadPdfOptions = {}): Promise<LoadedPdf> {
  const { signal } = options;
  signal?.throwIfAborted();
  // pdf.js and its worker load while the document downloads.
  const engine = startEngine();
  engine.catch(() => undefined); // awaited below, unless reading the source fails first
  const bytes = await readSource(source, options);
  if (!hasPdfHeader(bytes)) throw new PdfError('not-pdf');
  signal?.throwIfAborted();
  const { pdfjs, worker } = await engine;

  let task: PDFDocumentLoadingTask;
  try {
    task = pdfjs.getDocument({
      data: bytes,
      worker: worker ?? undefined,
      // Uploaded contracts are untrusted: no code generated from a font program.
      isEvalSupported: false,
      verbosity: pdfjs.VerbosityLevel.ERRORS,
      ...pdfJsAssets(),
    });
  } catch (error) {
    throw toPdfError(error);
  }
  const abort = () => void task.destroy();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    const document = await task.promise;
    // The signing service writes into the document: an encrypted one (even one that opens
    // without a password) cannot be stamped, so it is refused here, where the author sees why.
    // The pages are asked for together with the metadata: one round trip to the worker fewer.
    if (document.numPages < 1) throw new PdfError('no-pages');
    const [metadata, proxies] = await Promise.all([
      document.getMetadata(),
      Promise.all(
        Array.from({ length: document.numPages }, (_, index) => document.getPage(index + 1)),
      ),
    ]);
    if ((metadata.info as { EncryptFilterName?: unknown }).EncryptFilterName) {
      throw new PdfError('encrypted');
    }
    const pages = proxies.map((page) => {
      const viewport = page.getViewport({ scale: 1 });
      if (!(viewport.width > 0 && viewport.height > 0)) throw new PdfError('corrupt');
      return { width: viewport.width, height: viewport.height };
    });
    openedPages.set(document, proxies);
    signal?.throwIfAborted();
    return {
      pageCount: pages.length,
      pages,
      document,
      destroy: () => task.destroy(),
    };
  } catch (error) {
    await task.destroy().catch(() => undefined);
    if (signal?.aborted) throw signal.reason;
    throw toPdfError(error);
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}

/**
 * A template made from a PDF: one blank page per PDF page, of that page's displayed size, with
 * `hasSource` set (and `pdfUrl` when the PDF came from a link). Rejects like `loadPdf`.
 */
export async function createProjectFromPdf(
  source: PdfSource,
  options: LoadPdfOptions = {},
): Promise<TemplateProject> {
  const pdf = await loadPdf(source, options);
  try {
    return projectForPdfPages(pdf.pages, typeof source === 'string' ? source : '');
  } finally {
    await pdf.destroy();
  }
}

/** The template of a PDF whose pages have these sizes (see `createProjectFromPdf`). */
export function projectForPdfPages(
  pages: readonly PageConfig[],
  url: string = '',
): TemplateProject {
  const first = pages[0];
  if (!first) throw new PdfError('no-pages');
  const project = createProject({ width: first.width, height: first.height });
  project.pages = pages.map((size) => createPage(size));
  project.hasSource = true;
  // A data: or blob: URL is the document itself, not a link to keep.
  if (!/^(data|blob):/i.test(url) && url.length <= LIMITS.maxShortText * 4) project.pdfUrl = url;
  return parseProject(project);
}

/** pdf.js and its worker, loading side by side. */
async function startEngine(): Promise<{ pdfjs: PdfJs; worker: PDFWorker | null }> {
  try {
    const [pdfjs, worker] = await Promise.all([importPdfJs(), pdfWorker()]);
    return { pdfjs, worker };
  } catch (error) {
    throw new PdfError('fetch-failed', 'pdf.js', { cause: error });
  }
}

async function readSource(source: PdfSource, options: LoadPdfOptions): Promise<Uint8Array> {
  if (typeof source === 'string') return download(source, options);
  let bytes: Uint8Array;
  if (typeof Blob !== 'undefined' && source instanceof Blob) {
    if (source.size > MAX_PDF_BYTES) throw new PdfError('too-large');
    try {
      bytes = new Uint8Array(await source.arrayBuffer());
    } catch (error) {
      throw new PdfError('fetch-failed', undefined, { cause: error });
    }
  } else {
    const view = byteView(source);
    if (view.byteLength > MAX_PDF_BYTES) throw new PdfError('too-large');
    // pdf.js transfers the buffer it is given to its worker, detaching it: it gets a copy.
    bytes = new Uint8Array(view);
  }
  options.onProgress?.({ loaded: bytes.byteLength, total: bytes.byteLength });
  return bytes;
}

/** The bytes of a typed array or an ArrayBuffer (from any realm), without copying them yet. */
function byteView(source: unknown): Uint8Array {
  try {
    if (ArrayBuffer.isView(source)) {
      return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
    }
    if (Object.prototype.toString.call(source) === '[object ArrayBuffer]') {
      return new Uint8Array(source as ArrayBuffer);
    }
  } catch {
    // A detached buffer: no bytes to read.
  }
  throw new PdfError('not-pdf');
}

async function download(url: string, { signal, onProgress }: LoadPdfOptions): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url, signal ? { signal } : {});
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw new PdfError('fetch-failed', undefined, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new PdfError('fetch-failed', `HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? NaN);
  const total = Number.isFinite(declared) && declared > 0 ? declared : undefined;
  if (total !== undefined && total > MAX_PDF_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw new PdfError('too-large');
  }
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  try {
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        loaded += value.byteLength;
        if (loaded > MAX_PDF_BYTES) {
          await reader.cancel().catch(() => undefined);
          throw new PdfError('too-large');
        }
        chunks.push(value);
        onProgress?.({ loaded, total });
      }
    } else {
      const whole = new Uint8Array(await response.arrayBuffer());
      if (whole.byteLength > MAX_PDF_BYTES) throw new PdfError('too-large');
      chunks.push(whole);
      loaded = whole.byteLength;
      onProgress?.({ loaded, total });
    }
  } catch (error) {
    if (error instanceof PdfError) throw error;
    if (signal?.aborted) throw signal.reason;
    throw new PdfError('fetch-failed', undefined, { cause: error });
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function hasPdfHeader(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.byteLength, HEADER_WINDOW) - HEADER.length;
  for (let start = 0; start <= end; start++) {
    if (HEADER.every((byte, i) => bytes[start + i] === byte)) return true;
  }
  return false;
}

/** pdf.js's exceptions (also when they cross from its worker, as plain objects with a name). */
function toPdfError(error: unknown): PdfError {
  if (error instanceof PdfError) return error;
  const name =
    typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : '';
  if (name === 'PasswordException') return new PdfError('encrypted', undefined, { cause: error });
  return new PdfError('corrupt', undefined, { cause: error });
}
