import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { LoadedPdf } from '../../pdf/load';
import { PageImageCancelled, renderPdfPageImage, type PdfPageImageTask } from '../../pdf/raster';
import { PageImageCache } from './pageImageCache';

/** Bytes of rendered PDF pages kept for all editors of the page (about 60 A4 pages at 150 %). */
export const PDF_PAGE_CACHE_BYTES = 256 * 1024 * 1024;

/** Rendered pages, shared by every editor on the page. */
export const pdfPageImages = new PageImageCache<HTMLCanvasElement>(
  PDF_PAGE_CACHE_BYTES,
  (canvas) => {
    // Browsers hold a canvas's pixels until it is collected; shrinking it frees them now.
    canvas.width = 0;
    canvas.height = 0;
  },
);

/**
 * Pages are drawn one at a time, nearest the author's page first (as pdf.js's own viewer does):
 * the page on screen is not slowed down by the ones just above and below it.
 */
const renderQueue: { priority: () => number; start: (done: () => void) => void }[] = [];
let rendering = false;

function pumpRenders(): void {
  if (rendering || renderQueue.length === 0) return;
  renderQueue.sort((a, b) => a.priority() - b.priority());
  const job = renderQueue.shift()!;
  rendering = true;
  job.start(() => {
    rendering = false;
    pumpRenders();
  });
}

/** Renders under way or waiting, by cache key: a second request for the same image waits for it. */
const inFlight = new Map<string, Promise<void>>();

/** Queues a render whose image goes into the cache; `cancel()` drops it or stops it. */
function renderIntoCache(
  pdf: LoadedPdf,
  pageIndex: number,
  pixelScale: number,
  key: string,
  priority: () => number,
): { promise: Promise<void>; cancel(): void } {
  let task: PdfPageImageTask | null = null;
  let cancelled = false;
  let settle!: { resolve(): void; reject(error: unknown): void };
  const promise = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  const job = {
    priority,
    start(done: () => void) {
      task = renderPdfPageImage(pdf, pageIndex, pixelScale);
      task.promise
        .then((canvas) => {
          pdfPageImages.set(key, canvas, canvas.width * canvas.height * 4);
          settle.resolve();
        }, settle.reject)
        .finally(done);
    },
  };
  inFlight.set(key, promise);
  promise.then(
    () => inFlight.delete(key),
    () => inFlight.delete(key),
  );
  renderQueue.push(job);
  pumpRenders();
  return {
    promise,
    cancel() {
      if (cancelled) return;
      cancelled = true;
      const waiting = renderQueue.indexOf(job);
      if (waiting >= 0) {
        renderQueue.splice(waiting, 1);
        settle.reject(new PageImageCancelled());
      } else {
        task?.cancel();
      }
    },
  };
}

const documentIds = new WeakMap<LoadedPdf, number>();
let nextDocumentId = 1;

function documentKey(pdf: LoadedPdf): string {
  let id = documentIds.get(pdf);
  if (id === undefined) {
    id = nextDocumentId++;
    documentIds.set(pdf, id);
  }
  return `pdf${id}:`;
}

function pixelRatio(): number {
  return typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
}

/** Device pixels per point for a zoom, on whole hundredths so that the cache keys repeat. */
function pixelScaleAt(scale: number): number {
  return Math.round(scale * pixelRatio() * 100) / 100;
}

/** Frees the rendered pages of a document that is closed. */
export function forgetPdfPageImages(pdf: LoadedPdf): void {
  pdfPageImages.dropAll(documentKey(pdf));
}

/** The prefetch under way for each document page (see `prefetchPdfPageImage`). */
const prefetches = new Map<string, { cancel(): void }>();

/**
 * Starts drawing a page the editor is about to show, before its canvas mounts (the editor opens
 * on it). Does nothing when it is drawn or being drawn.
 */
export function prefetchPdfPageImage(pdf: LoadedPdf, pageIndex: number, scale: number): void {
  if (pageIndex >= pdf.pageCount) return;
  const pixelScale = pixelScaleAt(scale);
  const page = `${documentKey(pdf)}${pageIndex}:`;
  const key = `${page}${pixelScale}`;
  if (pdfPageImages.peek(key) || inFlight.has(key)) return;
  // An earlier guess at another zoom for this page is no longer wanted.
  prefetches.get(page)?.cancel();
  const render = renderIntoCache(pdf, pageIndex, pixelScale, key, () => -1);
  prefetches.set(page, render);
  const forget = () => {
    if (prefetches.get(page) === render) prefetches.delete(page);
  };
  // A prefetch nobody waits for is not an error.
  render.promise.then(forget, forget);
}

/**
 * `none`: no PDF page behind this page; `rendering`: being drawn (an image at another zoom may be
 * shown meanwhile); `rendered`: sharp at the current zoom; `failed`: pdf.js could not draw it
 * (`retry()` tries again).
 */
export type PdfPageStatus = 'none' | 'rendering' | 'rendered' | 'failed';

/**
 * The PDF page behind template page `pageIndex`, drawn by pdf.js at `scale` × the screen's pixel
 * ratio, from the shared cache when it is there. A render is cancelled when the page unmounts or
 * the zoom changes before it ends. Waiting renders go lowest `priority()` first (a stable
 * function: the page's distance from the author's current page).
 */
export function usePdfPageImage(
  pdf: LoadedPdf | null | undefined,
  pageIndex: number,
  scale: number,
  priority: () => number,
): { image: HTMLCanvasElement | null; status: PdfPageStatus; retry(): void } {
  const source = pdf && pageIndex < pdf.pageCount ? pdf : null;
  const pixelScale = pixelScaleAt(scale);
  const prefix = source ? `${documentKey(source)}${pageIndex}:` : '';
  const key = `${prefix}${pixelScale}`;
  useSyncExternalStore(pdfPageImages.subscribe, pdfPageImages.getVersion, pdfPageImages.getVersion);
  const exact = source ? pdfPageImages.peek(key) : undefined;
  const shown = exact ?? (source ? pdfPageImages.nearest(prefix, pixelScale) : undefined);
  const [failed, setFailed] = useState<string | null>(null);
  // Bumped when a render this page was waiting for (another editor's) was cancelled.
  const [attempt, setAttempt] = useState(0);

  // Pinned from the commit that shows it, so that no other page's render evicts it meanwhile.
  useLayoutEffect(() => (shown ? pdfPageImages.pin(shown) : undefined), [shown]);

  const cached = exact !== undefined;
  useEffect(() => {
    if (!source || cached) return;
    let live = true;
    const onError = (error: unknown) => {
      if (!live) return;
      if (isCancel(error)) setAttempt((n) => n + 1);
      else setFailed(key);
    };
    const joined = inFlight.get(key);
    if (joined) {
      joined.catch(onError);
      return () => {
        live = false;
      };
    }
    const render = renderIntoCache(source, pageIndex, pixelScale, key, priority);
    render.promise.catch(onError);
    return () => {
      live = false;
      render.cancel();
    };
  }, [source, cached, key, pageIndex, pixelScale, priority, attempt]);

  const retry = () => {
    setFailed(null);
    setAttempt((n) => n + 1);
  };
  if (!source) return { image: null, status: 'none', retry };
  return {
    image: shown ?? null,
    status: exact ? 'rendered' : failed === key ? 'failed' : 'rendering',
    retry,
  };
}

function isCancel(error: unknown): boolean {
  return (
    error instanceof PageImageCancelled ||
    (typeof error === 'object' &&
      error !== null &&
      (error as { name?: unknown }).name === 'RenderingCancelledException')
  );
}
