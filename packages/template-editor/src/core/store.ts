/**
 * The editor's headless store: a zustand vanilla store whose commands change the project through
 * immer, one history step each. The commands live in slices under `store/` (pages, elements,
 * selection and clipboard, participants, history), zustand's slices pattern; this module combines
 * them into one store and keeps the public exports.
 */
import { createStore } from 'zustand/vanilla';
import { createElementsSlice } from './store/elements';
import { createHistorySlice } from './store/history';
import { createPagesSlice } from './store/pages';
import { createParticipantsSlice } from './store/participants';
import { createSelectionSlice } from './store/selection';
import { createShared, load } from './store/shared';
import type { EditorState, EditorStore, EditorStoreOptions } from './store/types';

export type {
  AlignEdge,
  EditorState,
  EditorStore,
  EditorStoreOptions,
  HistoryEntry,
  InheritedStyle,
  ReorderDirection,
} from './store/types';

/** Creates an editor store for `project` (a new one-page template when omitted). */
export function createEditorStore(
  project?: unknown,
  options: EditorStoreOptions = {},
): EditorStore {
  const initial = load(project);
  return createStore<EditorState>()((set, get) => {
    // One shared history per store: every slice records its steps through `shared.commit`.
    const shared = createShared(set, get, options);
    return {
      // The project belongs to no one slice: each changes it only through `shared.commit`.
      project: initial,
      ...createHistorySlice(set, get, shared),
      ...createSelectionSlice(set, get, shared),
      ...createElementsSlice(set, get, shared),
      ...createPagesSlice(set, get, shared),
      ...createParticipantsSlice(set, get, shared),
    };
  });
}
