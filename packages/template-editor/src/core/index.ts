/**
 * `@esign/template-editor/core`: the headless template model, its commands, 100-step undo/redo
 * and stamp coordinates. No React, Konva, PDF library or DOM: it runs in browsers, in Node and on
 * the platform's server.
 *
 * @module @esign/template-editor/core
 */
export * from './constants';
export type * from './model';
export { ProjectValidationError, formatPath, type Locale, type ValidationIssue } from './errors';
export { parseProject, MAX_PROJECT_JSON_LENGTH } from './project';
export {
  createElement,
  createPage,
  createProject,
  defaultParticipants,
  mergeElement,
} from './factory';
export {
  createEditorStore,
  type EditorState,
  type EditorStore,
  type EditorStoreOptions,
  type HistoryEntry,
  type InheritedStyle,
  type ReorderDirection,
  type AlignEdge,
} from './store';
export {
  deriveStampLocations,
  deriveSignList,
  deriveDateList,
  deriveFillsInList,
  deriveImageTypeList,
  toStoredProject,
  fitStampToImage,
  stampDrawing,
  type StampLocation,
  type StampSlice,
  type StampBox,
} from './stamps';
export {
  crossPageSlices,
  crossPageSlicesOf,
  crossPageRange,
  clampCrossPageCentre,
  unturnedSliceBox,
  type CrossPageEdge,
  type CrossPageInput,
  type CrossPageSlice,
  type SliceBox,
  type QuarterTurn,
} from './crossPage';
export {
  templateWarnings,
  validateTemplate,
  type TemplateCheck,
  type TemplateCheckCode,
} from './checks';
export {
  boundsOf,
  centreOf,
  cornersOf,
  clampMove,
  isInside,
  overlaps,
  placeOnPage,
  type Box,
  type Bounds,
  type Size,
} from './geometry';
export { hasOwnPlace, sealCopiesElsewhere, sealGroupIds } from './seals';
export {
  daysInMonth,
  fillProblem,
  fillProgress,
  fillSequence,
  fillValues,
  formatDate,
  isFilledBy,
  parseFormattedDate,
  type FillOptions,
  type FillProblem,
  type FillProgress,
} from './fill';
export { ELEMENT_MODELS, type ElementKindModel, type FieldRole } from './registry';
