import { createStore, type StoreApi } from 'zustand/vanilla';
import { DEFAULT_SCALE, MAX_SCALE, MIN_SCALE } from '../core';

/** A snap guide drawn across a page while an element is dragged, in page points. */
export interface SnapGuide {
  orientation: 'vertical' | 'horizontal';
  position: number;
}

/** What the editor shows, as opposed to what the template holds: never part of history. */
export interface ViewState {
  scale: number;
  /** The zoom the editor opened at (a double tap zooms back to it). */
  openingScale: number;
  /** Index of the page the author is on (the one most visible, or the last clicked). */
  currentPage: number;
  /** Page whose guides are shown while dragging, and the guides. */
  guides: { pageId: string; lines: SnapGuide[] } | null;
  /**
   * Element whose settings were opened by a double-click (the properties panel focuses it), with a
   * counter so that opening the same element again is a new request.
   */
  settingsFor: string | null;
  settingsRequest: number;
  /** The latest message for the aria-live region. */
  announcement: string;
  /**
   * A page the canvas should scroll to (set by the pages panel), with a counter to repeat; with a
   * box (page points), the canvas centres that box instead of showing the page's top.
   */
  scrollRequest: { page: number; serial: number; box?: ScrollBox } | null;
  /**
   * Fill mode: the field the filling party is on (null before they start), with a counter so
   * that asking for the same field again brings it into view again.
   */
  fillField: string | null;
  fillRequest: number;
  /**
   * Whether the editor is narrow (a phone): the fill panel is then a bottom sheet. Null until the
   * editor is measured.
   */
  narrow: boolean | null;
  setScale(scale: number): void;
  /** Opens at `scale`: the zoom now and the one a double tap comes back to. */
  open(scale: number): void;
  setCurrentPage(index: number): void;
  setGuides(guides: ViewState['guides']): void;
  openSettings(id: string | null): void;
  announce(text: string): void;
  scrollToPage(index: number): void;
  /** Scrolls so that `box` (page points) of page `index` is in the middle of the canvas. */
  scrollToBox(index: number, box: ScrollBox): void;
  setFillField(id: string | null): void;
  setNarrow(narrow: boolean): void;
}

/** A box on a page, in page points. */
export interface ScrollBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type ViewStore = StoreApi<ViewState>;

/** Zoom stays within 25 %–400 % and on whole percents. */
export function clampScale(scale: number): number {
  if (!Number.isFinite(scale)) return DEFAULT_SCALE;
  return Math.round(Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale)) * 100) / 100;
}

/** The zoom steps of the zoom in / zoom out buttons. */
export const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 4] as const;

export function nextZoom(scale: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((step) => step > scale + 0.001) ?? MAX_SCALE;
  return [...ZOOM_STEPS].reverse().find((step) => step < scale - 0.001) ?? MIN_SCALE;
}

export function createViewStore(): ViewStore {
  let serial = 0;
  return createStore<ViewState>()((set) => ({
    scale: DEFAULT_SCALE,
    openingScale: DEFAULT_SCALE,
    currentPage: 0,
    guides: null,
    settingsFor: null,
    settingsRequest: 0,
    announcement: '',
    scrollRequest: null,
    fillField: null,
    fillRequest: 0,
    narrow: null,
    setScale: (scale) => set({ scale: clampScale(scale) }),
    open: (scale) => set({ scale: clampScale(scale), openingScale: clampScale(scale) }),
    setCurrentPage: (index) => set({ currentPage: Math.max(0, index) }),
    setGuides: (guides) => set({ guides }),
    openSettings: (id) =>
      set((state) => ({ settingsFor: id, settingsRequest: state.settingsRequest + 1 })),
    announce: (text) => set({ announcement: text }),
    scrollToPage: (index) =>
      set({ scrollRequest: { page: index, serial: ++serial }, currentPage: index }),
    scrollToBox: (index, box) =>
      set({ scrollRequest: { page: index, serial: ++serial, box }, currentPage: index }),
    setFillField: (id) => set((state) => ({ fillField: id, fillRequest: state.fillRequest + 1 })),
    setNarrow: (narrow) => set({ narrow }),
  }));
}
