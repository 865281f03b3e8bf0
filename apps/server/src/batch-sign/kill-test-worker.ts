/**
 * A job worker for batch jobs in a process of its own, for batch-kill.test.ts to kill with
 * SIGKILL in the middle of a batch (bundled by the test with esbuild, run with node). argv: the
 * PGlite data directory or '', the PostgreSQL URL or '', its schema or '', the files directory,
 * and the batch to report on. Prints `signed <n>` each time the batch's count moves.
 */
import { signingKey } from '../auth/tokens';
import { openDatabase } from '../db';
import { createJobWorker } from '../jobs/worker';
import { loadSecretBox } from '../secret-box';
import { localStorage } from '../storage';
import { BATCH_SIGN_JOB, batchSignHandler } from './batch';
import { platformTimestamps } from '../signing';

const [dataDir, url, schema, files, batchId] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
];
const database = await openDatabase(url ? { url, schema } : { dataDir });
const log = {
  error: (object: object, text: string) => console.error(text, object),
  warn: (object: object, text: string) => console.error(text, object),
};
const worker = createJobWorker(database, { pollMs: 100, logger: log });
worker.handle(
  BATCH_SIGN_JOB,
  batchSignHandler(
    {
      database,
      storage: localStorage(files),
      key: await signingKey(database),
      now: () => new Date(),
      timestamps: platformTimestamps(database),
      secrets: await loadSecretBox(database),
    },
    { ...log, info: () => undefined, debug: () => undefined } as never,
  ),
);
let last = -1;
const report = async () => {
  const [row] = await database.query<{ signed: number }>(
    'SELECT signed FROM batch_signs WHERE id = $1',
    [batchId],
  );
  if (row && row.signed !== last) {
    last = row.signed;
    console.log(`signed ${last}`);
  }
  setTimeout(() => void report(), 10);
};
await worker.start();
void report();
