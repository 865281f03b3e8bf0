import { CLICK_DEBOUNCE_MS } from '@esign/platform';
import { useRef, useState } from 'react';
import { isShownFailure } from '../api/client';
import { createClickGate } from './clickGate';

/**
 * Wraps a form's submit action: repeated clicks within a second and clicks while the request runs
 * are dropped; `pending` drives the button's loading state.
 */
export function useSubmit<T>(action: (values: T) => Promise<void>): {
  submit: (values: T) => void;
  pending: boolean;
} {
  const gate = useRef(createClickGate(CLICK_DEBOUNCE_MS));
  const [pending, setPending] = useState(false);
  const submit = (values: T) => {
    if (pending || !gate.current(Date.now())) return;
    setPending(true);
    action(values)
      .catch((error: unknown) => {
        // The request module has shown it; the form stays for another try.
        if (!isShownFailure(error)) throw error;
      })
      .finally(() => setPending(false));
  };
  return { submit, pending };
}
