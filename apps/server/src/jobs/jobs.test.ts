import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db';
import { BACKENDS, useTestServer, type TestApp } from '../test-support/server';
import { until } from '../test-support/until';
import { enqueueJob } from './queue';
import { PermanentJobError, retryDelayMs } from './worker';

interface JobRow {
  status: string;
  attempts: number;
  last_error: string | null;
  result: unknown;
  locked_by: string | null;
  finished: boolean;
}

function jobRow(database: Database, id: number): Promise<JobRow> {
  return database
    .query<JobRow>(
      `SELECT status, attempts, last_error, result, locked_by, finished_at IS NOT NULL AS finished
       FROM jobs WHERE id = $1`,
      [id],
    )
    .then(([row]) => row!);
}

const finished = (database: Database, id: number) =>
  until(async () => {
    const row = await jobRow(database, id);
    return row.status === 'done' || row.status === 'failed' ? row : null;
  });

/** A promise and the function that settles it, to hold a handler until the test lets it go. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

// Two server processes on one database, each with its job worker, as behind a load balancer.
describe.each(BACKENDS)('durable jobs on $name', (backend) => {
  const first = useTestServer(backend);
  let second: TestApp;
  beforeAll(async () => {
    second = await first.startAnother();
  });
  afterAll(() => second.close());

  it('runs a job once and keeps its result', async () => {
    let runs = 0;
    first.app.jobs.handle('test.echo', {
      run: async (payload) => {
        runs++;
        return { echoed: payload.word };
      },
    });
    const id = await enqueueJob(first.database, 'test.echo', { word: 'orchid' });
    const row = await finished(first.database, id);
    expect(row).toMatchObject({
      status: 'done',
      attempts: 1,
      last_error: null,
      result: { echoed: 'orchid' },
      locked_by: first.app.jobs.id,
      finished: true,
    });
    await sleep(100);
    expect(runs).toBe(1);
  });

  it('runs each of 50 jobs exactly once with two workers claiming', async () => {
    const runs = new Map<number, number>();
    const workers = new Map<string, number>();
    const handler = (worker: string) => ({
      run: async (payload: Record<string, unknown>) => {
        const n = payload.n as number;
        runs.set(n, (runs.get(n) ?? 0) + 1);
        workers.set(worker, (workers.get(worker) ?? 0) + 1);
        await sleep(Math.random() * 15);
        return { n };
      },
    });
    first.app.jobs.handle('test.count', handler('first'));
    second.app.jobs.handle('test.count', handler('second'));
    const ids = await first.database.transaction(async (tx) => {
      const made: number[] = [];
      for (let n = 0; n < 50; n++) made.push(await enqueueJob(tx, 'test.count', { n }));
      return made;
    });
    for (const id of ids) expect((await finished(first.database, id)).status).toBe('done');
    await sleep(200);
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual([...Array(50).keys()]);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const [claims] = await first.database.query<{ attempts: string }>(
      `SELECT sum(attempts) AS attempts FROM jobs WHERE kind = 'test.count'`,
    );
    expect(Number(claims!.attempts)).toBe(50);
    console.info(`jobs: 50 jobs ran as ${JSON.stringify(Object.fromEntries(workers))}`);
  });

  it('wakes an idle worker in another process at once when a job is enqueued', async () => {
    const sleepy = await first.startAnother({ jobs: { pollMs: 60_000 } });
    try {
      sleepy.app.jobs.handle('test.wake', { run: async () => 'awake' });
      await sleep(100); // the worker has looked once, found nothing, and sleeps for a minute
      const started = Date.now();
      const id = await enqueueJob(second.database, 'test.wake', {});
      expect((await finished(first.database, id)).status).toBe('done');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await sleepy.close();
    }
  });

  it('retries a failed job with growing waits, then records its success', async () => {
    const tries: number[] = [];
    first.app.jobs.handle('test.flaky', {
      backoffMs: 300,
      run: async () => {
        tries.push(Date.now());
        if (tries.length < 3) throw new Error(`flaky failure ${tries.length}`);
        return 'third time lucky';
      },
    });
    const id = await enqueueJob(first.database, 'test.flaky', {}, { maxAttempts: 3 });
    const row = await finished(first.database, id);
    expect(row).toMatchObject({
      status: 'done',
      attempts: 3,
      result: 'third time lucky',
      last_error: null,
    });
    expect(tries).toHaveLength(3);
    // 300 ms, then twice that (the database's clock and this one's differ by a few ms).
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(280);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(580);
    expect(retryDelayMs(300, 1)).toBe(300);
    expect(retryDelayMs(300, 2)).toBe(600);
    expect(retryDelayMs(5000, 40)).toBe(60 * 60 * 1000);
  });

  it('fails a job after its last attempt, keeping the last error, and records the failure once', async () => {
    let tries = 0;
    const failures: string[] = [];
    first.app.jobs.handle('test.broken', {
      backoffMs: 20,
      run: async () => {
        throw new Error(`broken on try ${++tries}`);
      },
      failed: async (_tx, payload, error) => {
        failures.push(`${payload.name}: ${(error as Error).message}`);
      },
    });
    const id = await enqueueJob(first.database, 'test.broken', { name: 'b' }, { maxAttempts: 2 });
    const row = await finished(first.database, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 2, finished: true });
    expect(row.last_error).toBe('Error: broken on try 2');
    await sleep(200);
    expect(tries).toBe(2);
    expect(failures).toEqual(['b: broken on try 2']);
  });

  it('fails a job at once on a permanent error', async () => {
    let tries = 0;
    first.app.jobs.handle('test.hopeless', {
      run: async () => {
        tries++;
        throw new PermanentJobError('no use trying again');
      },
    });
    const id = await enqueueJob(first.database, 'test.hopeless', {}, { maxAttempts: 5 });
    expect(await finished(first.database, id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'Error: no use trying again',
    });
    expect(tries).toBe(1);
  });

  it('claims again and finishes a job whose worker died, but not past its last attempt', async () => {
    const ran: string[] = [];
    first.app.jobs.handle('test.orphan', {
      run: async (payload) => {
        ran.push(payload.name as string);
        return 'rescued';
      },
    });
    const orphan = async (name: string, attempts: number) => {
      const [row] = await first.database.query<{ id: string }>(
        `INSERT INTO jobs (kind, payload, status, attempts, max_attempts, locked_at, locked_by)
         VALUES ('test.orphan', $1::jsonb, 'running', $2, 3, now() - interval '1 hour', 'dead:1:worker')
         RETURNING id`,
        [JSON.stringify({ name }), attempts],
      );
      return Number(row!.id);
    };
    const once = await orphan('once', 1);
    const spent = await orphan('spent', 3);
    // A live worker's job (locked a moment ago) is left alone.
    const [live] = await first.database.query<{ id: string }>(
      `INSERT INTO jobs (kind, payload, status, attempts, locked_at, locked_by)
       VALUES ('test.orphan', '{"name":"live"}', 'running', 1, now(), 'alive:1:worker') RETURNING id`,
    );
    first.app.jobs.wake();
    expect(await finished(first.database, once)).toMatchObject({
      status: 'done',
      attempts: 2,
      result: 'rescued',
      locked_by: first.app.jobs.id,
    });
    const row = await finished(first.database, spent);
    expect(row).toMatchObject({ status: 'failed', attempts: 4 });
    expect(row.last_error).toMatch(/worker stopped before finishing/);
    expect(ran).toEqual(['once']);
    expect(await jobRow(first.database, Number(live!.id))).toMatchObject({
      status: 'running',
      locked_by: 'alive:1:worker',
    });
  });

  it('renews the lock of a long job, so that no other worker takes it over', async () => {
    // Both with a lease far shorter than the job, looking for jobs every 50 ms.
    const quick = { jobs: { leaseMs: 300, pollMs: 50 } };
    const workers = [await first.startAnother(quick), await first.startAnother(quick)];
    try {
      let runs = 0;
      for (const worker of workers) {
        worker.app.jobs.handle('test.long', {
          run: async () => {
            runs++;
            await sleep(1200);
            return 'long done';
          },
        });
      }
      const id = await enqueueJob(first.database, 'test.long', {});
      expect(await finished(first.database, id)).toMatchObject({ status: 'done', attempts: 1 });
      expect(runs).toBe(1);
    } finally {
      for (const worker of workers) await worker.close();
    }
  });

  it('does not finish a job another worker took over, and undoes what it made', async () => {
    const hold = gate();
    const started = gate();
    const recorded: string[] = [];
    first.app.jobs.handle('test.overtaken', {
      run: async () => {
        started.open();
        await hold.opened;
        return { file: 'made.pdf' };
      },
      done: async () => {
        recorded.push('done');
      },
      discard: async (_payload, result) => {
        recorded.push(`discarded ${result.file}`);
      },
    });
    const id = await enqueueJob(first.database, 'test.overtaken', {});
    await started.opened;
    // Another worker claims it, as after an expired lease.
    await first.database.query(
      `UPDATE jobs SET attempts = attempts + 1, locked_by = 'other:1:worker', locked_at = now()
       WHERE id = $1`,
      [id],
    );
    hold.open();
    await until(async () => recorded.length > 0);
    expect(recorded).toEqual(['discarded made.pdf']);
    expect(await jobRow(first.database, id)).toMatchObject({
      status: 'running',
      locked_by: 'other:1:worker',
    });
  });

  it('waits for a running job when the app closes, and leaves later jobs queued', async () => {
    const closing = await first.startAnother();
    const hold = gate();
    const started = gate();
    closing.app.jobs.handle('test.slow', {
      concurrency: 1,
      run: async () => {
        started.open();
        await hold.opened;
        return 'finished before closing';
      },
    });
    const id = await enqueueJob(first.database, 'test.slow', {});
    const later = await enqueueJob(first.database, 'test.slow', {});
    await started.opened;
    let closed = false;
    const close = closing.close().then(() => (closed = true));
    await sleep(300);
    expect(closed).toBe(false);
    hold.open();
    await close;
    expect(await jobRow(first.database, id)).toMatchObject({
      status: 'done',
      result: 'finished before closing',
    });
    expect((await jobRow(first.database, later)).status).toBe('queued');
  });
});
