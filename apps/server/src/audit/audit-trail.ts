import { createHash } from 'node:crypto';
import type { AuditAction } from '@esign/platform';
import type { Queryable } from '../db';
import { currentRequestClient } from '../http/request-client';
import { queueContractEvents } from '../integrations/events';

/** What the caller says about an action on a contract; the trail adds its place, time and hashes. */
export interface AuditEntryInput {
  tenantId: string;
  contractId: number;
  action: AuditAction;
  /** Who acted; null for the platform itself (the deadline job's `expire`). */
  actorUserId: number | null;
  /** The company console the actor acted in; null for a personal console or the platform. */
  companyId: number | null;
  /** The client's address as the server saw it (request.ip); null for the platform. */
  ip: string | null;
  /** SHA-256 (lowercase hex) of the contract's PDF as it stands after the action. */
  documentSha256: string;
  /** Whatever else the action needs to be understood later (the party, the seal, a reason…). */
  details?: Record<string, unknown>;
}

/** One entry of a contract's audit trail, as stored. */
export interface AuditEntry extends Required<AuditEntryInput> {
  /** 1, 2, … in the order the entries were appended, per contract. */
  seq: number;
  /** The database's clock when it was appended, to the millisecond. */
  at: Date;
  /** The previous entry's `hash`; null for the first. */
  prevHash: string | null;
  /** SHA-256 of `canonicalAuditJson(entry)`. */
  hash: string;
}

/**
 * The one text of a JSON value that is hashed: object keys sorted by UTF-16 code units (as
 * JavaScript's sort does), no whitespace, strings and numbers written as JSON.stringify writes
 * them (the subset of RFC 8785 that the trail's values use); `undefined` members are left out.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`${value} is not a JSON number`);
      return JSON.stringify(value);
    case 'object':
      return `{${Object.keys(value)
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .sort()
        .map(
          (key) =>
            `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
        )
        .join(',')}}`;
    default:
      throw new TypeError(`a ${typeof value} is not JSON`);
  }
}

/**
 * What an entry's hash covers: every column but `id` and `hash`, under the columns' names, with
 * `at` as ISO 8601 in UTC with milliseconds (2026-11-24T06:16:42.143Z) and ids as JSON numbers.
 * `prev_hash` chains it to the entry before (null for the first).
 */
export function canonicalAuditJson(entry: Omit<AuditEntry, 'hash'>): string {
  return canonicalJson({
    tenant_id: entry.tenantId,
    contract_id: entry.contractId,
    seq: entry.seq,
    action: entry.action,
    actor_user_id: entry.actorUserId,
    company_id: entry.companyId,
    at: entry.at.toISOString(),
    ip: entry.ip,
    document_sha256: entry.documentSha256,
    details: entry.details,
    prev_hash: entry.prevHash,
  });
}

/** SHA-256, lowercase hex, of the UTF-8 bytes of `canonicalAuditJson(entry)`. */
export function hashAuditEntry(entry: Omit<AuditEntry, 'hash'>): string {
  return createHash('sha256').update(canonicalAuditJson(entry), 'utf8').digest('hex');
}

/**
 * The entry's details with the device the actor's request came from (`device`, its User-Agent),
 * when the entry is that request's user's own action: an entry of the platform, or one written
 * outside a request (a job), has none, and a caller's own `device` is kept.
 */
function withDevice(input: AuditEntryInput): Record<string, unknown> {
  const details = input.details ?? {};
  const client = currentRequestClient();
  if (
    !client?.device ||
    input.actorUserId === null ||
    client.userId !== input.actorUserId ||
    details.device !== undefined
  ) {
    return details;
  }
  return { ...details, device: client.device };
}

/**
 * Appends an entry to its contract's trail, inside the caller's transaction (the one that changes
 * the contract, so that both happen or neither). It locks the contract's row (FOR NO KEY UPDATE,
 * as an UPDATE of its status does) before reading the last entry, so that concurrent appends, from
 * any process, form one chain. Throws when the contract is not the tenant's. Queues the callback
 * deliveries of the events the action raises (integrations/events.ts), in the same transaction.
 */
export async function appendAudit(tx: Queryable, input: AuditEntryInput): Promise<AuditEntry> {
  const [contract] = await tx.query(
    'SELECT 1 FROM contracts WHERE id = $1 AND tenant_id = $2 FOR NO KEY UPDATE',
    [input.contractId, input.tenantId],
  );
  if (!contract)
    throw new Error(`contract ${input.contractId} of tenant ${input.tenantId} does not exist`);
  const [last] = await tx.query<{ seq: number | null; hash: string | null; now: Date }>(
    `SELECT last.seq, last.hash, date_trunc('milliseconds', clock_timestamp()) AS now
     FROM (SELECT 1) AS one
     LEFT JOIN LATERAL (SELECT seq, hash FROM audit_entries WHERE contract_id = $1
                        ORDER BY seq DESC LIMIT 1) AS last ON true`,
    [input.contractId],
  );
  const unhashed: Omit<AuditEntry, 'hash'> = {
    tenantId: input.tenantId,
    contractId: input.contractId,
    action: input.action,
    actorUserId: input.actorUserId,
    companyId: input.companyId,
    ip: input.ip,
    documentSha256: input.documentSha256,
    // As jsonb will give it back: without undefined members.
    details: JSON.parse(JSON.stringify(withDevice(input))) as Record<string, unknown>,
    seq: (last?.seq ?? 0) + 1,
    at: new Date(last!.now),
    prevHash: last?.hash ?? null,
  };
  const entry: AuditEntry = { ...unhashed, hash: hashAuditEntry(unhashed) };
  await tx.query(
    `INSERT INTO audit_entries (tenant_id, contract_id, seq, action, actor_user_id, company_id, at,
       ip, document_sha256, details, prev_hash, hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      entry.tenantId,
      entry.contractId,
      entry.seq,
      entry.action,
      entry.actorUserId,
      entry.companyId,
      entry.at.toISOString(),
      entry.ip,
      entry.documentSha256,
      JSON.stringify(entry.details),
      entry.prevHash,
      entry.hash,
    ],
  );
  // The callbacks that want this action's events get their deliveries in the same transaction:
  // an action rolled back raises none, a committed one never loses its own.
  await queueContractEvents(tx, entry);
  return entry;
}

/** What breaks a chain first: a missing or repeated number, a link to another hash, a changed entry. */
export type AuditChainProblem = 'sequence' | 'link' | 'hash';

export interface AuditChain {
  /** True when every entry is as it was appended and none is missing before the last. */
  ok: boolean;
  /** The contract's entries in order. */
  entries: AuditEntry[];
  /** The `seq` of the first entry that breaks the chain; it and those after it are not vouched for. */
  brokenAt?: number;
  problem?: AuditChainProblem;
}

interface AuditRow {
  tenant_id: string;
  contract_id: string | number;
  seq: number;
  action: AuditAction;
  actor_user_id: string | number | null;
  company_id: string | number | null;
  at: Date | string;
  ip: string | null;
  document_sha256: string;
  details: Record<string, unknown>;
  prev_hash: string | null;
  hash: string;
}

const idOf = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * Reads a contract's trail and recomputes it: each entry's number, its link to the one before and
 * its hash. A trail whose last entries were removed still verifies: the last hash, kept elsewhere
 * (in the signed PDF, in an evidence report), is what vouches for its length.
 */
export async function verifyAuditChain(
  db: Pick<Queryable, 'query'>,
  contractId: number,
): Promise<AuditChain> {
  const rows = await db.query<AuditRow>(
    `SELECT tenant_id, contract_id, seq, action, actor_user_id, company_id, at, ip,
       document_sha256, details, prev_hash, hash
     FROM audit_entries WHERE contract_id = $1 ORDER BY seq, id`,
    [contractId],
  );
  const entries = rows.map((row): AuditEntry => ({
    tenantId: row.tenant_id,
    contractId: Number(row.contract_id),
    seq: row.seq,
    action: row.action,
    actorUserId: idOf(row.actor_user_id),
    companyId: idOf(row.company_id),
    at: new Date(row.at),
    ip: row.ip,
    documentSha256: row.document_sha256,
    details: row.details,
    prevHash: row.prev_hash,
    hash: row.hash,
  }));
  for (const [index, entry] of entries.entries()) {
    const problem: AuditChainProblem | null =
      entry.seq !== index + 1
        ? 'sequence'
        : entry.prevHash !== (entries[index - 1]?.hash ?? null)
          ? 'link'
          : hashAuditEntry(entry) !== entry.hash
            ? 'hash'
            : null;
    if (problem) return { ok: false, entries, brokenAt: entry.seq, problem };
  }
  return { ok: true, entries };
}
