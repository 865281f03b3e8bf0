import { describe, expect, it } from 'vitest';
import { RequestError } from '../api/request';
import { resendWaitOf } from './useCountdown';

describe('the seconds a refused resend still waits', () => {
  it('are the server’s, when it refused because the last code is under a minute old', () => {
    const wait = new RequestError('A code was sent less than a minute ago', 429, {
      code: 429,
      success: false,
      data: { resendAfter: 37 },
      msg: 'A code was sent less than a minute ago',
    });
    expect(resendWaitOf(wait)).toBe(37);
  });

  it('are none for the other refusals: too many codes, bad input, no answer', () => {
    const tooMany = new RequestError('Too many codes', 429, { code: 429, data: null });
    expect(resendWaitOf(tooMany)).toBeNull();
    const badPhone = new RequestError('Incorrect phone number', 400, { data: { resendAfter: 5 } });
    expect(resendWaitOf(badPhone)).toBeNull();
    expect(resendWaitOf(new RequestError('Network error', null, undefined))).toBeNull();
    expect(resendWaitOf(new Error('not a request'))).toBeNull();
  });
});
