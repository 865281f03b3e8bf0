import type { FormInstance } from 'antd';
import type { KeyboardEvent } from 'react';

/**
 * A dialog form's keyboard use: Enter in any of its one-line fields submits it, as the dialog's
 * OK button does (a text area keeps Enter for new lines; a composing input method keeps it too).
 */
export function submitOnEnter(form: FormInstance) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (!(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    form.submit();
  };
}
