/** Shows an error text and calls `closed` once it has gone from the screen. */
export type ShowToast = (text: string, closed: () => void) => void;

/**
 * An error toast that never shows the same text twice at once (spec 000 §8): while a text is on
 * screen, asking for it again does nothing; once it closes it may show again.
 */
export function createToaster(show: ShowToast): (text: string) => void {
  const onScreen = new Set<string>();
  return (text) => {
    if (!text || onScreen.has(text)) return;
    onScreen.add(text);
    show(text, () => onScreen.delete(text));
  };
}
