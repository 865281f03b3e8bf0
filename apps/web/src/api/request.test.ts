import { CODES, type Envelope } from '@esign/platform';
import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type InternalAxiosRequestConfig,
} from 'axios';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_AUTHORIZATION,
  RequestError,
  createRequest,
  type RequestCredentials,
} from './request';

interface Answer {
  status: number;
  body: unknown;
}

/** A request module answering from a table, recording what was sent, shown and done. */
function harness(answer: Answer | 'timeout', credentials: Partial<RequestCredentials> = {}) {
  const sent: InternalAxiosRequestConfig[] = [];
  const toasts: string[] = [];
  let expired = 0;
  const refused: (string | null)[] = [];
  let renewals = 0;
  let leftCompany = 0;
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    if (answer === 'timeout') {
      throw new AxiosError('timeout of 40000ms exceeded', AxiosError.ECONNABORTED, config);
    }
    const response = {
      data: answer.body,
      status: answer.status,
      statusText: '',
      headers: new AxiosHeaders(),
      config,
    };
    if (config.validateStatus?.(answer.status) === false) {
      throw new AxiosError('failed', AxiosError.ERR_BAD_RESPONSE, config, null, response);
    }
    return response;
  };
  const send = createRequest({
    credentials: () => ({
      token: null,
      tenantId: '000000',
      companyAuth: '',
      captcha: null,
      ...credentials,
    }),
    locale: () => 'en',
    toast: (text) => toasts.push(text),
    expire: (token) => {
      expired++;
      refused.push(token);
    },
    beforeSend: async () => void renewals++,
    leftCompany: () => void leftCompany++,
    adapter,
  });
  return {
    send,
    sent,
    toasts,
    expired: () => expired,
    refused,
    renewals: () => renewals,
    leftCompany: () => leftCompany,
  };
}

const envelope = (code: number, msg: string, data: unknown = null): Envelope => ({
  code,
  success: code === CODES.success,
  data,
  msg,
});

async function rejection(promise: Promise<unknown>): Promise<RequestError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RequestError);
  return error as RequestError;
}

describe('request headers', () => {
  it('name the client, tenant and language, and the session when there is one', async () => {
    const { send, sent } = harness(
      { status: 200, body: envelope(200, 'success') },
      { token: 'T', companyAuth: 'C' },
    );
    await send({ url: '/blade-user/busi-user/userInfo' });
    const headers = sent[0]!.headers;
    expect(sent[0]!.baseURL).toBe('/api');
    expect(sent[0]!.timeout).toBe(40_000);
    expect(headers.get('Authorization')).toBe(CLIENT_AUTHORIZATION);
    expect(atob(CLIENT_AUTHORIZATION.slice(6))).toBe('esign:esign_secret');
    expect(headers.get('Blade-Auth')).toBe('bearer T');
    expect(headers.get('Tenant-Id')).toBe('000000');
    expect(headers.get('Company-Auth')).toBe('C');
    expect(headers.get('Lang')).toBe('en');
  });

  it('leave the session out when logged out', async () => {
    const { send, sent } = harness({ status: 200, body: envelope(200, 'success') });
    await send({ url: '/x' });
    expect(sent[0]!.headers.has('Blade-Auth')).toBe(false);
    expect(sent[0]!.headers.has('Company-Auth')).toBe(false);
  });

  it('carry the captcha only when both its key and code are set', async () => {
    for (const [captcha, expected] of [
      [{ key: 'K', code: 'abcd' }, true],
      [{ key: 'K', code: '' }, false],
      [{ key: '', code: 'abcd' }, false],
      [null, false],
    ] as const) {
      const { send, sent } = harness({ status: 200, body: {} }, { captcha });
      await send({ url: '/x' });
      expect(sent[0]!.headers.has('Captcha-Key'), JSON.stringify(captcha)).toBe(expected);
      expect(sent[0]!.headers.has('Captcha-Code'), JSON.stringify(captcha)).toBe(expected);
    }
  });
});

describe('answers with HTTP 200', () => {
  it('resolve with the body on code 200, without a toast', async () => {
    const { send, toasts } = harness({ status: 200, body: envelope(200, 'success', { a: 1 }) });
    await expect(send({ url: '/x' })).resolves.toEqual(envelope(200, 'success', { a: 1 }));
    expect(toasts).toEqual([]);
  });

  it('pass code 101007 through silently', async () => {
    const { send, toasts } = harness({ status: 200, body: envelope(101007, 'quiet') });
    await expect(send({ url: '/x' })).resolves.toMatchObject({ code: 101007 });
    expect(toasts).toEqual([]);
  });

  it('return the face-auth-result body as it is', async () => {
    const { send, toasts } = harness({ status: 200, body: envelope(3, 'not yet') });
    const url = '/blade-user/busi-company/face-auth-result';
    await expect(send({ url })).resolves.toEqual(envelope(3, 'not yet'));
    expect(toasts).toEqual([]);
  });

  it('toast the msg of any other code and still resolve with the body', async () => {
    const { send, toasts } = harness({ status: 200, body: envelope(10001, 'Seal not found') });
    await expect(send({ url: '/x' })).resolves.toMatchObject({ code: 10001 });
    expect(toasts).toEqual(['Seal not found']);
  });

  it('keep quiet for callers that show the problem in place', async () => {
    const { send, toasts } = harness({ status: 200, body: envelope(10001, 'Seal not found') });
    await send({ url: '/x', quiet: true });
    expect(toasts).toEqual([]);
  });

  it('pass bodies that are not envelopes (the token endpoint) through', async () => {
    const token = { access_token: 'a', expires_in: 1800 };
    const { send, toasts } = harness({ status: 200, body: token });
    await expect(send({ url: '/blade-auth/oauth/token' })).resolves.toEqual(token);
    expect(toasts).toEqual([]);
  });
});

describe('failures', () => {
  it('401: the server description, a logout naming the refused token, a rejection', async () => {
    const { send, toasts, expired, refused } = harness(
      { status: 401, body: envelope(401, 'Login information expired, please login again') },
      { token: 'access-7' },
    );
    const error = await rejection(send({ url: '/x' }));
    expect(error.status).toBe(401);
    expect(toasts).toEqual(['Login information expired, please login again']);
    expect(expired()).toBe(1);
    // The session layer ends the session only if it still is the one refused.
    expect(refused).toEqual(['access-7']);
  });

  it('403 of a company that no longer lets the user in: the message, and out of the company', async () => {
    const ended = harness({
      status: 403,
      body: envelope(CODES.companyAccessEnded, 'You no longer have access to this company'),
    });
    await expect(ended.send({ url: '/blade-user/info' })).rejects.toBeInstanceOf(RequestError);
    expect(ended.toasts).toEqual(['You no longer have access to this company']);
    expect(ended.leftCompany()).toBe(1);
    expect(ended.expired()).toBe(0);

    // A page the role does not grant is refused, and the user stays in the company.
    const refused = harness({ status: 403, body: envelope(403, 'No permission for now') });
    await expect(refused.send({ url: '/blade-system/staff/query-staff-list' })).rejects.toThrow(
      'No permission for now',
    );
    expect(refused.leftCompany()).toBe(0);
  });

  it('renews a due session before every call but the token endpoint’s', async () => {
    const { send, renewals } = harness({ status: 200, body: envelope(200, 'ok') });
    await send({ url: '/x' });
    await send({
      method: 'POST',
      url: '/blade-auth/oauth/token',
      data: 'grant_type=refresh_token',
    });
    expect(renewals()).toBe(1);
  });

  it('401 without a description: the default login-expired text, even for quiet calls', async () => {
    const { send, toasts, expired } = harness({ status: 401, body: '' });
    await rejection(send({ url: '/x', quiet: true }));
    expect(toasts).toEqual(['Login information expired, please login again']);
    expect(expired()).toBe(1);
  });

  it('400: OAuth2 error_description first, then msg, and the body stays readable', async () => {
    const oauth = { error: 'invalid_grant', error_description: 'Wrong', captcha_required: true };
    const first = harness({ status: 400, body: oauth });
    const error = await rejection(first.send({ url: '/blade-auth/oauth/token' }));
    expect(first.toasts).toEqual(['Wrong']);
    expect(error.message).toBe('Wrong');
    expect(error.body).toEqual(oauth);
    expect(first.expired()).toBe(0);

    const second = harness({ status: 400, body: envelope(400, 'phone: Incorrect phone number') });
    await rejection(second.send({ url: '/x' }));
    expect(second.toasts).toEqual(['phone: Incorrect phone number']);
  });

  it('500 with a grant_type: login failure; otherwise: server exception', async () => {
    const body = envelope(500, 'boom');
    const login = harness({ status: 500, body });
    await rejection(
      login.send({
        url: '/blade-auth/oauth/token',
        method: 'POST',
        data: new URLSearchParams({ grant_type: 'password' }),
      }),
    );
    expect(login.toasts).toEqual(['Login failure']);

    const loginByQuery = harness({ status: 500, body });
    await rejection(loginByQuery.send({ url: '/t', params: { grant_type: 'refresh_token' } }));
    expect(loginByQuery.toasts).toEqual(['Login failure']);

    const other = harness({ status: 500, body });
    await rejection(other.send({ url: '/x' }));
    expect(other.toasts).toEqual(['Server exception']);
  });

  it('other statuses and timeouts: the description or "Request exception", and a rejection', async () => {
    const limited = harness({ status: 429, body: envelope(429, 'Too many attempts') });
    await rejection(limited.send({ url: '/x' }));
    expect(limited.toasts).toEqual(['Too many attempts']);

    const timeout = harness('timeout');
    const error = await rejection(timeout.send({ url: '/x' }));
    expect(error.status).toBeNull();
    expect(timeout.toasts).toEqual(['Request exception']);
  });

  it('stay quiet (but reject) for callers that show the problem in place', async () => {
    const { send, toasts } = harness({ status: 404, body: envelope(404, 'Not found') });
    await rejection(send({ url: '/x', quiet: true }));
    expect(toasts).toEqual([]);
  });
});
