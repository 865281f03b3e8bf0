import { CLICK_DEBOUNCE_MS, isEnvelope, refusedFieldOf } from '@esign/platform';
import { useRef, useState } from 'react';
import { EnvelopeError, claimFailure } from '../api/client';
import { RequestError } from '../api/request';
import { createClickGate } from './clickGate';

/**
 * The server's refusal of a submission, shown beside the form until the person acts: they retry
 * (a new submission clears it) or dismiss it.
 */
export interface Refusal {
  text: string;
  /**
   * The field the server named (a dotted path such as `participants.0.name`), when it refused
   * the input of one: the form shows the text at that field too (FormRefusal).
   */
  field: string | null;
  dismiss(): void;
}

/** The field a failed call's refusal names (see RefusedField), or null. */
export function refusedField(error: unknown): string | null {
  if (error instanceof EnvelopeError) return refusedFieldOf(error.envelope.data);
  if (error instanceof RequestError && isEnvelope(error.body))
    return refusedFieldOf(error.body.data);
  return null;
}

/**
 * Wraps a form's submit action: repeated clicks within a second and clicks while the request runs
 * are dropped; `pending` drives the button's loading state; `refusal` is what the server answered
 * to the last submission when it refused it — an error asks the person to act, so it does not pass
 * like a notice (spec 000 §8's toast time is for notices).
 */
export function useSubmit<T>(action: (values: T) => Promise<void>): {
  submit: (values: T) => void;
  pending: boolean;
  refusal: Refusal | null;
} {
  const gate = useRef(createClickGate(CLICK_DEBOUNCE_MS));
  const [pending, setPending] = useState(false);
  const [refused, setRefused] = useState<{ text: string; field: string | null } | null>(null);
  const submit = (values: T) => {
    if (pending || !gate.current(Date.now())) return;
    setPending(true);
    setRefused(null);
    action(values)
      .catch((error: unknown) => {
        // The form stays for another try, the refusal beside it.
        const text = claimFailure(error);
        if (text === null) throw error;
        setRefused({ text, field: refusedField(error) });
      })
      .finally(() => setPending(false));
  };
  const refusal = refused === null ? null : { ...refused, dismiss: () => setRefused(null) };
  return { submit, pending, refusal };
}
