import { EncryptedPDFError, PDFDocument } from 'pdf-lib';
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

/**
 * The page count of a PDF that pdf-lib (which later writes the contract's fields and seals into
 * it) reads whole: every page of its page tree resolves and has a size. Throws `DocumentProblem`
 * for an encrypted PDF, one that cannot be read, or one without pages.
 */
export async function checkPdf(bytes: Uint8Array): Promise<{ pageCount: number }> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
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
  return { pageCount };
}
