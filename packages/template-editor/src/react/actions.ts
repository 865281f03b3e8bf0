import { hasOwnPlace, type AlignEdge, type EditorState, type ReorderDirection } from '../core';
import { fitScale } from './canvas/layout';
import type { EditorContextValue } from './context';
import { nextZoom } from './view';

/** The keys of a keyboard event that shortcuts look at. */
export interface KeyInput {
  /** The key's value, as `KeyboardEvent.key` gives it (e.g. 'z', 'Delete', 'ArrowLeft'). */
  key: string;
  /** Whether Control was held. */
  ctrlKey: boolean;
  /** Whether Command (macOS) or the Windows key was held. */
  metaKey: boolean;
  /** Whether Shift was held. */
  shiftKey: boolean;
  /** Whether Alt (Option) was held. */
  altKey: boolean;
}

/**
 * One thing the author can do: its label, its keyboard shortcut and when it applies. Toolbar
 * buttons, shortcuts and menus are all derived from one list ({@link ACTIONS}); the editor runs
 * them itself (its toolbar and its shortcuts).
 */
export interface EditorAction {
  /** The action's id, e.g. 'undo'. */
  name: string;
  /** i18n key of the label (and the button's accessible name). */
  label: string;
  /** A short glyph for the toolbar button. */
  icon: string;
  /** The shortcut as shown in tooltips, e.g. 'Ctrl+Z'. */
  shortcut?: string;
  /** Whether a key press triggers it. */
  keyTest?(event: KeyInput): boolean;
  /** Which modes offer it. */
  modes: readonly ('design' | 'fill' | 'preview')[];
  /** Whether it applies to the editor's current state (a disabled button otherwise). */
  enabled(state: EditorState): boolean;
}

/** An action with what it does: the editor's own. */
export interface RunnableAction extends EditorAction {
  /**
   * Does it, in the editor of `context`; `viewport` is the size of the canvas area, for zooming to
   * fit.
   */
  perform(context: EditorContextValue, viewport?: { width: number; height: number }): void;
}

const mod = (event: KeyInput) => event.ctrlKey || event.metaKey;
const DESIGN = ['design'] as const;
const EDITING = ['design', 'fill'] as const;
const ALL = ['design', 'fill', 'preview'] as const;
const hasSelection = (state: EditorState) => state.selection.length > 0;
const hasClipboard = (state: EditorState) => state.clipboard.length > 0;
const always = () => true;

/** Ctrl (⌘ on macOS) with `key` (either case), Shift pressed exactly when `shift`. */
function modKey(key: string, shift = false) {
  return (event: KeyInput) =>
    mod(event) && event.shiftKey === shift && event.key.toLowerCase() === key;
}

/** An action labelled `action.<name>`. */
function action(
  name: string,
  icon: string,
  rest: Omit<RunnableAction, 'name' | 'label' | 'icon'>,
): RunnableAction {
  return { name, label: `action.${name}`, icon, ...rest };
}

/** Undo or redo, announced to screen readers. */
function history(
  name: 'undo' | 'redo',
  icon: string,
  shortcut: string,
  keyTest: (event: KeyInput) => boolean,
  announcement: string,
): RunnableAction {
  return action(name, icon, {
    shortcut,
    keyTest,
    modes: EDITING,
    enabled: (state) => (name === 'undo' ? state.canUndo : state.canRedo),
    perform: ({ store, view, t }) => {
      store.getState()[name]();
      view.getState().announce(t(announcement));
    },
  });
}

/** A design command on Ctrl+`key` that runs `command` on the store. */
function command(
  name: string,
  icon: string,
  key: string,
  enabled: (state: EditorState) => boolean,
  run: (state: EditorState) => unknown,
): RunnableAction {
  return action(name, icon, {
    shortcut: `Ctrl+${key.toUpperCase()}`,
    keyTest: modKey(key),
    modes: DESIGN,
    enabled,
    perform: ({ store }) => {
      run(store.getState());
    },
  });
}

/** Moves the selection by one point with the arrow `key`, or by ten with Shift. */
function nudge(name: string, key: string, dx: number, dy: number): RunnableAction[] {
  return [1, 10].map((step) => ({
    name: `${name}${step === 10 ? 'Far' : ''}`,
    label: 'action.move',
    icon: '',
    keyTest: (event) =>
      event.key === key && event.shiftKey === (step === 10) && !mod(event) && !event.altKey,
    modes: DESIGN,
    enabled: hasSelection,
    perform: ({ store }) =>
      store.getState().moveElements(store.getState().selection, dx * step, dy * step),
  }));
}

/** One zoom step out (-1) or in (1), on Ctrl with either of `keys` (the key without and with Shift). */
function zoom(
  direction: -1 | 1,
  name: string,
  icon: string,
  keys: readonly [string, string],
): RunnableAction {
  return action(name, icon, {
    shortcut: `Ctrl+${keys[0]}`,
    keyTest: (event) => mod(event) && keys.includes(event.key),
    modes: ALL,
    enabled: always,
    perform: ({ view }) => view.getState().setScale(nextZoom(view.getState().scale, direction)),
  });
}

/** Fits the current page's width, or the `whole` page, into the viewport. */
function fit(whole: boolean, name: string, icon: string): RunnableAction {
  return action(name, icon, {
    modes: ALL,
    enabled: always,
    perform: ({ store, view }, viewport) => {
      const { pages } = store.getState().project;
      const page = pages[view.getState().currentPage] ?? pages[0]!;
      if (viewport)
        view.getState().setScale(fitScale(page.config, viewport.width, viewport.height, whole));
    },
  });
}

/** Lines the selected fields up on an edge or centre of their bounds (of the page for one). */
function align(edge: AlignEdge, name: string, icon: string): RunnableAction {
  return action(name, icon, {
    modes: DESIGN,
    enabled: hasSelection,
    perform: ({ store }) => store.getState().align(store.getState().selection, edge),
  });
}

/** Spaces three or more selected fields evenly along one `axis`. */
function distribute(axis: 'horizontal' | 'vertical', name: string, icon: string): RunnableAction {
  return action(name, icon, {
    modes: DESIGN,
    enabled: (state) => state.selection.length >= 3,
    perform: ({ store }) => store.getState().distribute(store.getState().selection, axis),
  });
}

/** Moves the one selected field in paint order, on Ctrl with `key` (with Shift when `shift`). */
function layer(
  direction: ReorderDirection,
  name: string,
  icon: string,
  shortcut: string,
  key: string,
  shift: boolean,
): RunnableAction {
  return action(name, icon, {
    shortcut,
    keyTest: modKey(key, shift),
    modes: DESIGN,
    enabled: (state) => state.selection.length === 1,
    perform: ({ store }) => {
      const [id] = store.getState().selection;
      if (id) store.getState().reorder(id, direction);
    },
  });
}

/** The one selected field when it is a seal copy, placed on its own (`alone`) or not. */
function selectedSealCopy(state: EditorState, alone: boolean) {
  if (state.selection.length !== 1) return undefined;
  const [id] = state.selection;
  for (const page of state.project.pages) {
    const element = page.elements.find((candidate) => candidate.uuid === id);
    if (element)
      return element.elName === 'seal' && hasOwnPlace(element) === alone ? element : undefined;
  }
  return undefined;
}

/**
 * Places the selected seal's copy on this page only (`ownPlace`), or back at the same place on
 * every page; "same place on every page" also applies to a copy sharing the group's place, to
 * bring copies left apart (by an older template) to it.
 */
function sealPlace(name: string, icon: string, ownPlace: boolean): RunnableAction {
  return action(name, icon, {
    modes: DESIGN,
    enabled: (state) =>
      ownPlace
        ? selectedSealCopy(state, false) !== undefined
        : selectedSealCopy(state, true) !== undefined ||
          selectedSealCopy(state, false) !== undefined,
    perform: ({ store, view, t }) => {
      const [id] = store.getState().selection;
      if (!id) return;
      store.getState().setSealCopyPlace(id, ownPlace);
      view.getState().announce(t(`action.${name}`));
    },
  });
}

/** Ctrl+Shift+Z, or Ctrl+Y as on Windows. */
const redoKey = (event: KeyInput) =>
  modKey('z', true)(event) || (event.ctrlKey && !event.shiftKey && event.key.toLowerCase() === 'y');

/**
 * Every action of the editor, with what it does (the editor's own list): undo and redo, copy,
 * paste, duplicate, delete, selection, moves by the arrow keys, zoom and fit, alignment,
 * distribution, paint order and where a seal's copy sits (this page only, or every page alike).
 */
export const RUNNABLE_ACTIONS: readonly RunnableAction[] = [
  history('undo', '↶', 'Ctrl+Z', modKey('z'), 'announce.undone'),
  history('redo', '↷', 'Ctrl+Shift+Z', redoKey, 'announce.redone'),
  command('copy', '⧉', 'c', hasSelection, (state) => state.copy(state.selection)),
  command('paste', '📋', 'v', hasClipboard, (state) => state.paste()),
  command('duplicate', '⊕', 'd', hasSelection, (state) => state.duplicate(state.selection)),
  action('delete', '🗑', {
    shortcut: 'Delete',
    keyTest: (event) => (event.key === 'Delete' || event.key === 'Backspace') && !mod(event),
    modes: DESIGN,
    enabled: hasSelection,
    perform: ({ store, view, t }) => {
      const count = store.getState().selection.length;
      store.getState().removeElements(store.getState().selection);
      view.getState().announce(t('announce.removed', { count }));
    },
  }),
  action('selectAll', '', {
    shortcut: 'Ctrl+A',
    keyTest: (event) => mod(event) && event.key.toLowerCase() === 'a',
    modes: DESIGN,
    enabled: always,
    perform: ({ store, view }) => {
      const page = store.getState().project.pages[view.getState().currentPage];
      store.getState().select(page?.elements.map((element) => element.uuid) ?? []);
    },
  }),
  action('clearSelection', '', {
    shortcut: 'Esc',
    keyTest: (event) => event.key === 'Escape',
    modes: ALL,
    enabled: hasSelection,
    perform: ({ store, view }) => {
      store.getState().select([]);
      view.getState().openSettings(null);
    },
  }),
  ...nudge('moveLeft', 'ArrowLeft', -1, 0),
  ...nudge('moveRight', 'ArrowRight', 1, 0),
  ...nudge('moveUp', 'ArrowUp', 0, -1),
  ...nudge('moveDown', 'ArrowDown', 0, 1),
  zoom(-1, 'zoomOut', '−', ['-', '_']),
  zoom(1, 'zoomIn', '+', ['=', '+']),
  fit(false, 'fitWidth', '↔'),
  fit(true, 'fitPage', '⤢'),
  align('left', 'alignLeft', '⫷'),
  align('center', 'alignCenter', '⫶'),
  align('right', 'alignRight', '⫸'),
  align('top', 'alignTop', '⊤'),
  align('middle', 'alignMiddle', '⊝'),
  align('bottom', 'alignBottom', '⊥'),
  distribute('horizontal', 'distributeHorizontal', '⋯'),
  distribute('vertical', 'distributeVertical', '⋮'),
  layer('up', 'bringForward', '↑', 'Ctrl+]', ']', false),
  layer('down', 'sendBackward', '↓', 'Ctrl+[', '[', false),
  layer('top', 'bringToFront', '⇈', 'Ctrl+Shift+]', '}', true),
  layer('bottom', 'sendToBack', '⇊', 'Ctrl+Shift+[', '{', true),
  sealPlace('placeOnThisPageOnly', '⌖', true),
  sealPlace('samePlaceOnEveryPage', '⧉', false),
];

/**
 * The editor's actions in toolbar order: names, labels (i18n keys of `action.<name>`), shortcuts
 * and the modes that offer them, for an embedding product's help page or menus.
 */
export const ACTIONS: readonly EditorAction[] = RUNNABLE_ACTIONS;

/** The action a key press asks for in a mode, if any. */
export function actionForKey(
  event: KeyInput,
  mode: 'design' | 'fill' | 'preview',
): RunnableAction | undefined {
  return RUNNABLE_ACTIONS.find((action) => action.modes.includes(mode) && action.keyTest?.(event));
}

export function actionNamed(name: string): RunnableAction {
  const action = RUNNABLE_ACTIONS.find((candidate) => candidate.name === name);
  if (!action) throw new Error(`No editor action named ${name}`);
  return action;
}
