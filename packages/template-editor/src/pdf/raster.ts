/**
 * A PDF page drawn by pdf.js into a canvas, for the editor's page backgrounds (browsers only).
 */
import type { PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { openedPage, type LoadedPdf } from './load';

/**
 * The largest bitmap drawn for one page, in pixels (pdf.js's viewer uses the same bound): an A4
 * page at 400 % on a 2× screen fits; anything larger is drawn at the largest scale that fits.
 */
export const MAX_PAGE_IMAGE_PIXELS = 2 ** 25;
/** Browsers refuse canvases with a longer side. */
const MAX_CANVAS_SIDE = 32_767;

/** A page being drawn: its canvas when done; `cancel()` stops it (the promise then rejects). */
export interface PdfPageImageTask {
  /** Resolves to the drawn canvas; rejects when cancelled or when drawing fails. */
  promise: Promise<HTMLCanvasElement>;
  /** Stops drawing the page. */
  cancel(): void;
}

/**
 * Draws page `pageIndex` (0-based) at `pixelScale` device pixels per point into a new canvas, on
 * white. The scale is lowered when the bitmap would exceed `MAX_PAGE_IMAGE_PIXELS`.
 */
export function renderPdfPageImage(
  pdf: LoadedPdf,
  pageIndex: number,
  pixelScale: number,
): PdfPageImageTask {
  let cancelled = false;
  let task: RenderTask | null = null;
  const draw = async (page: PDFPageProxy): Promise<HTMLCanvasElement> => {
    if (cancelled) throw new PageImageCancelled();
    const size = page.getViewport({ scale: 1 });
    const scale = Math.min(
      pixelScale,
      Math.sqrt(MAX_PAGE_IMAGE_PIXELS / (size.width * size.height)),
      MAX_CANVAS_SIDE / Math.max(size.width, size.height),
    );
    const viewport = page.getViewport({ scale });
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(viewport.width));
    canvas.height = Math.max(1, Math.round(viewport.height));
    task = page.render({ canvas, viewport });
    try {
      await task.promise;
    } catch (error) {
      canvas.width = 0;
      canvas.height = 0;
      throw cancelled ? new PageImageCancelled() : error;
    } finally {
      // The bitmap is kept by the caller; pdf.js's parsed page is no longer needed.
      page.cleanup();
    }
    return canvas;
  };
  // A page measured by loadPdf starts drawing synchronously: pdf.js's worker begins on it
  // while the caller's thread carries on.
  const known = openedPage(pdf, pageIndex);
  const promise = known ? draw(known) : pdf.document.getPage(pageIndex + 1).then(draw);
  return {
    promise,
    cancel() {
      cancelled = true;
      task?.cancel();
    },
  };
}

/** The rejection of a cancelled page image. */
export class PageImageCancelled extends Error {
  override readonly name = 'PageImageCancelled';
  constructor() {
    super('The page image was cancelled');
  }
}
