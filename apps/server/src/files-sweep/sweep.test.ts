import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { PATHS, type AvatarSaved, type EvidenceReport } from '@esign/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type Database } from '../db';
import { createJobWorker, type JobWorker } from '../jobs/worker';
import { localStorage, type Storage } from '../storage';
import { addUser } from '../test-support/companies';
import { BACKENDS, login, useTestServer, type SuiteServer } from '../test-support/server';
import {
  PERSON_PHONE,
  ADMIN_PHONE,
  sendForSigning,
  signAs,
  signingCast,
  type SigningCast,
} from '../test-support/signing';
import { until } from '../test-support/until';
import { STORAGE_REFERENCES, SWEPT_PREFIXES, unreferencedKeys } from './references';
import {
  FILES_SWEEP_JOB,
  SWEEP_MIN_AGE_MS,
  ensureFilesSweep,
  filesSweepHandler,
  sweepStoredFiles,
  type LastSweep,
  type SweepOutcome,
} from './sweep';

const HOUR_MS = 60 * 60 * 1000;
/** The storage's clock two hours on: every file stored so far is old enough to be swept. */
const twoHoursOn = () => new Date(Date.now() + 2 * HOUR_MS);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72]);

async function keysOf(storage: Storage, prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list(prefix)) keys.push(file.key);
  return keys.sort();
}

/** Files as the storage finds them: whether each exists. */
const exists = (root: string, key: string) => existsSync(path.join(root, key));

/** Makes a stored file (or a partial one) look written `ms` ago. */
function age(root: string, key: string, ms: number): void {
  const then = new Date(Date.now() - ms);
  utimesSync(path.join(root, key), then, then);
}

/** What a process killed mid-upload leaves: `<key>.<uuid>.part`, `bytes` long. */
function leavePartial(root: string, key: string, bytes: number): string {
  const id = `${key}.${randomUUID()}.part`;
  mkdirSync(path.dirname(path.join(root, id)), { recursive: true });
  writeFileSync(path.join(root, id), Buffer.alloc(bytes, 7));
  return id;
}

const sweepRows = (database: Database) =>
  database.query<{ id: string; files_removed: number; partials_removed: number }>(
    'SELECT id, files_removed, partials_removed FROM storage_sweeps ORDER BY id',
  );

/** Until no sweep runs or is due now: the one every start makes due has finished. */
const startSweepsDone = (database: Database) =>
  until(async () => {
    const [busy] = await database.query(
      `SELECT 1 FROM jobs WHERE kind = $1
         AND (status = 'running' OR (status = 'queued' AND run_at <= now() + interval '1 minute'))`,
      [FILES_SWEEP_JOB],
    );
    return !busy && (await sweepRows(database)).length > 0;
  });

async function health(base: string): Promise<LastSweep | null> {
  const response = await fetch(`${base}/api${PATHS.health}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { sweep: LastSweep | null } }).data.sweep;
}

describe.each(BACKENDS)('the storage sweep on $name', (backend) => {
  const server: SuiteServer = useTestServer(backend);
  let storage: Storage;
  let cast: SigningCast;
  const put = (key: string, bytes: Buffer) => storage.put(key, Readable.from([bytes]));

  beforeAll(async () => {
    storage = localStorage(server.files);
    await startSweepsDone(server.database);
    cast = await signingCast(server);
  });

  it('removes an old file no row names and an old partial upload, and keeps young ones and files it does not know', async () => {
    const root = server.files;
    const orphan = `contracts/000000/424242/v1-${randomUUID()}.pdf`;
    await put(orphan, Buffer.from('%PDF-1.7 a rolled-back version'));
    age(root, orphan, 2 * HOUR_MS);
    const young = `contracts/000000/424242/v2-${randomUUID()}.pdf`;
    await put(young, Buffer.from('%PDF-1.7 being signed now'));
    age(root, young, SWEEP_MIN_AGE_MS - 60_000);
    const part = leavePartial(root, `uploads/000000/${randomUUID()}`, 4096);
    age(root, part, 2 * HOUR_MS);
    const youngPart = leavePartial(root, `uploads/000000/${randomUUID()}`, 100);
    const unknown = `exports/${randomUUID()}.csv`;
    await put(unknown, Buffer.from('a file under a prefix no column names'));
    age(root, unknown, 2 * HOUR_MS);

    const outcome = await sweepStoredFiles(server.database, storage);
    expect(outcome).toMatchObject({
      filesRemoved: 1,
      bytesRemoved: '%PDF-1.7 a rolled-back version'.length,
      partialsRemoved: 1,
      partialBytesRemoved: 4096,
    });
    expect(exists(root, orphan)).toBe(false);
    expect(exists(root, part)).toBe(false);
    expect(exists(root, young)).toBe(true);
    expect(exists(root, youngPart)).toBe(true);
    expect(exists(root, unknown)).toBe(true);

    for (const key of [young, unknown]) await storage.remove(key);
    await storage.removePartial(youngPart);
  });

  it('keeps every file a row names: uploads and documents, contract PDF versions, seals, avatars, ID photos, authorisation letters and evidence reports', async () => {
    const root = server.files;
    // A journey through the app: a document, a contract both parties sign (its versions, their
    // seals), an avatar.
    const sent = await sendForSigning(server, cast);
    expect((await signAs(server, cast.admin, ADMIN_PHONE, sent.id)).status).toBe(200);
    expect((await signAs(server, cast.person, PERSON_PHONE, sent.id)).status).toBe(200);
    // Its evidence report (issued at once on test servers), a signed PDF of its own.
    const applied = await cast.admin.post<EvidenceReport>('evidenceReportApply', {
      ids: [String(sent.id)],
      kind: 'electronic',
    });
    expect(applied.status, applied.body.msg).toBe(200);
    await until(async () => {
      const report = await cast.admin.get<EvidenceReport>('evidenceReportDetail', {
        id: applied.body.data.id,
      });
      return report.body.data.status === 'issued';
    }, 60_000);
    const form = new FormData();
    form.append('file', new Blob([PNG]), 'avatar.png');
    const avatar = await fetch(`${server.base}/api${PATHS.avatarUpload}`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${(await login(server.base, PERSON_PHONE)).access_token}` },
      body: form,
    });
    expect(((await avatar.json()) as { data: AvatarSaved }).data.avatar).toBeTruthy();
    // A manual real-name review's photos and a company's authorisation letter, as their routes
    // store them.
    const reviewer = await addUser(server.database, { phone: '13900002801' });
    const front = `id-photos/000000/${randomUUID()}`;
    const back = `id-photos/000000/${randomUUID()}`;
    const letter = `company-auth/${randomUUID()}.pdf`;
    for (const key of [front, back, letter]) await put(key, Buffer.from(key));
    await server.database.query(
      `INSERT INTO real_name_reviews (tenant_id, user_id, name, id_hash, id_masked, front_key,
         front_type, back_key, back_type)
       VALUES ('000000', $1, 'Zhang San', 'hash', '1101**********0011', $2, 'png', $3, 'png')`,
      [reviewer, front, back],
    );
    await server.database.query(
      `INSERT INTO company_auth_applications (tenant_id, user_id, kind, full_name, credit_code,
         legal_name, method, status, letter_key, letter_type)
       VALUES ('000000', $1, 'company', 'Sweep Test Co.', '91110000000000001X', 'Zhang San',
         'letter', 'pending_review', $2, 'pdf')`,
      [reviewer, letter],
    );

    const stored = await keysOf(storage);
    // Every kind of reference is there, under the prefixes the sweep walks, each named by a row.
    for (const { prefix } of STORAGE_REFERENCES) {
      expect(
        stored.some((key) => key.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    expect(
      stored.filter((key) => !SWEPT_PREFIXES.some((prefix) => key.startsWith(prefix))),
    ).toEqual([]);
    expect([...(await unreferencedKeys(server.database, stored))]).toEqual([]);
    const [versions] = await server.database.query<{ count: string }>(
      'SELECT count(*) FROM contract_files WHERE contract_id = $1',
      [sent.id],
    );
    expect(Number(versions!.count)).toBe(3);

    const outcome = await sweepStoredFiles(server.database, storage, { now: twoHoursOn });
    expect(outcome).toEqual<SweepOutcome>({
      filesChecked: stored.length,
      filesRemoved: 0,
      bytesRemoved: 0,
      partialsRemoved: 0,
      partialBytesRemoved: 0,
    });
    expect(await keysOf(storage)).toEqual(stored);
    for (const key of stored) expect(exists(root, key)).toBe(true);
  });

  it('keeps a file stored in a transaction still open, even with no age threshold', async () => {
    const key = `uploads/000000/${randomUUID()}`;
    let sweeping: Promise<SweepOutcome> | undefined;
    await server.database.transaction(async (tx) => {
      await tx.query('SELECT 1');
      await put(key, Buffer.from('%PDF-1.7 an upload whose row is being written'));
      sweeping = sweepStoredFiles(server.database, storage, { minAgeMs: 0 });
      await sleep(300);
      await tx.query(
        `INSERT INTO files (id, tenant_id, user_id, name, content_type, size, storage_key)
         VALUES ($1, '000000', $2, 'late.pdf', 'application/pdf', 46, $3)`,
        [randomUUID(), cast.personId, key],
      );
    });
    expect((await sweeping!).filesRemoved).toBe(0);
    expect(exists(server.files, key)).toBe(true);
  });

  it('removes exactly the PDF of a signature whose transaction rolled back after storing it, once it is old', async () => {
    const sent = await sendForSigning(server, cast, { name: 'Sale of a boat' });
    expect((await signAs(server, cast.admin, ADMIN_PHONE, sent.id)).status).toBe(200);
    // The fault: B's signature stores version 2, then its transaction fails before committing,
    // as when the process is killed there.
    await server.database.query(`CREATE FUNCTION sweep_test_fault() RETURNS trigger
      LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected: the signer''s process died'; END $$`);
    await server.database.query(`CREATE TRIGGER sweep_test_fault BEFORE INSERT ON contract_files
      FOR EACH ROW WHEN (NEW.contract_id = ${sent.id} AND NEW.version = 2)
      EXECUTE FUNCTION sweep_test_fault()`);
    try {
      expect((await signAs(server, cast.person, PERSON_PHONE, sent.id)).status).not.toBe(200);
    } finally {
      await server.database.query('DROP TRIGGER sweep_test_fault ON contract_files');
      await server.database.query('DROP FUNCTION sweep_test_fault()');
    }
    const versions = await keysOf(storage, `contracts/000000/${sent.id}/`);
    const named = (
      await server.database.query<{ storage_key: string }>(
        'SELECT storage_key FROM contract_files WHERE contract_id = $1',
        [sent.id],
      )
    ).map((row) => row.storage_key);
    expect(named).toHaveLength(2);
    const orphans = versions.filter((key) => !named.includes(key));
    expect(orphans).toEqual([expect.stringMatching(/\/v2-[0-9a-f-]{36}\.pdf$/)]);
    const everything = await keysOf(storage);

    // Young, it may still be named by a transaction about to commit: kept.
    expect((await sweepStoredFiles(server.database, storage)).filesRemoved).toBe(0);
    expect(await keysOf(storage)).toEqual(everything);

    const outcome = await sweepStoredFiles(server.database, storage, { now: twoHoursOn });
    expect(outcome.filesRemoved).toBe(1);
    expect(await keysOf(storage)).toEqual(everything.filter((key) => key !== orphans[0]));

    // The contract goes on: B signs again, and its version 2 is a new file.
    expect((await signAs(server, cast.person, PERSON_PHONE, sent.id)).status).toBe(200);
    const [last] = await server.database.query<{ storage_key: string }>(
      'SELECT storage_key FROM contract_files WHERE contract_id = $1 AND version = 2',
      [sent.id],
    );
    expect(exists(server.files, last!.storage_key)).toBe(true);
  });

  it('reports what the last sweep removed at /api/health, the same from every server process', async () => {
    const another = await server.startAnother({ jobs: { pollMs: 100 } });
    try {
      // Its start made a sweep due; it has run.
      await startSweepsDone(server.database);
      const root = server.files;
      const orphan = `documents/000000/${randomUUID()}.pdf`;
      await put(orphan, Buffer.alloc(2345, 1));
      age(root, orphan, 2 * HOUR_MS);
      const part = leavePartial(root, `avatars/000000/${randomUUID()}`, 678);
      age(root, part, 3 * HOUR_MS);
      const before = (await sweepRows(server.database)).length;

      // As a server start does: the hourly sweep is due now.
      await ensureFilesSweep(another.database);
      server.app.jobs.wake();
      another.app.jobs.wake();
      const rows = await until(async () => {
        const found = await sweepRows(server.database);
        return found.length > before ? found : null;
      });
      expect(rows).toHaveLength(before + 1);
      expect(exists(root, orphan)).toBe(false);
      expect(exists(root, part)).toBe(false);

      const reported = await health(server.base);
      expect(reported).toEqual({
        lastRunAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
        filesRemoved: 1,
        bytesRemoved: 2345,
        partialsRemoved: 1,
        partialBytesRemoved: 678,
      });
      expect(Date.now() - Date.parse(reported!.lastRunAt)).toBeLessThan(60_000);
      expect(await health(another.base)).toEqual(reported);
      // The next sweep is an hour away, one row for both processes.
      const queued = await server.database.query<{ in_s: number }>(
        `SELECT extract(epoch FROM run_at - now())::float8 AS in_s FROM jobs
         WHERE kind = $1 AND status IN ('queued', 'running')`,
        [FILES_SWEEP_JOB],
      );
      expect(queued).toHaveLength(1);
      expect(queued[0]!.in_s).toBeGreaterThan(HOUR_MS / 1000 - 120);
    } finally {
      await another.close();
    }
  });
});

/** A promise and the function that settles it, to hold a sweep until the test lets it go. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

// Two server processes on one database, each with its worker and the sweep's handler.
describe.each(BACKENDS)('storage sweeps in two processes on $name', (backend) => {
  let first: Database;
  let second: { database: Database; close(): Promise<void> };
  let cleanup: () => Promise<void>;
  let files: string;
  const workers: JobWorker[] = [];
  beforeAll(async () => {
    const opened = await backend.open();
    first = opened.database;
    cleanup = opened.cleanup;
    await migrate(first);
    second = await opened.connectAgain();
    files = mkdtempSync(path.join(tmpdir(), 'esign-sweep-'));
  });
  afterAll(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await second.close();
    await first.close();
    await cleanup();
    rmSync(files, { recursive: true, force: true });
  });

  it('never sweep at once: one sweep is queued or running at a time, and each is logged and recorded once', async () => {
    const storage = localStorage(files);
    const orphan = `seals/000000/${randomUUID()}.png`;
    await storage.put(orphan, Readable.from([PNG]));
    age(files, orphan, 2 * HOUR_MS);

    let active = 0;
    let most = 0;
    const runs: string[] = [];
    const logged: string[] = [];
    let hold: Promise<void> | undefined;
    const stopWorker = async (worker: JobWorker) => {
      workers.splice(workers.indexOf(worker), 1);
      await worker.stop();
    };
    const startWorker = async (name: string, database: Database) => {
      const worker = createJobWorker(database, { pollMs: 50, leaseMs: 1500 });
      workers.push(worker);
      const handler = filesSweepHandler(database, storage, {
        intervalMs: 20,
        logger: { info: (_object, message) => logged.push(`${name}: ${message}`) },
      });
      worker.handle(FILES_SWEEP_JOB, {
        ...handler,
        async run(payload, job) {
          active++;
          most = Math.max(most, active);
          runs.push(name);
          try {
            await hold;
            return await handler.run(payload, job);
          } finally {
            active--;
          }
        },
      });
      await worker.start();
      return worker;
    };

    // The first process's sweep is held past the lease (its lock is renewed meanwhile) while the
    // second process starts three times over and looks for work every 50 ms.
    const held = gate();
    hold = held.opened;
    await ensureFilesSweep(first);
    const a = await startWorker('A', first);
    await until(async () => active === 1);
    const b = await startWorker('B', second.database);
    for (let start = 0; start < 3; start++) await ensureFilesSweep(second.database);
    b.wake();
    await sleep(2000);
    expect(runs).toEqual(['A']);
    const pending = await first.query<{ status: string }>(
      `SELECT status FROM jobs WHERE kind = $1 AND status IN ('queued', 'running')`,
      [FILES_SWEEP_JOB],
    );
    expect(pending).toEqual([{ status: 'running' }]);

    // Let go: sweeps follow each other every 20 ms, claimed by either process.
    hold = undefined;
    held.open();
    await until(async () => runs.length >= 6);
    await stopWorker(a);
    const byA = runs.length;
    await until(async () => runs.length >= byA + 2);
    await stopWorker(b);

    expect(most).toBe(1);
    expect(runs.slice(byA).every((name) => name === 'B')).toBe(true);
    const recorded = await sweepRows(first);
    expect(recorded).toHaveLength(runs.length);
    expect(logged).toHaveLength(runs.length);
    // The one old orphan was removed by the first sweep, and counted once.
    expect(recorded.map((row) => row.files_removed)).toEqual([
      1,
      ...Array<number>(runs.length - 1).fill(0),
    ]);
    expect(logged[0]).toBe(
      'A: storage sweep: removed 1 unreferenced files (14 bytes) and 0 partial writes (0 bytes), 1 old files checked',
    );
    expect(exists(files, orphan)).toBe(false);
  });
});
