/**
 * Where pdf.js parses documents. pdf.js is loaded lazily, on the first PDF: an editor without a
 * PDF never downloads it.
 *
 * - Node: pdf.js's legacy build, which parses on the calling thread by itself; nothing to set up.
 * - Browsers: a module worker on pdfjs-dist's own worker file, whose address is the one expression
 *   `new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url)`, kept verbatim in the built
 *   library for the host's bundler to resolve (Vite copies the file into the build and puts its
 *   address there; so do other bundlers that handle `new URL(…, import.meta.url)` assets). It is
 *   deliberately not written inside `new Worker(…)`, where bundlers would bundle a worker entry
 *   of their own beside the fallback's copy. When the worker cannot start (a CSP without
 *   `worker-src`, a browser without module workers, an address the bundler left as it is), pdf.js
 *   runs on the main thread instead, from the same worker module: slower on big documents, never
 *   broken. A Vite production build has resolved the address, so the fallback imports that same
 *   file and the build holds the worker once; everywhere else (Vite's dev server, which leaves the
 *   address of a pre-bundled package unresolved, and bundlers that do not resolve it) the fallback
 *   is a plain dynamic import of the module, which every bundler understands.
 * - The host may instead name the worker file or hand over a worker (`configurePdfJs`).
 *
 * See CONTEXT.md for why.
 */
import type * as PdfJsModule from 'pdfjs-dist';
import type { PDFWorker } from 'pdfjs-dist';

/** The pdf.js module (its modern build in browsers, its legacy build in Node). */
export type PdfJs = typeof PdfJsModule;

/**
 * What a host may tell pdf.js; everything is optional. `workerSrc` and `workerPort` place its
 * worker (give at most one); the two asset folders let it draw PDFs that rely on fonts they do
 * not embed (copy them from pdfjs-dist, same version, and serve them).
 */
export interface PdfJsOptions {
  /**
   * URL of pdf.js's worker module, `pdfjs-dist/build/pdf.worker.min.mjs` of the same version
   * as the library's pdfjs-dist, served by the host.
   */
  workerSrc?: string | URL;
  /** A worker the host started on that module; it is shared by every document. */
  workerPort?: Worker;
  /**
   * Folder of `pdfjs-dist/cmaps/` (ending in `/`): needed for CJK text in fonts the PDF does not
   * embed (common in Chinese contracts from older software); without it that text is not drawn.
   */
  cMapUrl?: string;
  /** Folder of `pdfjs-dist/standard_fonts/` (ending in `/`): the 14 standard fonts, exactly. */
  standardFontDataUrl?: string;
}

/** Where pdf.js runs: a web worker, the browser's main thread (fallback), or Node. */
export type PdfWorkerMode = 'worker' | 'main-thread' | 'node';

/** How long a worker may take to start before pdf.js falls back to the main thread. */
const WORKER_START_TIMEOUT_MS = 15_000;
/** Kept in a variable so that bundlers leave Node's build out of browser bundles. */
const NODE_BUILD = 'pdfjs-dist/legacy/build/pdf.mjs';

let options: PdfJsOptions = {};
let pdfJs: Promise<PdfJs> | null = null;
let worker: Promise<PDFWorker | null> | null = null;
let mode: PdfWorkerMode | null = null;

/**
 * Configures pdf.js for documents opened from now on. Needed only when the defaults (see the
 * README) do not suit the host: a bundler that does not resolve
 * `new URL('pdfjs-dist/…', import.meta.url)`, or PDFs with fonts they do not embed.
 */
export function configurePdfJs(next: PdfJsOptions): void {
  options = { ...next };
  worker = null;
  mode = null;
}

/** The asset folders given to `configurePdfJs`, for `getDocument`. */
export function pdfJsAssets(): {
  cMapUrl?: string;
  cMapPacked?: boolean;
  standardFontDataUrl?: string;
} {
  return {
    ...(options.cMapUrl ? { cMapUrl: options.cMapUrl, cMapPacked: true } : {}),
    ...(options.standardFontDataUrl ? { standardFontDataUrl: options.standardFontDataUrl } : {}),
  };
}

/**
 * Loads pdf.js and starts its worker ahead of the first document, for example when the author
 * opens the upload dialog: the editor then shows the PDF's first page sooner. Optional; safe to
 * call more than once.
 */
export async function preloadPdfEngine(): Promise<void> {
  await Promise.all([importPdfJs(), pdfWorker()]);
}

/** Where pdf.js has run so far, or null before the first document. */
export function pdfWorkerMode(): PdfWorkerMode | null {
  return mode;
}

function isNode(): boolean {
  return (
    typeof window === 'undefined' &&
    typeof globalThis.process !== 'undefined' &&
    typeof globalThis.process.versions?.node === 'string'
  );
}

/** pdf.js, imported on first use. */
export function importPdfJs(): Promise<PdfJs> {
  pdfJs ??= (
    isNode()
      ? (import(/* @vite-ignore */ /* webpackIgnore: true */ NODE_BUILD) as Promise<PdfJs>)
      : import('pdfjs-dist')
  ).catch((error: unknown) => {
    pdfJs = null;
    throw error;
  });
  return pdfJs;
}

/**
 * The worker every document shares, started on first use while pdf.js itself loads; null when
 * pdf.js sets up its own (Node, or the main-thread fallback).
 */
export function pdfWorker(): Promise<PDFWorker | null> {
  worker ??= startWorker().catch((error: unknown) => {
    worker = null;
    throw error;
  });
  return worker;
}

async function startWorker(): Promise<PDFWorker | null> {
  if (isNode()) {
    mode = 'node';
    return null;
  }
  const { workerPort, workerSrc } = options;
  // One expression names the worker file for both the worker and the fallback below: a bundler
  // sees a single asset, not a worker entry plus a dynamic import (two copies of ~1.1 MB).
  const own = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url);
  const port = workerPort
    ? Promise.resolve(workerPort)
    : started(() => (workerSrc ? moduleWorker(workerSrc) : new Worker(own, { type: 'module' })));
  const pdfjs = await importPdfJs();
  const ready = await port;
  if (ready) {
    mode = 'worker';
    return pdfjs.PDFWorker.create({ port: ready });
  }
  // pdf.js looks for `globalThis.pdfjsWorker`, which the worker module sets, and then parses on
  // the main thread.
  // Only a Vite production build sets `import.meta.env.PROD` to true: Vite replaces
  // `import.meta.env` with constants, this test folds and the branch not taken is dropped. Vite
  // has then resolved `own` to the file it copied into the build: import that very file, and the
  // static import below, with its second copy of the worker, leaves the build. (Kept inline: a
  // bundler folds the test here, not through a function.)
  if ((import.meta as ImportMeta & { env?: { PROD?: boolean } }).env?.PROD === true) {
    await import(/* @vite-ignore */ /* webpackIgnore: true */ own.href);
  } else {
    await import('pdfjs-dist/build/pdf.worker.min.mjs');
  }
  mode = 'main-thread';
  return null;
}

/** A module worker; one on another origin is started through a same-origin blob that imports it. */
function moduleWorker(src: string | URL): Worker {
  const url = new URL(src, globalThis.location?.href);
  if (globalThis.location && url.origin !== globalThis.location.origin) {
    const wrapper = new Blob([`await import(${JSON.stringify(url.href)});`], {
      type: 'text/javascript',
    });
    return new Worker(URL.createObjectURL(wrapper), { type: 'module' });
  }
  return new Worker(url, { type: 'module' });
}

/**
 * Starts a worker and waits for pdf.js's first message from it ("ready"); null when it cannot be
 * created, fails to load, or stays silent.
 */
function started(create: () => Worker): Promise<Worker | null> {
  let candidate: Worker;
  try {
    candidate = create();
  } catch {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      candidate.removeEventListener('message', onMessage);
      candidate.removeEventListener('error', onError);
      if (!ok) candidate.terminate();
      resolve(ok ? candidate : null);
    };
    const onMessage = () => finish(true);
    const onError = (event: Event) => {
      event.preventDefault();
      finish(false);
    };
    const timer = setTimeout(() => finish(false), WORKER_START_TIMEOUT_MS);
    candidate.addEventListener('message', onMessage);
    candidate.addEventListener('error', onError);
  });
}
