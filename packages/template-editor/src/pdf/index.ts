/**
 * `@esign/template-editor/pdf`: contract PDFs in (pdf.js) and out (pdf-lib), in browsers and in
 * Node. All coordinates outside this module are displayed-page points from the top-left corner;
 * `geometry.ts` alone converts them to PDF user space (page rotation, CropBox origin).
 *
 * @module @esign/template-editor/pdf
 */
export * from './opening';
export { renderPdfPageImage, MAX_PAGE_IMAGE_PIXELS, type PdfPageImageTask } from './raster';
export { pdfWorkerMode, type PdfWorkerMode } from './worker';
export { renderContractPdf, type RenderContractInput } from './render';
export { formatContractDate } from '../elements/date/pdf';
export { FONT_FALLBACKS, type ContractFonts } from './fonts';
export { MIN_FONT_SIZE } from './text';
export {
  pageFrame,
  frameOf,
  placeBox,
  clipRect,
  type PageFrame,
  type DisplayedBox,
  type PlacedBox,
  type UserPoint,
  type UserRect,
} from './geometry';
// The core's model and constants, which this entry's signatures name: a Node script using only
// `./pdf` can name them too (the same as `./core`'s).
export type * from '../core/model';
export * from '../core/constants';
export type { Locale } from '../core/errors';
