/**
 * An independent RFC 3161 time-stamp authority for tests: `openssl ts -reply` behind a small
 * `node:http` server on 127.0.0.1.
 *
 * Why it exists: the server's TSA client (PAdES B-T, issue 31) must be checked against a
 * time-stamp authority that shares no code with it. Were it tested only against the platform's
 * own TSA, a misreading of RFC 3161 on one side could be mirrored on the other and every test
 * would still pass. OpenSSL's implementation is the reference most verifiers are built on, so a
 * token it grants is what a real TSA's would look like: a SignedData whose signer info carries
 * the ESS signing-certificate-v2 attribute, signed by a certificate with the critical
 * `timeStamping` extended key usage, issued by a fresh CA that is made for each TSA.
 *
 * Everything lives in a temporary directory (keys, certificates, the `openssl ts` configuration,
 * its serial file and each request's query and reply) which `stop()` removes. Replies are made one
 * at a time, since every `openssl ts -reply` reads and rewrites the same serial file.
 *
 * `startSilentServer()` is the other half of a client's tests: a TCP server that accepts
 * connections and never answers, for the "TSA does not answer" path.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export interface OpenSslTsa {
  /**
   * e.g. http://127.0.0.1:40123/tsa — POST application/timestamp-query, answers
   * application/timestamp-reply
   */
  url: string;
  /**
   * PEM of the root CA that issued the TSA certificate (a fresh self-signed RSA-2048 CA made for
   * this TSA)
   */
  caPem: string;
  /**
   * PEM of the TSA certificate (issued by that CA, extendedKeyUsage critical timeStamping,
   * keyUsage digitalSignature+nonRepudiation)
   */
  tsaCertificatePem: string;
  /** How many requests it has answered */
  answered(): number;
  stop(): Promise<void>;
}

/** The OpenSSL command line; the system's, as the rest of the signing tests use. */
const OPENSSL = '/usr/bin/openssl';

/**
 * A TimeStampResp whose PKIStatusInfo is `rejection` (2) and nothing else:
 * SEQUENCE { SEQUENCE { INTEGER 2 } }.
 */
const REJECTION_REPLY = Buffer.from([0x30, 0x05, 0x30, 0x03, 0x02, 0x01, 0x02]);

/** Far more than any time-stamp query (a hash, a policy, a nonce): anything bigger is refused. */
const MAX_QUERY_BYTES = 64 * 1024;

/**
 * The one configuration file every `openssl` call here reads (through `-config`, `-extfile` and
 * OPENSSL_CONF, so the system's openssl.cnf plays no part): the certificates' names and
 * extensions, and the `[tsa]` section `openssl ts -reply` takes its settings from. Paths are
 * relative: every call runs in the TSA's directory.
 */
const CONFIG = `# Written by apps/server/src/signing/testing/opensslTsa.ts for one test TSA.
[req]
distinguished_name = req_dn
prompt = no

[req_dn]
CN = unused

[v3_ca]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash

[v3_tsa]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, nonRepudiation
extendedKeyUsage = critical, timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always

[tsa]
default_tsa = tsa_config

[tsa_config]
# Hexadecimal; openssl ts -reply increments and rewrites it for every reply.
serial = ./serial
crypto_device = builtin
signer_cert = ./tsa.pem
# Added to the token's certificates (with the signer's) when the query asks for certificates.
certs = ./ca.pem
signer_key = ./tsa.key
signer_digest = sha256
default_policy = 1.2.3.4.1
other_policies = 1.2.3.4.5, 1.2.3.4.6
digests = sha256, sha384, sha512
accuracy = secs:1
clock_precision_digits = 0
ordering = no
tsa_name = no
ess_cert_id_chain = no
# SHA-256 makes the signer info's attribute ESS signing-certificate-v2 (SHA-1 would give v1).
ess_cert_id_alg = sha256
`;

const execFileAsync = promisify(execFile);

/** Runs `openssl` in `cwd`; a failure's error carries OpenSSL's own message. */
async function openssl(cwd: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await execFileAsync(OPENSSL, args, {
      cwd,
      env: { ...process.env, OPENSSL_CONF: path.join(cwd, 'openssl.cnf') },
    });
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: unknown }).stderr;
    const detail = typeof stderr === 'string' && stderr.trim() ? `: ${stderr.trim()}` : '';
    throw new Error(`openssl ${args[0] ?? ''} failed${detail}`, { cause: error });
  }
}

/** A random positive certificate serial number, as `-set_serial` takes it. */
function randomSerial(): string {
  return `0x01${randomBytes(8).toString('hex')}`;
}

/** The CA and the TSA's key and certificate, written in `dir`. */
async function makeCertificates(dir: string): Promise<{ caPem: string; tsaPem: string }> {
  await openssl(dir, [
    'req',
    '-x509',
    '-config',
    'openssl.cnf',
    '-extensions',
    'v3_ca',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-subj',
    '/O=esign tests/CN=OpenSSL Test TSA Root CA',
    '-days',
    '2',
    '-sha256',
    '-set_serial',
    randomSerial(),
  ]);
  await openssl(dir, [
    'req',
    '-new',
    '-config',
    'openssl.cnf',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'tsa.key',
    '-out',
    'tsa.csr',
    '-subj',
    '/O=esign tests/CN=OpenSSL Test TSA',
  ]);
  await openssl(dir, [
    'x509',
    '-req',
    '-in',
    'tsa.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-set_serial',
    randomSerial(),
    '-days',
    '2',
    '-sha256',
    '-extfile',
    'openssl.cnf',
    '-extensions',
    'v3_tsa',
    '-out',
    'tsa.pem',
  ]);
  const [caPem, tsaPem] = await Promise.all([
    readFile(path.join(dir, 'ca.pem'), 'utf8'),
    readFile(path.join(dir, 'tsa.pem'), 'utf8'),
  ]);
  return { caPem, tsaPem };
}

/** The request's body, or null when it is larger than any time-stamp query. */
async function readBody(request: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size > MAX_QUERY_BYTES) return null;
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

function answerText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(text);
}

/** The address a server listening on 127.0.0.1 got, as a URL of the `/tsa` path. */
function urlOf(address: string | AddressInfo | null): string {
  if (address === null || typeof address === 'string') throw new Error('Not listening on TCP');
  return `http://127.0.0.1:${address.port}/tsa`;
}

/**
 * Starts a TSA: a fresh CA and TSA certificate, and an HTTP server on 127.0.0.1 that answers
 * every POST with `openssl ts -reply`'s reply to its body — or, with `status: 'rejection'`, with
 * a reply whose status is rejection and which carries no token.
 */
export async function startOpenSslTsa(
  options: { status?: 'granted' | 'rejection' } = {},
): Promise<OpenSslTsa> {
  const status = options.status ?? 'granted';
  const dir = await mkdtemp(path.join(tmpdir(), 'esign-openssl-tsa-'));
  let answered = 0;
  let requests = 0;
  /** The replies being made, one after another (they share the serial file). */
  let queue: Promise<unknown> = Promise.resolve();

  const reply = (query: Buffer): Promise<Buffer> => {
    const id = ++requests;
    const queryFile = `query-${id}.tsq`;
    const replyFile = `reply-${id}.tsr`;
    const made = queue.then(async () => {
      await writeFile(path.join(dir, queryFile), query);
      try {
        const args = ['ts', '-reply', '-config', 'openssl.cnf', '-queryfile', queryFile];
        await openssl(dir, [...args, '-out', replyFile]);
        return await readFile(path.join(dir, replyFile));
      } finally {
        await Promise.all([
          unlink(path.join(dir, queryFile)).catch(() => undefined),
          unlink(path.join(dir, replyFile)).catch(() => undefined),
        ]);
      }
    });
    queue = made.catch(() => undefined);
    return made;
  };

  try {
    await writeFile(path.join(dir, 'openssl.cnf'), CONFIG);
    await writeFile(path.join(dir, 'serial'), '01\n');
    const { caPem, tsaPem } = await makeCertificates(dir);

    const server = createServer((request, response) => {
      void (async () => {
        if (request.method !== 'POST') {
          response.setHeader('allow', 'POST');
          answerText(response, 405, 'Time-stamp queries are POSTed');
          return;
        }
        const query = await readBody(request);
        if (query === null) {
          answerText(response, 413, 'Not a time-stamp query: too large');
          return;
        }
        let body: Buffer;
        try {
          body = status === 'rejection' ? REJECTION_REPLY : await reply(query);
        } catch (error) {
          answerText(response, 500, error instanceof Error ? error.message : String(error));
          return;
        }
        answered++;
        response.writeHead(200, {
          'content-type': 'application/timestamp-reply',
          'content-length': body.length,
        });
        response.end(body);
      })().catch((error: unknown) => {
        response.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    });
    await listenLocally(server);

    return {
      url: urlOf(server.address()),
      caPem,
      tsaCertificatePem: tsaPem,
      answered: () => answered,
      async stop() {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // Keep-alive connections (fetch keeps them) would hold close() open.
        server.closeAllConnections();
        await closed;
        await queue;
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A URL on 127.0.0.1 where a TCP server accepts connections and never answers (for "TSA does not
 * answer" tests) plus stop().
 */
export async function startSilentServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    // Whatever the client sends is read and ignored; a reset is no concern of the server's.
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await listenLocally(server);
  return {
    url: urlOf(server.address()),
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** Listens on a free port of 127.0.0.1, or fails with the server's error. */
function listenLocally(server: {
  once(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
  listen(port: number, host: string, callback: () => void): unknown;
}): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
