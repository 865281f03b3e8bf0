import { buffer } from 'node:stream/consumers';
import type { PageSize } from '@esign/platform';
import { PDFDocument, type PDFPage } from 'pdf-lib';
import type { ReadyDocument } from '../documents/console-documents';
import { ApiError } from '../http/route';
import type { Storage } from '../storage';

/**
 * Each page's displayed size in points, as the editor shows it: the CropBox (the MediaBox where
 * there is none) clipped to the MediaBox, turned by /Rotate — the rule of the editor's
 * `pageFrame` (packages/template-editor/src/pdf/geometry.ts), which the server cannot import
 * without pdf.js and the DOM types that `@esign/template-editor/pdf` brings.
 */
export async function documentPageSizes(
  storage: Storage,
  document: Pick<ReadyDocument, 'storageKey'>,
): Promise<PageSize[]> {
  try {
    const bytes = await buffer(storage.get(document.storageKey));
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    return pdf.getPages().map(displayedSize);
  } catch {
    throw new ApiError('pdfUnreadable', 400);
  }
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function displayedSize(page: PDFPage): PageSize {
  // A page without a usable MediaBox is shown as US Letter by pdf.js and most readers.
  const media = boxOf(() => page.getMediaBox()) ?? { x0: 0, y0: 0, x1: 612, y1: 792 };
  const crop = boxOf(() => page.node.CropBox()!.asRectangle());
  let view = media;
  if (crop) {
    const clipped = {
      x0: Math.max(crop.x0, media.x0),
      y0: Math.max(crop.y0, media.y0),
      x1: Math.min(crop.x1, media.x1),
      y1: Math.min(crop.y1, media.y1),
    };
    // pdf.js ignores a CropBox that does not overlap the MediaBox.
    if (clipped.x1 > clipped.x0 && clipped.y1 > clipped.y0) view = clipped;
  }
  const width = view.x1 - view.x0;
  const height = view.y1 - view.y0;
  return quarterTurns(page) % 2 === 1 ? { width: height, height: width } : { width, height };
}

/** A box of pdf-lib's, normalised; undefined when it is missing, malformed or empty. */
function boxOf(read: () => { x: number; y: number; width: number; height: number }) {
  try {
    const { x, y, width, height } = read();
    const box: Box = {
      x0: Math.min(x, x + width),
      y0: Math.min(y, y + height),
      x1: Math.max(x, x + width),
      y1: Math.max(y, y + height),
    };
    return box.x1 > box.x0 && box.y1 > box.y0 ? box : undefined;
  } catch {
    return undefined;
  }
}

/** /Rotate in quarter turns; like pdf.js, a value that is not a multiple of 90 counts as 0. */
function quarterTurns(page: PDFPage): number {
  let angle = 0;
  try {
    angle = page.getRotation().angle;
  } catch {
    // A /Rotate that is not a number: shown unturned.
  }
  if (!Number.isFinite(angle) || angle % 90 !== 0) return 0;
  return (((angle / 90) % 4) + 4) % 4;
}
