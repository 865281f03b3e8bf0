import { useState } from 'react';
import { useStore } from 'zustand';
import {
  createEditorStore,
  type EditorState,
  type EditorStore,
  type EditorStoreOptions,
} from '../core';

/**
 * Creates one editor store for the lifetime of the calling component. Each component instance gets
 * its own store, so two editors on one page never share state.
 */
export function useCreateEditorStore(project?: unknown, options?: EditorStoreOptions): EditorStore {
  const [store] = useState(() => createEditorStore(project, options));
  return store;
}

/** Subscribes a component to a slice of the editor's state; it re-renders when that slice changes. */
export function useEditorState<T>(store: EditorStore, selector: (state: EditorState) => T): T {
  return useStore(store, selector);
}
