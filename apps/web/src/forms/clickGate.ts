/**
 * Lets one click through per `delayMs` (spec 000 §9: submitting clicks are debounced by 1 s): the
 * first click acts at once, repeats within the delay are dropped.
 */
export function createClickGate(delayMs: number): (now: number) => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return (now) => {
    if (now - last < delayMs) return false;
    last = now;
    return true;
  };
}
