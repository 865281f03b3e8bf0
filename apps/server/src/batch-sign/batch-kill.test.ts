import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BatchSignInfo } from '@esign/platform';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db';
import { type Backend, startTestServer } from '../test-support/server';
import { ADMIN_PHONE, sealFor, sendForSigning, signingCast } from '../test-support/signing';
import { batchCode, batchWorker, pdfSignatures } from './test-support';

const CONTRACTS = 6;
/** The lease of the worker that resumes: a job locked longer ago was left by a dead worker. */
const LEASE_MS = 1500;

/** Where the database of a case lives, so that a process of its own can open it too. */
interface Place {
  name: 'PGlite' | 'PostgreSQL';
  dataDir: string;
  url: string;
  schema: string;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

function places(): Place[] {
  const list: Place[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'esign-batch-kill-'));
  list.push({
    name: 'PGlite',
    dataDir,
    url: '',
    schema: '',
    open: () => openDatabase({ dataDir }),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  });
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `test_${randomUUID().replace(/-/g, '')}`;
    list.push({
      name: 'PostgreSQL',
      dataDir: '',
      url,
      schema,
      open: () => openDatabase({ url, schema }),
      drop: async () => {
        const admin = await openDatabase({ url });
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.close();
      },
    });
  }
  return list;
}

// A server process killed with SIGKILL in the middle of a batch (issue 30): a worker of another
// process claims the job once its lease expires, and the batch finishes with each contract signed
// exactly once by the batch's party — none twice, none skipped.
describe.each(places())('a batch whose process is killed mid-way, on $name', (place) => {
  let bundle: string;
  let files: string;
  const work = mkdtempSync(path.join(tmpdir(), 'esign-batch-kill-work-'));
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    if (bundle) rmSync(path.dirname(bundle), { recursive: true, force: true });
    await place.drop();
  });

  beforeAll(async () => {
    // The child runs the worker as JavaScript, bundled as the server's build does; it resolves
    // the other packages from the server's node_modules.
    const out = fileURLToPath(
      new URL(`../../node_modules/.cache/batch-kill-${randomUUID()}/`, import.meta.url),
    );
    mkdirSync(out, { recursive: true });
    bundle = path.join(out, 'worker.mjs');
    await build({
      entryPoints: [fileURLToPath(new URL('./kill-test-worker.ts', import.meta.url))],
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
      plugins: [
        {
          name: 'node-modules-external',
          setup(builder) {
            builder.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@esign/') ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });
  });

  it(
    'finishes after a restart: every contract signed once, nothing skipped',
    { timeout: 300_000 },
    async () => {
      // The batch is made through the API by a server on the case's database, whose own worker is
      // stopped so that the batch waits for the child.
      const backend: Backend = {
        name: place.name,
        open: async () => {
          const database = await place.open();
          return {
            database,
            cleanup: async () => undefined,
            connectAgain: async () => ({ database, close: async () => undefined }),
          };
        },
      };
      const server = await startTestServer(backend);
      let batch: BatchSignInfo;
      let ids: number[];
      try {
        await server.app.jobs.stop();
        const cast = await signingCast(server);
        ids = [];
        for (let i = 0; i < CONTRACTS; i += 1) {
          ids.push((await sendForSigning(server, cast, { pages: 2, name: `Killed ${i}` })).id);
        }
        const sealId = await sealFor(cast.admin, ids[0]!);
        const code = await batchCode(server, cast.admin, ADMIN_PHONE, ids[0]!);
        const created = await cast.admin.post<BatchSignInfo>('contractCreateBatchSign', {
          ids,
          sealId,
          code,
        });
        expect(created.status).toBe(200);
        batch = created.body.data;
        files = path.join(work, 'files');
        cpSync(server.files, files, { recursive: true });
      } finally {
        await server.close();
      }

      // The first process signs some and is killed with SIGKILL in the middle.
      const child = spawn(
        process.execPath,
        [bundle, place.dataDir, place.url, place.schema, files, batch.id],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const signedAtKill = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no progress:\n${output}`)), 120_000);
        child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const counts = [...output.matchAll(/signed (\d+)/g)].map((match) => Number(match[1]));
          const signed = counts.at(-1) ?? 0;
          if (signed >= 2) {
            child.kill('SIGKILL');
            clearTimeout(timer);
            resolve(signed);
          }
        });
        child.once('exit', () => reject(new Error(`the worker ended by itself:\n${output}`)));
      });
      await exited;
      expect(signedAtKill).toBeLessThan(CONTRACTS);

      // A new process on the same database: its worker claims the job once the lease has expired.
      const database = await place.open();
      try {
        const [before] = await database.query<{ status: string; signed: number }>(
          'SELECT status, signed FROM batch_signs WHERE id = $1',
          [batch.id],
        );
        expect(before!.status).toBe('running');
        expect(before!.signed).toBeLessThan(CONTRACTS);
        const worker = await batchWorker(database, files, { leaseMs: LEASE_MS });
        try {
          const deadline = Date.now() + 120_000;
          for (;;) {
            const [row] = await database.query<{ status: string }>(
              'SELECT status FROM batch_signs WHERE id = $1',
              [batch.id],
            );
            if (row!.status === 'finished') break;
            if (Date.now() > deadline)
              throw new Error('the batch did not finish after the restart');
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        } finally {
          await worker.stop();
        }
        const [after] = await database.query<{ signed: number; failed: number }>(
          'SELECT signed, failed FROM batch_signs WHERE id = $1',
          [batch.id],
        );
        expect(after).toEqual({ signed: CONTRACTS, failed: 0 });
        const [job] = await database.query<{ status: string; attempts: number }>(
          "SELECT status, attempts FROM jobs WHERE kind = 'contracts.batch-sign'",
        );
        expect(job).toEqual({ status: 'done', attempts: 2 });
        for (const id of ids) {
          const signatures = await pdfSignatures(database, files, id);
          expect(signatures).toHaveLength(1);
          expect(signatures[0]).toMatchObject({ valid: true, trusted: true });
          const files_ = await database.query<{ party: string }>(
            'SELECT party FROM contract_files WHERE contract_id = $1 AND party IS NOT NULL',
            [id],
          );
          expect(files_).toEqual([{ party: 'A' }]);
          const entries = await database.query(
            "SELECT 1 FROM audit_entries WHERE contract_id = $1 AND action = 'sign'",
            [id],
          );
          expect(entries).toHaveLength(1);
        }
      } finally {
        await database.close();
      }
    },
  );
});
