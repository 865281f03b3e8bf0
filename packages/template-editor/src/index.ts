/**
 * `@esign/template-editor`: the template editor for React (`<TemplateEditor>`), drawn with Konva
 * over the headless store, and everything of `@esign/template-editor/core`.
 */
export * from './core';
export { useCreateEditorStore, useEditorState } from './react/hooks';
export { TemplateOutline, type TemplateOutlineProps } from './react/TemplateOutline';
export {
  TemplateEditor,
  type TemplateEditorHandle,
  type TemplateEditorProps,
} from './react/TemplateEditor';
export type { EditorMode, SealOption } from './react/context';
export { ACTIONS, type EditorAction } from './react/actions';
export { createEditorI18n, EDITOR_RESOURCES } from './i18n';
export {
  loadPdf,
  createProjectFromPdf,
  type LoadedPdf,
  type LoadPdfOptions,
  type PdfPageSize,
  type PdfSource,
} from './pdf/load';
export { PdfError, MAX_PDF_BYTES, type PdfErrorCode } from './pdf/errors';
export { configurePdfJs, preloadPdfEngine, type PdfJsOptions } from './pdf/worker';
