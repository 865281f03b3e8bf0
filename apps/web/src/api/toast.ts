/**
 * Shows an error text and calls `closed` once it has gone from the screen; may give a function
 * that takes it off the screen at once (anything else it gives is ignored).
 */
export type ShowToast = (text: string, closed: () => void) => unknown;

/** The request module's error toast: `withdraw` takes a text off the screen again. */
export interface Toaster {
  (text: string): void;
  /** A form that shows this text beside itself takes it out of the passing toasts. */
  withdraw(text: string): void;
}

/**
 * An error toast that never shows the same text twice at once (spec 000 §8): while a text is on
 * screen, asking for it again does nothing; once it closes it may show again.
 */
export function createToaster(show: ShowToast): Toaster {
  const onScreen = new Map<string, (() => void) | undefined>();
  const toast = (text: string) => {
    if (!text || onScreen.has(text)) return;
    // Set before showing: a toast that closes at once must not be left counted as on screen.
    onScreen.set(text, undefined);
    const dismiss = show(text, () => onScreen.delete(text));
    if (typeof dismiss === 'function' && onScreen.has(text)) {
      onScreen.set(text, dismiss as () => void);
    }
  };
  toast.withdraw = (text: string) => {
    onScreen.get(text)?.();
    onScreen.delete(text);
  };
  return toast;
}
