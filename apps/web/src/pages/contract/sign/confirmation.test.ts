import { describe, expect, it } from 'vitest';
import { FACE_POLL_MS, codeButton, facePollInterval } from './confirmation';

describe('confirming a signature', () => {
  it('counts the code button down, then offers to send again', () => {
    expect(codeButton(0, false)).toEqual({ key: 'contractSign.sendCode', seconds: 0 });
    expect(codeButton(60, true)).toEqual({ key: 'contractSign.resendIn', seconds: 60 });
    expect(codeButton(1, true)).toEqual({ key: 'contractSign.resendIn', seconds: 1 });
    expect(codeButton(0, true)).toEqual({ key: 'contractSign.resend', seconds: 0 });
  });

  it('asks about a face check until it passed or failed', () => {
    expect(facePollInterval(undefined)).toBe(FACE_POLL_MS);
    expect(facePollInterval({ state: 'pending' })).toBe(FACE_POLL_MS);
    expect(facePollInterval({ state: 'failed' })).toBe(false);
    expect(
      facePollInterval({ state: 'passed', ticket: 't', expiresAt: '2026-11-24T10:00:00Z' }),
    ).toBe(false);
  });
});
