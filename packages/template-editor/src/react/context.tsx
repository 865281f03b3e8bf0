import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { EditorState, EditorStore, FillOptions, Locale, Party } from '../core';
import type { TFunction } from '../i18n';
import type { LoadedPdf } from '../pdf/load';
import type { ViewState, ViewStore } from './view';

/** How the editor is used: authors design, a party fills its fields, anyone previews. */
export type EditorMode = 'design' | 'fill' | 'preview';

/** A seal a signer may place: shown in seal fields when chosen. */
export interface SealOption {
  /** The seal's id, stored in a seal field's `previewConfig.sealId` when chosen. */
  id: string;
  /** The seal's name, shown to the signer. */
  name: string;
  /** A URL (or data URL) of the seal's image. */
  imageUrl: string;
}

export interface EditorContextValue {
  store: EditorStore;
  view: ViewStore;
  t: TFunction;
  locale: Locale;
  mode: EditorMode;
  /** The party filling in fill mode. */
  party: Party | undefined;
  /** What the party fills in fill mode (signature fields or not). */
  fillOptions: FillOptions;
  seals: readonly SealOption[];
  /** The contract document once open: its page i is drawn behind template page i. */
  pdf?: LoadedPdf | null;
  /** Focuses the canvas region so that keyboard shortcuts reach it. */
  focusCanvas(): void;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('Editor components must be rendered inside <TemplateEditor>.');
  return value;
}

/** A slice of the template store; re-renders when it changes. */
export function useProjectState<T>(selector: (state: EditorState) => T): T {
  return useStore(useEditor().store, selector);
}

/** A slice of the view store; re-renders when it changes. */
export function useViewState<T>(selector: (state: ViewState) => T): T {
  return useStore(useEditor().view, selector);
}
