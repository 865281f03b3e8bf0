import type { KeyboardEvent } from 'react';

/** Enter in a dialog's text area submits its form (Shift+Enter starts a new line). */
export function submitOnEnter(submit: () => void) {
  return (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };
}
