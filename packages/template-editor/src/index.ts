/**
 * `@esign/template-editor`: the React side of the template editor. The canvas component
 * (`<TemplateEditor>`) lands with the canvas work; today this entry gives the React bindings of the
 * headless store and re-exports everything of `@esign/template-editor/core`.
 */
export * from './core';
export { useCreateEditorStore, useEditorState } from './react/hooks';
export { TemplateOutline, type TemplateOutlineProps } from './react/TemplateOutline';
