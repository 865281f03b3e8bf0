import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PATHS, type ContractDocument, type UploadedFile } from '@esign/platform';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db';
import { withQuery } from '../test-support/account';
import { spawnServer, type ServerProcess } from '../test-support/built-server';
import { call, login } from '../test-support/server';
import { until } from '../test-support/until';
import { uploadFile, uploadStream } from '../test-support/uploads';
import { wordDocument } from '../test-support/word-files';

/** Each test starts a built server, given a minute on a busy machine, and converts a DOCX. */
const TEST_MS = 180_000;

/** Opens a connection and sends the head of a GET without its closing blank line. */
async function halfSentRequest(base: string, apiPath: string): Promise<Socket> {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(`GET /api${apiPath} HTTP/1.1\r\nHost: ${hostname}\r\n`);
  return socket;
}

/** Whether a new connection to `base` is refused. */
function refused(base: string): Promise<boolean> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

// Whole built server processes (npm run build) stopped as an orchestrator stops them: SIGTERM,
// then SHUTDOWN_TIMEOUT_MS at most.
describe('stopping a server process with SIGTERM', { timeout: TEST_MS }, () => {
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  const start = async (env: Record<string, string>) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'esign-shutdown-'));
    dataDirs.push(dataDir);
    const server = await spawnServer({ dataDir, demo: true, env });
    servers.push(server);
    await server.healthy();
    return { server, dataDir };
  };
  afterEach(() => Promise.all(servers.splice(0).map((server) => server.kill('SIGKILL'))));
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('finishes the request and the job in flight, refuses new connections, answers 503 on open ones, and exits 0', async () => {
    const { server, dataDir } = await start({ SHUTDOWN_TIMEOUT_MS: '60000' });
    const { access_token: token } = await login(server.base);

    // A job in flight: a DOCX converting through LibreOffice (seconds).
    const uploaded = await uploadFile(
      server.base,
      token,
      wordDocument(['Lease', 'The tenant pays on the first day of each month.']),
      'Lease.docx',
    );
    expect(uploaded.status).toBe(200);
    const created = await call<ContractDocument>(server.base, 'POST', PATHS.documentCreate, {
      token,
      body: { fileId: uploaded.body.data.id },
    });
    expect(created.body.data.status).toBe('converting');
    const documentId = created.body.data.id;
    const createdBy = created.headers.get('x-request-id');
    await until(
      async () =>
        (
          await call<ContractDocument>(
            server.base,
            'GET',
            withQuery(PATHS.documentStatus, { id: documentId }),
            { token },
          )
        ).body.data.conversion?.state === 'running',
      30_000,
    );

    // A connection a load balancer holds open, and an upload that takes about two seconds.
    const open = await halfSentRequest(server.base, PATHS.healthReady);
    const upload = uploadStream(server.base, token, {
      head: '%PDF-1.7\n',
      size: 40 * 16 * 1024,
      chunkBytes: 16 * 1024,
      pauseMs: 50,
    });
    await sleep(300);
    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');

    // No new connection is taken…
    await until(() => refused(server.base), 5_000, 50);
    // …and a request on one still open is told the process is going (readiness fails).
    const answered = new Promise<string>((resolve) => {
      let text = '';
      open.on('data', (chunk: Buffer) => (text += chunk.toString()));
      open.once('close', () => resolve(text));
    });
    open.write('\r\n');
    expect(await answered).toMatch(/^HTTP\/1\.1 503 /);

    // The upload in flight is answered in full.
    const answer = await upload;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: UploadedFile }).data.contentType).toBe(
      'application/pdf',
    );
    expect(await server.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(60_000);

    // The conversion running at SIGTERM was finished, after it, before the process ended.
    const database = await openDatabase({ dataDir });
    try {
      const [row] = await database.query<{ document: string; job: string; finished: Date }>(
        `SELECT d.status AS document, j.status AS job, j.finished_at AS finished
         FROM documents d JOIN jobs j ON j.id = d.job_id WHERE d.id = $1`,
        [documentId],
      );
      expect(row).toMatchObject({ document: 'ready', job: 'done' });
      expect(new Date(row!.finished).getTime()).toBeGreaterThan(stoppedAt);
    } finally {
      await database.close();
    }

    // Its log: JSON lines only, the stop said, the job's end under the request that queued it.
    const output = server.output();
    // Only the last 20,000 characters are kept: a first line cut short is not looked at.
    const complete = output.length < 20_000 ? output : output.slice(output.indexOf('\n') + 1);
    const lines = complete
      .trim()
      .split('\n')
      .map((line) => {
        try {
          return JSON.parse(line) as { msg: string; reqId?: string; job?: { kind: string } };
        } catch {
          throw new Error(`not a JSON line: ${line}`);
        }
      });
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^SIGTERM: stopping/), 'stopped']),
    );
    expect(
      lines.find((line) => line.msg === 'job done' && line.job?.kind === 'document.convert'),
    ).toMatchObject({ reqId: createdBy });
  });

  it('exits within SHUTDOWN_TIMEOUT_MS when a request never ends, logging what it cut off', async () => {
    const { server } = await start({ SHUTDOWN_TIMEOUT_MS: '1500' });
    const { access_token: token } = await login(server.base);
    // An upload whose client stops sending after its first bytes.
    const abandoned = new AbortController();
    const boundary = 'never-ending';
    const hanging = fetch(`${server.base}/api${PATHS.upload}`, {
      method: 'POST',
      headers: {
        'Blade-Auth': `bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(
            new TextEncoder().encode(
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n` +
                'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
            ),
          );
        },
        pull: () => new Promise(() => undefined),
      }),
      duplex: 'half',
      signal: abandoned.signal,
    } as RequestInit).catch(() => null);
    await until(() => Promise.resolve(server.output().includes(PATHS.upload)), 10_000);

    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    const took = Date.now() - stoppedAt;
    expect(took).toBeGreaterThanOrEqual(1500);
    expect(took).toBeLessThan(10_000);
    expect(server.output()).toContain('passed: cut off 1 request(s) and 0 job(s) in flight');
    expect(server.output()).toContain(`"route":"/api${PATHS.upload}"`);
    abandoned.abort();
    await hanging;
  });
});
