/**
 * What the batch-signing tests share: a batch started as the contract list starts it (an SMS code
 * sent for one of the selected contracts, the seal listContractSeal offers), a job worker driven
 * by the test, and the signatures a contract's latest PDF holds as pdfsig reads them.
 */
import type { BatchSignInfo } from '@esign/platform';
import type { FastifyBaseLogger } from 'fastify';
import { signingKey } from '../auth/tokens';
import { latestContractFile, readContractFile } from '../contracts/contract-pdf';
import type { Database } from '../db';
import { createJobWorker, type JobWorker } from '../jobs/worker';
import { verifyContractPdf, type VerifiedSignature } from '../signing';
import { loadSecretBox } from '../secret-box';
import { localStorage } from '../storage';
import { outboxCode } from '../test-support/account';
import { forgetSmsLimits } from '../test-support/signing';
import type { SuiteServer } from '../test-support/server';
import type { TemplateClient } from '../test-support/templates';
import { BATCH_SIGN_JOB, batchSignHandler } from './batch';
import { platformTimestamps } from '../signing';

/** A logger that keeps nothing (a job's log in a test). */
export const QUIET: FastifyBaseLogger = {
  level: 'silent',
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => QUIET,
} as unknown as FastifyBaseLogger;

/** An SMS code for `client` (sent for contract `id`, as the list does for its selection). */
export async function batchCode(
  server: Pick<SuiteServer, 'base' | 'database'>,
  client: TemplateClient,
  phone: string,
  id: number,
): Promise<string> {
  await forgetSmsLimits(server as SuiteServer);
  const sent = await client.get('contractSendAuthCode', { id });
  if (sent.status !== 200) throw new Error(`sendAuthCode failed: ${JSON.stringify(sent.body)}`);
  return outboxCode(server.base, phone);
}

/** A job worker of this process running batch jobs only, over `database` and `files`. */
export async function batchWorker(
  database: Database,
  files: string,
  options: { leaseMs?: number } = {},
): Promise<JobWorker> {
  const worker = createJobWorker(database, { pollMs: 100, ...options });
  const context = {
    database,
    storage: localStorage(files),
    key: await signingKey(database),
    now: () => new Date(),
    timestamps: platformTimestamps(database),
    secrets: await loadSecretBox(database),
  };
  worker.handle(BATCH_SIGN_JOB, batchSignHandler(context, QUIET));
  await worker.start();
  return worker;
}

/** Polls getBatchSignInfo as the page does until the batch is finished (or `ms` pass). */
export async function finished(
  client: TemplateClient,
  id: string,
  ms = 120_000,
): Promise<BatchSignInfo> {
  const deadline = Date.now() + ms;
  for (;;) {
    const info = await client.get<BatchSignInfo>('contractBatchSignInfo', { id });
    if (info.status !== 200)
      throw new Error(`getBatchSignInfo failed: ${JSON.stringify(info.body)}`);
    if (info.body.data.status === 'finished') return info.body.data;
    if (Date.now() > deadline)
      throw new Error(`batch ${id} unfinished: ${JSON.stringify(info.body.data)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The signatures in contract `id`'s latest stored PDF, verified by pdfsig. */
export async function pdfSignatures(
  database: Database,
  files: string,
  id: number,
): Promise<VerifiedSignature[]> {
  const latest = await latestContractFile(database, id);
  if (!latest) return [];
  const pdf = await readContractFile(localStorage(files), latest, QUIET);
  return verifyContractPdf(database, pdf);
}
