/**
 * The history slice: undo, redo, `batch` and `reset` over the steps every other slice records
 * through `shared.commit`. History keeps immer patches and their inverses, never snapshots, so its
 * memory grows with the size of each change, not with the template.
 */
import { immer, load, type EditorSlice, type HistoryFlags } from './shared';
import type { HistoryEntry } from './types';

/** Makes the undo/redo flags and the history commands. */
export const createHistorySlice: EditorSlice<
  keyof HistoryFlags | 'undo' | 'redo' | 'batch' | 'reset'
> = (set, get, { history, flags, record, pruneSelection }) => ({
  ...flags(),

  undo() {
    if (history.pending || history.past.length === 0) return;
    const entry = history.past.pop()!;
    const project = immer.applyPatches(get().project, entry.inversePatches);
    history.future.push(entry);
    set({ project, selection: pruneSelection(project, get().selection), ...flags() });
  },

  redo() {
    if (history.pending || history.future.length === 0) return;
    const entry = history.future.pop()!;
    const project = immer.applyPatches(get().project, entry.patches);
    history.past.push(entry);
    set({ project, selection: pruneSelection(project, get().selection), ...flags() });
  },

  batch(fn, label = 'batch') {
    if (history.pending) {
      fn();
      return;
    }
    const step: HistoryEntry = { label, patches: [], inversePatches: [] };
    history.pending = step;
    try {
      fn();
    } catch (error) {
      history.pending = null;
      if (step.inversePatches.length > 0) {
        const project = immer.applyPatches(get().project, step.inversePatches);
        set({ project, selection: pruneSelection(project, get().selection) });
      }
      throw error;
    } finally {
      history.pending = null;
    }
    if (step.patches.length === 0) return;
    record(step);
    set(flags());
  },

  reset(next) {
    const project = load(next);
    history.past.length = 0;
    history.future.length = 0;
    set({ project, selection: [], ...flags() });
  },
});
