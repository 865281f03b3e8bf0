import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutboundUrl, forbiddenRange, OutboundRefusal, postOutbound } from './outbound';
import { signWebhook, webhookHeaders, callbackRetryDelayMs } from './webhooks';

const refusal = async (
  url: string,
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>,
) => {
  try {
    await checkOutboundUrl(url, { allowPrivate: false, ...(resolve ? { resolve } : {}) });
  } catch (error) {
    if (error instanceof OutboundRefusal) return error;
    throw error;
  }
  return null;
};

describe('the guard of callback URLs', () => {
  it('refuses every address that is not public unicast, IPv4-mapped forms included', () => {
    const refused = {
      '127.0.0.1': 'loopback',
      '127.255.0.9': 'loopback',
      '10.0.0.1': 'private',
      '172.16.5.4': 'private',
      '172.31.255.255': 'private',
      '192.168.1.1': 'private',
      '169.254.169.254': 'linkLocal',
      '100.64.0.1': 'carrierGradeNat',
      '0.0.0.0': 'unspecified',
      '224.0.0.1': 'multicast',
      '255.255.255.255': 'broadcast',
      '::1': 'loopback',
      '::': 'unspecified',
      'fc00::1': 'uniqueLocal',
      'fd12:3456::1': 'uniqueLocal',
      'fe80::1': 'linkLocal',
      'ff02::1': 'multicast',
      '::ffff:127.0.0.1': 'loopback',
      '::ffff:10.0.0.1': 'private',
      '::ffff:169.254.169.254': 'linkLocal',
      '64:ff9b::7f00:1': 'rfc6052',
      '2002:7f00:1::': '6to4',
    };
    for (const [address, range] of Object.entries(refused)) {
      expect(forbiddenRange(address), address).toBe(range);
    }
    for (const address of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::6810:85e5']) {
      expect(forbiddenRange(address), address).toBeNull();
    }
  });

  it('refuses URLs naming or resolving to such addresses, and other schemes', async () => {
    for (const url of [
      'http://127.0.0.1/hook',
      'http://10.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      'https://[::1]:8443/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://localhost:8080/hook',
    ]) {
      expect((await refusal(url))?.reason, url).toBe('callbackUrlPrivate');
    }
    // A name with one private address among public ones: either may be answered.
    const mixed = await refusal('https://hooks.example.com/x', async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ]);
    expect(mixed?.reason).toBe('callbackUrlPrivate');
    expect(mixed?.message).toContain('10.1.2.3');
    expect((await refusal('ftp://example.com/x'))?.reason).toBe('callbackUrlInvalid');
    expect((await refusal('file:///etc/passwd'))?.reason).toBe('callbackUrlInvalid');
    expect((await refusal('https://user:pw@example.com/x'))?.reason).toBe('callbackUrlInvalid');
    expect((await refusal('https://nowhere.invalid/x', async () => []))?.reason).toBe(
      'callbackUrlUnresolved',
    );
    const checked = await checkOutboundUrl('https://hooks.example.com/x?a=1', {
      allowPrivate: false,
      resolve: async () => [{ address: '93.184.215.14', family: 4 }],
    });
    expect(checked).toMatchObject({
      host: 'hooks.example.com',
      address: '93.184.215.14',
      family: 4,
    });
  });

  it('allows private addresses when the server is configured to', async () => {
    const checked = await checkOutboundUrl('http://localhost:9/hook', { allowPrivate: true });
    expect(['127.0.0.1', '::1']).toContain(checked.address);
  });
});

describe('sending to a checked address', () => {
  let server: http.Server;
  let port = 0;
  const seen: { host: string | undefined; path: string | undefined }[] = [];
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      seen.push({ host: request.headers.host, path: request.url });
      if (request.url === '/slow') return; // never answers
      response.writeHead(request.url === '/redirect' ? 307 : 200, {
        location: 'http://169.254.169.254/',
      });
      response.end('y'.repeat(5000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const send = (host: string, path: string, responseTimeoutMs = 2000) =>
    postOutbound({
      target: {
        url: new URL(`http://${host}:${port}${path}`),
        host,
        address: '127.0.0.1',
        family: 4,
      },
      headers: { 'webhook-id': 'msg_1' },
      body: '{}',
      connectTimeoutMs: 1000,
      responseTimeoutMs,
    });

  it('connects to the address checked, never resolving the name again (DNS rebinding)', async () => {
    const answer = await send('rebound.example', '/hook');
    expect(answer).toMatchObject({ statusCode: 200, error: null });
    expect(answer.excerpt).toHaveLength(1024);
    expect(seen.at(-1)).toEqual({ host: `rebound.example:${port}`, path: '/hook' });
  });

  it('does not follow a redirect, and gives up at the response timeout', async () => {
    const redirected = await send('127.0.0.1', '/redirect');
    expect(redirected).toMatchObject({ statusCode: 307, location: 'http://169.254.169.254/' });
    const slow = await send('127.0.0.1', '/slow', 200);
    expect(slow.statusCode).toBeNull();
    expect(slow.error).toBe('No answer within the response timeout (200 ms)');
    expect(slow.durationMs).toBeGreaterThanOrEqual(190);
  });

  it('reports a refused connection as an error, not a throw', async () => {
    const closed = await postOutbound({
      target: {
        url: new URL('http://127.0.0.1:9/'),
        host: '127.0.0.1',
        address: '127.0.0.1',
        family: 4,
      },
      headers: {},
      body: '{}',
      connectTimeoutMs: 1000,
      responseTimeoutMs: 1000,
    });
    expect(closed.statusCode).toBeNull();
    expect(closed.error).toContain('ECONNREFUSED');
  });
});

describe('Standard Webhooks signatures', () => {
  it('matches the specification’s published example', () => {
    // The example of the Standard Webhooks (and Svix) documentation; the standardwebhooks package signs it alike.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
    const timestamp = 1614265330;
    const body = '{"test": 2432232314}';
    expect(signWebhook(secret, id, timestamp, body)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
    expect(webhookHeaders([secret, secret], id, timestamp, body)['webhook-signature']).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE= v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('waits three times as long before each retry, at most 12 hours', () => {
    expect([1, 2, 3, 4].map((round) => callbackRetryDelayMs(round, 60_000))).toEqual([
      60_000, 180_000, 540_000, 1_620_000,
    ]);
    expect(callbackRetryDelayMs(10, 60_000)).toBe(12 * 3_600_000);
  });
});
