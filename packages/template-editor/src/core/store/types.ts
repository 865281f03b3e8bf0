/**
 * The editor's headless store: a zustand vanilla store whose commands change the project through
 * immer, one history step each. History keeps immer patches and their inverses, never snapshots,
 * so its memory grows with the size of each change, not with the template.
 */
// The store's public types live here, apart from `../store.ts` which combines the slices, so that
// the slices can name `EditorState` without importing that module. The comment above is what the
// published declarations show before these types, as they did before the slices.
import type { Patch } from 'immer';
import type { StoreApi } from 'zustand/vanilla';
import type { ElementKind } from '../constants';
import type { Locale } from '../errors';
import type {
  ElementPatch,
  ElementStyle,
  PagePatch,
  Participant,
  ProjectPatch,
  TemplateElement,
  TemplateProject,
} from '../model';

/** Which edge or centre `align` lines the selection up on. */
export type AlignEdge = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';

/** Paint-order moves within a page. */
export type ReorderDirection = 'up' | 'down' | 'top' | 'bottom';

/** One undoable step: the patches that made it and those that take it back. */
export interface HistoryEntry {
  /** The command that made the step (or the label given to `batch`). */
  label: string;
  /** The immer patches that redo the step. */
  patches: Patch[];
  /** The immer patches that undo the step. */
  inversePatches: Patch[];
}

/** The typographic style a new text or date field inherits from the last one edited. */
export type InheritedStyle = Partial<
  Pick<ElementStyle, 'fontFamily' | 'fontSize' | 'lineHeight' | 'textAlign' | 'color'>
>;

/**
 * The editor store's state: the project, selection and history status, and the commands that change
 * them (each one undoable step unless said otherwise).
 */
export interface EditorState {
  /** The template being edited. Frozen: change it only through the commands. */
  project: TemplateProject;
  /** Uuids of the selected elements. Not part of history. */
  selection: string[];
  /** Whether there is a step to undo. */
  canUndo: boolean;
  /** Whether there is a step to redo. */
  canRedo: boolean;
  /** How many steps undo and redo can take. */
  undoDepth: number;
  /** How many steps redo can take. */
  redoDepth: number;
  /** The label of the step undo would take back, or null. */
  undoLabel: string | null;
  /** The label of the step redo would make again, or null. */
  redoLabel: string | null;
  /** Copies of the elements last copied, for `paste`. */
  clipboard: readonly TemplateElement[];
  /** Style of the last text or date field edited; new fields of those kinds take it. */
  lastStyle: InheritedStyle;

  /** Adds a blank page (at the end, or at `index`) holding a copy of every seal group; returns its uuid. */
  addPage(index?: number): string;
  /** Removes a page; removing the last page leaves one new blank page. */
  removePage(pageId: string): void;
  /** Changes a page's name, background or size. */
  updatePage(pageId: string, patch: PagePatch): void;
  /**
   * Adds an element of `kind` to a page and selects it; returns the uuids created. A seal is added
   * to every page at the same place (the uuid on `pageId` comes first).
   */
  addElement(pageId: string, kind: ElementKind, init?: ElementPatch): string[];
  /** Removes elements; removing any member of a seal group removes the whole group. */
  removeElements(ids: readonly string[]): void;
  /**
   * Merges `patch` into each element (nested objects key by key). A seal group shares every change;
   * a new position or size of a seal copy moves the copies that share its place (those placed on
   * their own keep their position). Throws `ProjectValidationError` and changes nothing when the result would be
   * invalid.
   */
  updateElements(ids: readonly string[], patch: ElementPatch): void;
  /**
   * Moves elements by (dx, dy) points, as far as they stay on their page; the other copies of a
   * moved seal that share its place come to the same place on their pages, in the same step.
   */
  moveElements(ids: readonly string[], dx: number, dy: number): void;
  /**
   * Lines elements up on an edge or centre of the selection's bounds (of the page when one element
   * is given), page by page, as one step.
   */
  align(ids: readonly string[], edge: AlignEdge): void;
  /** Spaces three or more elements evenly between the outermost two, page by page, as one step. */
  distribute(ids: readonly string[], axis: 'horizontal' | 'vertical'): void;
  /**
   * Places one page's copy of a seal on its own (`ownPlace` true: it keeps its place when the other
   * copies move) or back at the same place on every page (`ownPlace` false): a copy placed on its
   * own goes back to where the copies sharing the group's place are; a copy already sharing it (or
   * the last one placed alone) brings every copy of its group to its own place. One history step;
   * nothing for an element that is not a seal.
   */
  setSealCopyPlace(id: string, ownPlace: boolean): void;
  /** Changes an element's paint order within its page. */
  reorder(id: string, direction: ReorderDirection): void;
  /** Copies elements to the clipboard (not a history step). */
  copy(ids: readonly string[]): void;
  /**
   * Pastes the clipboard onto a page (by default the page it was copied from), each copy offset by
   * `PASTE_OFFSET` in left and top; pasting again cascades. Returns the uuids created.
   */
  paste(pageId?: string): string[];
  /** Copies and pastes in one step without touching the clipboard; returns the uuids created. */
  duplicate(ids: readonly string[]): string[];
  /** Selects elements (unknown uuids are ignored). */
  select(ids: readonly string[]): void;
  /** Sets the contract's parties and what each does. Throws `ProjectValidationError` on a malformed list. */
  setParticipants(list: readonly Participant[]): void;
  /** Changes the template's own fields (name, title, description, …). */
  updateProject(patch: ProjectPatch): void;
  /** Takes back the last step, if any; the selection keeps only elements that still exist. */
  undo(): void;
  /** Makes again the last step undone, if any. */
  redo(): void;
  /**
   * Runs several commands as one history step (a drag, a multi-field edit). If `fn` throws, every
   * change it made is taken back and the error is rethrown.
   */
  batch(fn: () => void, label?: string): void;
  /** The language of the titles given to new fields from now on. */
  setLocale(locale: Locale): void;
  /** Replaces the project (parsed like `parseProject`) and clears history and selection. */
  reset(project: unknown): void;
}

/** An editor store (`createEditorStore`): a zustand vanilla store of `EditorState`. */
export type EditorStore = StoreApi<EditorState>;

/** Options of `createEditorStore`. */
export interface EditorStoreOptions {
  /** How many steps history keeps (default `HISTORY_LIMIT`, 100). */
  historyLimit?: number;
  /** The language of the titles given to new fields ("Text 1" or "文本 1"). Default 'en'. */
  locale?: Locale;
}
