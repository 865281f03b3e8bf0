/**
 * Work a screen holds that is not saved yet (a template being placed, a form being filled). While
 * any is registered, closing or reloading the tab asks first, and a session that ends does not
 * take the page away before the user has chosen (see layout/SessionEnded.tsx).
 */
import { useEffect, useId } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

interface UnsavedWork {
  /** The screens (by a key of their own) that hold unsaved work. */
  holders: ReadonlySet<string>;
  mark(holder: string, unsaved: boolean): void;
}

export const unsavedWork = createStore<UnsavedWork>()((set) => ({
  holders: new Set(),
  mark(holder, unsaved) {
    set(({ holders }) => {
      if (holders.has(holder) === unsaved) return {};
      const next = new Set(holders);
      if (unsaved) next.add(holder);
      else next.delete(holder);
      return { holders: next };
    });
  },
}));

/** Whether any screen holds unsaved work now. */
export const hasUnsavedWork = (): boolean => unsavedWork.getState().holders.size > 0;

/** Whether any screen holds unsaved work, re-rendering when that changes. */
export function useHasUnsavedWork(): boolean {
  return useStore(unsavedWork, (state) => state.holders.size > 0);
}

/** The browser's own "Leave site?" question, asked while unsaved work exists. */
function askBeforeUnload(event: BeforeUnloadEvent): void {
  if (!hasUnsavedWork()) return;
  event.preventDefault();
  // Older browsers ask only when returnValue is set.
  event.returnValue = '';
}
if (typeof window !== 'undefined') window.addEventListener('beforeunload', askBeforeUnload);

/** Registers this screen's unsaved work while `unsaved` is true (and forgets it on unmount). */
export function useUnsavedWork(unsaved: boolean): void {
  const holder = useId();
  useEffect(() => {
    unsavedWork.getState().mark(holder, unsaved);
    return () => unsavedWork.getState().mark(holder, false);
  }, [holder, unsaved]);
}
