import { describe, expect, it } from 'vitest';
import { CODES, fail, isEnvelope, ok } from './envelope';
import { apiPath, PATHS } from './paths';
import { SERVICES } from './constants';

describe('the response envelope and the paths', () => {
  it('wraps data as { code, success, data, msg }', () => {
    expect(ok({ id: 1 })).toEqual({ code: 200, success: true, data: { id: 1 }, msg: 'success' });
    expect(fail(CODES.badRequest, 'Incorrect phone number')).toEqual({
      code: 400,
      success: false,
      data: null,
      msg: 'Incorrect phone number',
    });
    expect(isEnvelope(ok(null))).toBe(true);
    expect(isEnvelope({ access_token: 'x' })).toBe(false);
  });

  it('keeps the original service prefixes in every path', () => {
    for (const [name, path] of Object.entries(PATHS)) {
      // The server's own calls and the development providers' pages belong to no service of the
      // original; nor does the open API for partners (issue 34), versioned under /open/v1.
      if (path.startsWith('/open/v1/')) continue;
      if (
        [
          'health',
          'healthLive',
          'healthReady',
          'openapi',
          'devOutbox',
          'devFaceCheck',
          'devPayment',
          'devPaymentPage',
          'devPaymentSettle',
          'devInvoiceAdvance',
          'devHardwareKeyAdvance',
        ].includes(name)
      )
        continue;
      expect(
        SERVICES.some((service) => path.startsWith(`/${service}/`)),
        path,
      ).toBe(true);
    }
    expect(apiPath('token')).toBe('/api/blade-auth/oauth/token');
  });
});
