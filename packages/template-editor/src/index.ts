/**
 * `@esign/template-editor`: the template editor for React (`<TemplateEditor>`), drawn with Konva
 * over the headless store, everything of `@esign/template-editor/core`, and opening contract PDFs
 * (`./pdf/opening`, shared with `@esign/template-editor/pdf`).
 *
 * @module @esign/template-editor
 */
export * from './core';
export { useCreateEditorStore, useEditorState } from './react/hooks';
export { TemplateOutline, type TemplateOutlineProps } from './react/TemplateOutline';
export {
  TemplateEditor,
  type TemplateEditorHandle,
  type TemplateEditorProps,
} from './react/TemplateEditor';
export type { FillState } from './react/fill/FillGuide';
export type { EditorMode, SealOption } from './react/context';
export { ACTIONS, type EditorAction, type KeyInput } from './react/actions';
export { createEditorI18n, EDITOR_RESOURCES } from './i18n';
export * from './pdf/opening';
