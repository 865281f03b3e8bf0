import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../store';
import { createElementsSlice } from './elements';
import { createHistorySlice } from './history';
import { createPagesSlice } from './pages';
import { createParticipantsSlice } from './participants';
import { createSelectionSlice } from './selection';
import { createShared, type GetState, type SetState } from './shared';

describe('store slices', () => {
  it('give every member of EditorState but the project from exactly one slice', () => {
    const store = createEditorStore();
    const set: SetState = () => undefined;
    const get: GetState = () => store.getState();
    const shared = createShared(set, get, {});
    const slices = [
      createHistorySlice,
      createSelectionSlice,
      createElementsSlice,
      createPagesSlice,
      createParticipantsSlice,
    ].map((create) => Object.keys(create(set, get, shared)));
    const all = slices.flat();
    expect(new Set(all).size).toBe(all.length);
    expect([...all, 'project'].sort()).toEqual(Object.keys(store.getState()).sort());
  });

  it('keep one history and one locale per store', () => {
    const first = createEditorStore(undefined, { locale: 'zh' });
    const second = createEditorStore();
    const page = first.getState().project.pages[0]!.uuid;
    first.getState().addElement(page, 'text');
    expect(first.getState().undoDepth).toBe(1);
    expect(second.getState().undoDepth).toBe(0);
    second.getState().addElement(second.getState().project.pages[0]!.uuid, 'text');
    expect(second.getState().undoLabel).toBe('addElement');
    first.getState().undo();
    expect(first.getState().canRedo).toBe(true);
    expect(second.getState().canRedo).toBe(false);
    const title = (store: typeof first) => store.getState().project.pages[0]!.elements[0]?.title;
    first.getState().redo();
    expect(first.getState().selection).toEqual([]);
    expect(title(first)).toBe('文本 1');
    expect(title(second)).toBe('Text 1');
  });
});
