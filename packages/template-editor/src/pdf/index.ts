/**
 * `@esign/template-editor/pdf`: contract PDFs in (pdf.js) and out (pdf-lib), in browsers and in
 * Node. All coordinates outside this module are displayed-page points from the top-left corner;
 * `geometry.ts` alone converts them to PDF user space (page rotation, CropBox origin).
 */
export { PdfError, MAX_PDF_BYTES, type PdfErrorCode } from './errors';
