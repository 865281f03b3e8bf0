import { buffer } from 'node:stream/consumers';
import type { PageSize } from '@esign/platform';
import { PDFDocument } from 'pdf-lib';
import type { ReadyDocument } from '../documents/console-documents';
import { pageFrame } from '../editor-pdf';
import { ApiError } from '../http/route';
import type { Storage } from '../storage';

/**
 * Each page's displayed size in points, as the editor shows it: the CropBox (the MediaBox where
 * there is none) clipped to the MediaBox, turned by /Rotate — the editor's own `pageFrame`.
 */
export async function documentPageSizes(
  storage: Storage,
  document: Pick<ReadyDocument, 'storageKey'>,
): Promise<PageSize[]> {
  try {
    const bytes = await buffer(storage.get(document.storageKey));
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    return pdf.getPages().map((page) => {
      const { width, height } = pageFrame(page);
      return { width, height };
    });
  } catch {
    throw new ApiError('pdfUnreadable', 400);
  }
}
