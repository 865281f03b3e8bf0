import type { AlignEdge, EditorState, ReorderDirection } from '../core';
import { fitScale } from './canvas/layout';
import type { EditorContextValue } from './context';
import { nextZoom } from './view';

/** The keys of a keyboard event that shortcuts look at. */
export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * One thing the author can do: its label, its keyboard shortcut, when it applies and what it does.
 * Toolbar buttons, shortcuts and menus are all derived from this one list.
 */
export interface EditorAction {
  name: string;
  /** i18n key of the label (and the button's accessible name). */
  label: string;
  /** A short glyph for the toolbar button. */
  icon: string;
  /** The shortcut as shown in tooltips, e.g. 'Ctrl+Z'. */
  shortcut?: string;
  keyTest?(event: KeyInput): boolean;
  /** Which modes offer it. */
  modes: readonly ('design' | 'fill' | 'preview')[];
  enabled(state: EditorState): boolean;
  perform(context: EditorContextValue, viewport?: { width: number; height: number }): void;
}

const mod = (event: KeyInput) => event.ctrlKey || event.metaKey;
const DESIGN = ['design'] as const;
const EDITING = ['design', 'fill'] as const;
const ALL = ['design', 'fill', 'preview'] as const;
const hasSelection = (state: EditorState) => state.selection.length > 0;

function nudge(name: string, key: string, dx: number, dy: number): EditorAction[] {
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

function align(edge: AlignEdge, label: string, icon: string): EditorAction {
  return {
    name: label,
    label: `action.${label}`,
    icon,
    modes: DESIGN,
    enabled: hasSelection,
    perform: ({ store }) => store.getState().align(store.getState().selection, edge),
  };
}

function layer(
  direction: ReorderDirection,
  label: string,
  icon: string,
  shortcut: string,
  key: string,
  shift: boolean,
): EditorAction {
  return {
    name: label,
    label: `action.${label}`,
    icon,
    shortcut,
    keyTest: (event) => mod(event) && event.shiftKey === shift && event.key === key,
    modes: DESIGN,
    enabled: (state) => state.selection.length === 1,
    perform: ({ store }) => {
      const [id] = store.getState().selection;
      if (id) store.getState().reorder(id, direction);
    },
  };
}

export const ACTIONS: readonly EditorAction[] = [
  {
    name: 'undo',
    label: 'action.undo',
    icon: '↶',
    shortcut: 'Ctrl+Z',
    keyTest: (event) => mod(event) && !event.shiftKey && event.key.toLowerCase() === 'z',
    modes: EDITING,
    enabled: (state) => state.canUndo,
    perform: ({ store, view, t }) => {
      store.getState().undo();
      view.getState().announce(t('announce.undone'));
    },
  },
  {
    name: 'redo',
    label: 'action.redo',
    icon: '↷',
    shortcut: 'Ctrl+Shift+Z',
    keyTest: (event) =>
      (mod(event) && event.shiftKey && event.key.toLowerCase() === 'z') ||
      (event.ctrlKey && !event.shiftKey && event.key.toLowerCase() === 'y'),
    modes: EDITING,
    enabled: (state) => state.canRedo,
    perform: ({ store, view, t }) => {
      store.getState().redo();
      view.getState().announce(t('announce.redone'));
    },
  },
  {
    name: 'copy',
    label: 'action.copy',
    icon: '⧉',
    shortcut: 'Ctrl+C',
    keyTest: (event) => mod(event) && !event.shiftKey && event.key.toLowerCase() === 'c',
    modes: DESIGN,
    enabled: hasSelection,
    perform: ({ store }) => store.getState().copy(store.getState().selection),
  },
  {
    name: 'paste',
    label: 'action.paste',
    icon: '📋',
    shortcut: 'Ctrl+V',
    keyTest: (event) => mod(event) && !event.shiftKey && event.key.toLowerCase() === 'v',
    modes: DESIGN,
    enabled: (state) => state.clipboard.length > 0,
    perform: ({ store }) => {
      store.getState().paste();
    },
  },
  {
    name: 'duplicate',
    label: 'action.duplicate',
    icon: '⊕',
    shortcut: 'Ctrl+D',
    keyTest: (event) => mod(event) && !event.shiftKey && event.key.toLowerCase() === 'd',
    modes: DESIGN,
    enabled: hasSelection,
    perform: ({ store }) => {
      store.getState().duplicate(store.getState().selection);
    },
  },
  {
    name: 'delete',
    label: 'action.delete',
    icon: '🗑',
    shortcut: 'Delete',
    keyTest: (event) => (event.key === 'Delete' || event.key === 'Backspace') && !mod(event),
    modes: DESIGN,
    enabled: hasSelection,
    perform: ({ store, view, t }) => {
      const count = store.getState().selection.length;
      store.getState().removeElements(store.getState().selection);
      view.getState().announce(t('announce.removed', { count }));
    },
  },
  {
    name: 'selectAll',
    label: 'action.selectAll',
    icon: '',
    shortcut: 'Ctrl+A',
    keyTest: (event) => mod(event) && event.key.toLowerCase() === 'a',
    modes: DESIGN,
    enabled: () => true,
    perform: ({ store, view }) => {
      const page = store.getState().project.pages[view.getState().currentPage];
      store.getState().select(page?.elements.map((element) => element.uuid) ?? []);
    },
  },
  {
    name: 'clearSelection',
    label: 'action.clearSelection',
    icon: '',
    shortcut: 'Esc',
    keyTest: (event) => event.key === 'Escape',
    modes: ALL,
    enabled: hasSelection,
    perform: ({ store, view }) => {
      store.getState().select([]);
      view.getState().openSettings(null);
    },
  },
  ...nudge('moveLeft', 'ArrowLeft', -1, 0),
  ...nudge('moveRight', 'ArrowRight', 1, 0),
  ...nudge('moveUp', 'ArrowUp', 0, -1),
  ...nudge('moveDown', 'ArrowDown', 0, 1),
  {
    name: 'zoomOut',
    label: 'action.zoomOut',
    icon: '−',
    shortcut: 'Ctrl+-',
    keyTest: (event) => mod(event) && (event.key === '-' || event.key === '_'),
    modes: ALL,
    enabled: () => true,
    perform: ({ view }) => view.getState().setScale(nextZoom(view.getState().scale, -1)),
  },
  {
    name: 'zoomIn',
    label: 'action.zoomIn',
    icon: '+',
    shortcut: 'Ctrl+=',
    keyTest: (event) => mod(event) && (event.key === '=' || event.key === '+'),
    modes: ALL,
    enabled: () => true,
    perform: ({ view }) => view.getState().setScale(nextZoom(view.getState().scale, 1)),
  },
  {
    name: 'fitWidth',
    label: 'action.fitWidth',
    icon: '↔',
    modes: ALL,
    enabled: () => true,
    perform: ({ store, view }, viewport) => {
      const page =
        store.getState().project.pages[view.getState().currentPage] ??
        store.getState().project.pages[0]!;
      if (viewport)
        view.getState().setScale(fitScale(page.config, viewport.width, viewport.height, false));
    },
  },
  {
    name: 'fitPage',
    label: 'action.fitPage',
    icon: '⤢',
    modes: ALL,
    enabled: () => true,
    perform: ({ store, view }, viewport) => {
      const page =
        store.getState().project.pages[view.getState().currentPage] ??
        store.getState().project.pages[0]!;
      if (viewport)
        view.getState().setScale(fitScale(page.config, viewport.width, viewport.height, true));
    },
  },
  align('left', 'alignLeft', '⫷'),
  align('center', 'alignCenter', '⫶'),
  align('right', 'alignRight', '⫸'),
  align('top', 'alignTop', '⊤'),
  align('middle', 'alignMiddle', '⊝'),
  align('bottom', 'alignBottom', '⊥'),
  {
    name: 'distributeHorizontal',
    label: 'action.distributeHorizontal',
    icon: '⋯',
    modes: DESIGN,
    enabled: (state) => state.selection.length >= 3,
    perform: ({ store }) => store.getState().distribute(store.getState().selection, 'horizontal'),
  },
  {
    name: 'distributeVertical',
    label: 'action.distributeVertical',
    icon: '⋮',
    modes: DESIGN,
    enabled: (state) => state.selection.length >= 3,
    perform: ({ store }) => store.getState().distribute(store.getState().selection, 'vertical'),
  },
  layer('up', 'bringForward', '↑', 'Ctrl+]', ']', false),
  layer('down', 'sendBackward', '↓', 'Ctrl+[', '[', false),
  layer('top', 'bringToFront', '⇈', 'Ctrl+Shift+]', '}', true),
  layer('bottom', 'sendToBack', '⇊', 'Ctrl+Shift+[', '{', true),
];

/** The action a key press asks for in a mode, if any. */
export function actionForKey(
  event: KeyInput,
  mode: 'design' | 'fill' | 'preview',
): EditorAction | undefined {
  return ACTIONS.find((action) => action.modes.includes(mode) && action.keyTest?.(event));
}

export function actionNamed(name: string): EditorAction {
  const action = ACTIONS.find((candidate) => candidate.name === name);
  if (!action) throw new Error(`No editor action named ${name}`);
  return action;
}
