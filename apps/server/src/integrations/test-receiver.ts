/**
 * For tests: a callback receiver on 127.0.0.1 that records what it is sent and answers as the test
 * says, and the signature check a partner would write by hand (Node's crypto only), independent of
 * the server's own signing code.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Date.now() when it arrived. */
  at: number;
}

export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface Receiver {
  /** http://127.0.0.1:<port> */
  base: string;
  received: Received[];
  /** How the next requests are answered (200 `{"received":true}` unless set). */
  answer: (decide: (request: Received) => Answer) => void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let decide: (request: Received) => Answer = () => ({ status: 200, body: '{"received":true}' });
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const got: Received = {
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(got);
      const answer = decide(got);
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        ...answer.headers,
      });
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    received,
    answer: (next) => {
      decide = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0]! : (value ?? '');
};

/**
 * The Standard Webhooks check as a partner writes it with Node's crypto: HMAC-SHA256 of
 * `{webhook-id}.{webhook-timestamp}.{body}` keyed with the base64-decoded secret after `whsec_`,
 * compared in constant time with each `v1,` signature of the header; the timestamp within
 * `toleranceSeconds` of `nowSeconds`.
 */
export function verifiedByHand(
  secret: string,
  { headers, body }: Pick<Received, 'headers' | 'body'>,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) {
    return false;
  }
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return header(headers, 'webhook-signature')
    .split(' ')
    .map((part) => part.split(','))
    .filter(([version]) => version === 'v1')
    .map(([, signature]) => Buffer.from(signature ?? '', 'base64'))
    .some(
      (signature) => signature.length === expected.length && timingSafeEqual(signature, expected),
    );
}
