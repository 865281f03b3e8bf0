/**
 * The editor's one displayed-page ↔ PDF-space conversion, its PDF errors and its PDF writer
 * (`renderContractPdf`, which writes a contract's filled values), read from the editor's source
 * as the server reads its core. Not through `@esign/template-editor/pdf`: that entry also offers
 * reading and rasterising with pdf.js, whose modules need the DOM's types (`document`, `Worker`)
 * to typecheck; these modules need only pdf-lib.
 */
export {
  clipRect,
  pageFrame,
  placeBox,
  type PageFrame,
} from '../../../packages/template-editor/src/pdf/geometry';
export { PdfError } from '../../../packages/template-editor/src/pdf/errors';
export {
  renderContractPdf,
  type RenderContractInput,
} from '../../../packages/template-editor/src/pdf/render';
export type { ContractFonts } from '../../../packages/template-editor/src/pdf/fonts';
export {
  readTrueType,
  subsetTrueType,
  type TrueTypeFont,
} from '../../../packages/template-editor/src/pdf/truetype';
