import { CLICK_DEBOUNCE_MS } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { createClickGate } from './clickGate';

describe('submitting clicks', () => {
  it('act on the first click and drop repeats within a second', () => {
    const gate = createClickGate(CLICK_DEBOUNCE_MS);
    expect(gate(10_000)).toBe(true);
    expect(gate(10_001)).toBe(false);
    expect(gate(10_999)).toBe(false);
    expect(gate(11_000)).toBe(true);
    expect(gate(11_500)).toBe(false);
  });
});
