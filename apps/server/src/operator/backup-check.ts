/**
 * The operator command's backup subcommands (`npm run operator -w @esign/server -- …`; README:
 * Deployment, Backups): `backup-record` writes, beside a pg_dump, the head of every contract's
 * audit trail (its last entry's number and hash) and which stored file each contract's latest
 * version is; `backup-check` reads that record on a restored installation and says whether every
 * trail is still whole up to its recorded head and every latest contract file is in the storage
 * with its recorded hash. A restore that lost entries, changed one, or misses files fails.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { verifyAuditChain } from '../audit/audit-trail';
import type { Database } from '../db';
import type { Storage } from '../storage';

export const BACKUP_COMMANDS = ['backup-record', 'backup-check'];

export const BACKUP_USAGE = `Backups (npm run operator -w @esign/server -- …):
  backup-record <file>   write the head of every contract's audit trail and its latest file's
                         key and SHA-256 to <file> (JSON), taken next to pg_dump and the bucket's copy
  backup-check <file>    on a restored installation: every recorded trail verifies up to its
                         recorded head, every recorded file is in the storage with its SHA-256`;

/** What `backup-record` writes. */
export interface BackupRecord {
  kind: 'esign-backup-record';
  version: 1;
  /** ISO 8601 */
  recordedAt: string;
  /** SHA-256 of the heads' lines `contract:seq:hash`, in contract order: one value to write down. */
  digest: string;
  /** By contract id: its trail's last entry (number and hash), its latest file (key, SHA-256). */
  contracts: Record<
    string,
    { seq: number; hash: string; file: string | null; sha256: string | null }
  >;
}

export interface BackupProblem {
  contractId: string;
  problem: 'missingContract' | 'brokenTrail' | 'headChanged' | 'missingFile' | 'fileChanged';
  detail: string;
}

/** The heads of every audit trail and the latest file of every contract, now. */
export async function recordBackup(database: Database, now = new Date()): Promise<BackupRecord> {
  const rows = await database.query<{
    contract_id: string;
    seq: number;
    hash: string;
    storage_key: string | null;
    sha256: string | null;
  }>(
    `SELECT h.contract_id::text, h.seq, h.hash, f.storage_key, f.sha256
       FROM (SELECT DISTINCT ON (contract_id) contract_id, seq, hash
               FROM audit_entries ORDER BY contract_id, seq DESC) h
       LEFT JOIN LATERAL (SELECT storage_key, sha256 FROM contract_files
                           WHERE contract_id = h.contract_id
                           ORDER BY version DESC LIMIT 1) f ON true
      ORDER BY h.contract_id`,
  );
  const contracts: BackupRecord['contracts'] = {};
  const digest = createHash('sha256');
  for (const row of rows) {
    contracts[row.contract_id] = {
      seq: row.seq,
      hash: row.hash,
      file: row.storage_key,
      sha256: row.sha256,
    };
    digest.update(`${row.contract_id}:${row.seq}:${row.hash}\n`);
  }
  return {
    kind: 'esign-backup-record',
    version: 1,
    recordedAt: now.toISOString(),
    digest: digest.digest('hex'),
    contracts,
  };
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Checks a restored installation against a record: each trail verifies (verifyAuditChain) and its
 * entry at the recorded number has the recorded hash (entries made after the record are allowed);
 * each recorded latest file reads back from `storage` with its SHA-256.
 */
export async function checkBackup(
  database: Database,
  storage: Storage,
  record: BackupRecord,
): Promise<BackupProblem[]> {
  const problems: BackupProblem[] = [];
  for (const [contractId, head] of Object.entries(record.contracts)) {
    const chain = await verifyAuditChain(database, Number(contractId));
    if (chain.entries.length === 0) {
      problems.push({ contractId, problem: 'missingContract', detail: 'no audit trail' });
      continue;
    }
    if (!chain.ok && (chain.brokenAt ?? 0) <= head.seq) {
      problems.push({
        contractId,
        problem: 'brokenTrail',
        detail: `entry ${chain.brokenAt}: ${chain.problem}`,
      });
      continue;
    }
    const entry = chain.entries[head.seq - 1];
    if (entry?.hash !== head.hash) {
      problems.push({
        contractId,
        problem: 'headChanged',
        detail: entry ? `entry ${head.seq} has hash ${entry.hash}` : `entry ${head.seq} is missing`,
      });
      continue;
    }
    if (head.file && head.sha256) {
      try {
        const actual = await sha256Of(storage.get(head.file));
        if (actual !== head.sha256) {
          problems.push({ contractId, problem: 'fileChanged', detail: `${head.file}: ${actual}` });
        }
      } catch (error) {
        problems.push({
          contractId,
          problem: 'missingFile',
          detail: `${head.file}: ${(error as Error).message}`,
        });
      }
    }
  }
  return problems;
}

/** Reads a record written by `backup-record`; null when the text is not one. */
export function parseBackupRecord(text: string): BackupRecord | null {
  try {
    const value = JSON.parse(text) as BackupRecord;
    return value?.kind === 'esign-backup-record' && value.version === 1 && value.contracts
      ? value
      : null;
  } catch {
    return null;
  }
}
