/**
 * Requests the server makes to addresses its users give (callback URLs), guarded against
 * server-side request forgery: only http(s); the host name is resolved once and every address it
 * resolves to must be a public unicast address — loopback, private (10/8, 172.16/12, 192.168/16,
 * fc00::/7), link-local (169.254/16 with the cloud metadata address 169.254.169.254, fe80::/10),
 * carrier-grade NAT, unspecified, multicast, broadcast, reserved and documentation ranges, and the
 * IPv6 forms that embed an IPv4 address (::ffff:a.b.c.d, NAT64, 6to4, Teredo) are refused, unless
 * the server allows private addresses (ALLOW_PRIVATE_CALLBACKS=1, for development and tests).
 *
 * The request then connects to the address that was checked — the socket's lookup answers it, so
 * no second DNS lookup can return another (DNS rebinding) — while the Host header and TLS (SNI and
 * the certificate's name) still use the URL's host name. Redirects are never followed: a 3xx is an
 * answer like any other, and a callback that answers one fails.
 */
import { CALLBACK_RESPONSE_EXCERPT_BYTES } from '@esign/platform';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';

/** Why an address may not be called: the range it falls in (ipaddr.js's name), or null when public. */
export function forbiddenRange(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return 'invalid';
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  return range === 'unicast' ? null : range;
}

/** A URL the guard refuses: why, as a message key for the person saving and in English for logs. */
export class OutboundRefusal extends Error {
  constructor(
    readonly reason: 'callbackUrlInvalid' | 'callbackUrlPrivate' | 'callbackUrlUnresolved',
    detail: string,
  ) {
    super(detail);
  }
}

/** A URL resolved and checked: where to connect. */
export interface CheckedTarget {
  url: URL;
  /** The host name as the URL has it, without IPv6 brackets. */
  host: string;
  address: string;
  family: 4 | 6;
}

export interface GuardOptions {
  /** ALLOW_PRIVATE_CALLBACKS: private addresses are allowed (development, tests). */
  allowPrivate: boolean;
  /** Resolves a host name to every address it has (the system's resolver by default). */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

const systemResolve = (host: string) => dnsLookup(host, { all: true, verbatim: true });

/**
 * Resolves a callback URL's host and checks every address it resolves to (a name with one private
 * address among public ones is refused, since either may be answered). Throws `OutboundRefusal`.
 */
export async function checkOutboundUrl(
  text: string,
  { allowPrivate, resolve = systemResolve }: GuardOptions,
): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundRefusal('callbackUrlInvalid', 'Not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefusal(
      'callbackUrlInvalid',
      `Only http and https are called, not ${url.protocol}`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new OutboundRefusal('callbackUrlInvalid', 'Credentials in a callback URL are not sent');
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) {
      throw new OutboundRefusal('callbackUrlUnresolved', `The host name ${host} does not resolve`);
    }
  }
  if (!allowPrivate) {
    for (const { address } of addresses) {
      const range = forbiddenRange(address);
      if (range !== null) {
        throw new OutboundRefusal(
          'callbackUrlPrivate',
          `${host} resolves to ${address} (${range}), which callbacks may not reach`,
        );
      }
    }
  }
  const [first] = addresses;
  return { url, host, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}

/** What one request got. */
export interface OutboundAnswer {
  /** The HTTP status; null when no answer came. */
  statusCode: number | null;
  /** The first bytes of the answer's body (at most 1 KB), as text. */
  excerpt: string;
  /** Where a 3xx pointed (not followed). */
  location: string | null;
  /** What went wrong before an answer, in English; null when one came. */
  error: string | null;
  durationMs: number;
}

export interface OutboundRequest {
  target: CheckedTarget;
  headers: Record<string, string>;
  body: string;
  /** No connection within this many ms: the attempt fails. */
  connectTimeoutMs: number;
  /** No complete answer within this many ms of connecting: the attempt fails. */
  responseTimeoutMs: number;
  signal?: AbortSignal;
}

/**
 * POSTs to a checked target, connecting to its checked address only, and reads at most
 * `CALLBACK_RESPONSE_EXCERPT_BYTES` of the answer (the rest is not read). Never throws: a failure
 * is an answer with `error`.
 */
export function postOutbound({
  target,
  headers,
  body,
  connectTimeoutMs,
  responseTimeoutMs,
  signal,
}: OutboundRequest): Promise<OutboundAnswer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // The socket's lookup answers the address checked, whatever the resolver would say now.
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) {
      (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    } else {
      callback(null, target.address, target.family);
    }
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    let responseTimer: NodeJS.Timeout | undefined;
    const finish = (answer: Omit<OutboundAnswer, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(responseTimer);
      request.destroy();
      resolve({ ...answer, durationMs: elapsed() });
    };
    const failed = (error: string) =>
      finish({ statusCode: null, excerpt: '', location: null, error });
    const request = client.request(
      {
        method: 'POST',
        protocol: target.url.protocol,
        host: target.host,
        servername: isIP(target.host) ? undefined : target.host,
        port: target.url.port || undefined,
        path: `${target.url.pathname}${target.url.search}`,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'esign-webhooks/1',
        },
        lookup,
        agent: false,
        signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          finish({
            statusCode: response.statusCode ?? null,
            excerpt: Buffer.concat(chunks)
              .subarray(0, CALLBACK_RESPONSE_EXCERPT_BYTES)
              .toString('utf8')
              .replace(/\uFFFD+$/, ''),
            location:
              typeof response.headers.location === 'string' ? response.headers.location : null,
            error: null,
          });
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= CALLBACK_RESPONSE_EXCERPT_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const connectTimer = setTimeout(
      () => failed(`No connection within the connection timeout (${connectTimeoutMs} ms)`),
      connectTimeoutMs,
    );
    request.on('socket', (socket) => {
      const connected = () => {
        clearTimeout(connectTimer);
        responseTimer = setTimeout(
          () => failed(`No answer within the response timeout (${responseTimeoutMs} ms)`),
          responseTimeoutMs,
        );
      };
      if (socket.connecting) socket.once('connect', connected);
      else connected();
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      failed(`${error.code ? `${error.code}: ` : ''}${error.message}`.slice(0, 500)),
    );
    request.end(body);
  });
}
