/**
 * contract/attestation (online-attestation, the evidence view): a contract's audit trail with the
 * actors' names, phones and companies, and whether its hash chain holds (`verifyAuditChain`: the
 * first entry that breaks it, and how). Whoever sees the contract's detail sees it (its
 * initiator's console, its parties' consoles, its copy recipients); anyone else gets 404 (403
 * `contractInOtherConsole` for its user's other console).
 */
import type { AttestationEntry, ContractAttestation } from '@esign/platform';
import { verifyAuditChain } from '../audit/audit-trail';
import type { AccessClaims } from '../auth/tokens';
import { sessionConsole } from '../companies/console';
import type { Database } from '../db';
import { seenBy } from './detail';
import { unseenContract } from './other-console';

export async function contractAttestation(
  database: Database,
  session: AccessClaims,
  id: number,
): Promise<ContractAttestation> {
  await sessionConsole(database, session);
  const seen = seenBy(session);
  const [row] = await database.query(
    `SELECT 1 FROM contracts c WHERE c.id = $${seen.params.length + 1} AND (${seen.where})`,
    [...seen.params, id],
  );
  if (!row) throw await unseenContract(database, session, id);
  const chain = await verifyAuditChain(database, id);
  const ids = (values: (number | null)[]) => [...new Set(values.filter((v) => v !== null))];
  const [users, companies] = await Promise.all([
    database.query<{ id: string; name: string; phone: string }>(
      'SELECT id, name, phone FROM users WHERE id = ANY($1::bigint[])',
      [ids(chain.entries.map((entry) => entry.actorUserId))],
    ),
    database.query<{ id: string; full_name: string }>(
      'SELECT id, full_name FROM companies WHERE id = ANY($1::bigint[])',
      [ids(chain.entries.map((entry) => entry.companyId))],
    ),
  ]);
  const userById = new Map(users.map((user) => [Number(user.id), user]));
  const companyById = new Map(companies.map((company) => [Number(company.id), company.full_name]));
  const entries = chain.entries.map((entry): AttestationEntry => ({
    seq: entry.seq,
    action: entry.action as AttestationEntry['action'],
    at: entry.at.toISOString(),
    actorName: entry.actorUserId === null ? null : (userById.get(entry.actorUserId)?.name ?? null),
    actorPhone:
      entry.actorUserId === null ? null : (userById.get(entry.actorUserId)?.phone ?? null),
    companyName: entry.companyId === null ? null : (companyById.get(entry.companyId) ?? null),
    ip: entry.ip,
    documentSha256: entry.documentSha256,
    details: entry.details,
    hash: entry.hash,
    prevHash: entry.prevHash,
  }));
  return {
    entries,
    chain: chain.ok
      ? { intact: true }
      : { intact: false, brokenAt: chain.brokenAt!, problem: chain.problem! },
  };
}
