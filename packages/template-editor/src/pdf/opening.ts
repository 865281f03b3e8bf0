/**
 * Opening contract PDFs (pdf.js): load one, start a template from it, set the engine up. Both the
 * editor's entry and `@esign/template-editor/pdf` offer exactly this part of the PDF API.
 */
export { PdfError, MAX_PDF_BYTES, type PdfErrorCode } from './errors';
export {
  loadPdf,
  createProjectFromPdf,
  type LoadedPdf,
  type LoadPdfOptions,
  type PdfPageSize,
  type PdfSource,
} from './load';
export { configurePdfJs, preloadPdfEngine, type PdfJsOptions } from './worker';
