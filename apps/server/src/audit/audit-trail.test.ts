import { createHash } from 'node:crypto';
import { AUDIT_ACTIONS } from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db';
import { addContract } from '../test-support/contracts';
import { BACKENDS, useTestServer } from '../test-support/server';
import { appendAudit, hashAuditEntry, verifyAuditChain, type AuditEntryInput } from './audit-trail';

const DOCUMENT = createHash('sha256').update('the contract’s PDF').digest('hex');
/** Another tenant, with a user and a contract of its own. */
const ELSEWHERE = '000009';

describe.each(BACKENDS)('the contracts’ audit trail on $name', (backend) => {
  const server = useTestServer(backend);
  let user: number;
  let company: number;
  let userElsewhere: number;

  beforeAll(async () => {
    const [row] = await server.database.query<{ id: string }>(
      "SELECT id FROM users WHERE phone = '13800000002' AND tenant_id = '000000'",
    );
    user = Number(row!.id);
    const [member] = await server.database.query<{ company_id: string }>(
      'SELECT company_id FROM company_members WHERE user_id = $1',
      [user],
    );
    company = Number(member!.company_id);
    await server.database.query("INSERT INTO tenants (id, name) VALUES ($1, 'Elsewhere')", [
      ELSEWHERE,
    ]);
    const [other] = await server.database.query<{ id: string }>(
      "INSERT INTO users (tenant_id, phone) VALUES ($1, '13900000999') RETURNING id",
      [ELSEWHERE],
    );
    userElsewhere = Number(other!.id);
  });

  const newContract = (tenantId = '000000', initiator = user) =>
    addContract(server.database, { tenantId, initiator, status: 'signing' });

  const entry = (contractId: number, overrides: Partial<AuditEntryInput> = {}) => ({
    tenantId: '000000',
    contractId,
    action: 'view' as const,
    actorUserId: user,
    companyId: company,
    ip: '203.0.113.7',
    documentSha256: DOCUMENT,
    ...overrides,
  });

  const append = (database: Database, input: AuditEntryInput) =>
    database.transaction((tx) => appendAudit(tx, input));

  it('chains each entry to the one before, with a hash anyone can recompute', async () => {
    const contractId = await newContract();
    const first = await append(
      server.database,
      entry(contractId, { action: 'create', details: { name: '采购合同', parties: ['A', 'B'] } }),
    );
    const second = await append(
      server.database,
      entry(contractId, {
        action: 'sign',
        details: { party: 'B', seal: { id: 7, kind: 'company' }, skipped: undefined },
      }),
    );
    const third = await append(
      server.database,
      entry(contractId, { action: 'expire', actorUserId: null, companyId: null, ip: null }),
    );
    expect([first.seq, second.seq, third.seq]).toEqual([1, 2, 3]);
    expect(first.prevHash).toBeNull();
    expect(second.prevHash).toBe(first.hash);
    expect(third.prevHash).toBe(second.hash);
    expect(first.at.getTime()).toBeLessThanOrEqual(third.at.getTime());

    // The recipe of audit/CONTEXT.md, followed by hand on the second entry.
    const written =
      `{"action":"sign","actor_user_id":${user},"at":"${second.at.toISOString()}",` +
      `"company_id":${company},"contract_id":${contractId},` +
      `"details":{"party":"B","seal":{"id":7,"kind":"company"}},` +
      `"document_sha256":"${DOCUMENT}","ip":"203.0.113.7","prev_hash":"${first.hash}",` +
      `"seq":2,"tenant_id":"000000"}`;
    expect(second.at.toISOString()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(second.hash).toBe(createHash('sha256').update(written, 'utf8').digest('hex'));

    const chain = await verifyAuditChain(server.database, contractId);
    expect(chain).toMatchObject({ ok: true });
    expect(chain.brokenAt).toBeUndefined();
    expect(chain.entries).toEqual([
      first,
      { ...second, details: { party: 'B', seal: { id: 7, kind: 'company' } } },
      third,
    ]);
  });

  it('keeps one unbroken chain when 20 appends race, from two processes', async () => {
    const contractId = await newContract();
    const another = await server.startAnother();
    try {
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          append(
            index % 2 ? another.database : server.database,
            entry(contractId, { details: { index } }),
          ),
        ),
      );
    } finally {
      await another.close();
    }
    const chain = await verifyAuditChain(server.database, contractId);
    expect(chain.ok).toBe(true);
    expect(chain.entries.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(chain.entries.map((e) => e.details.index)).size).toBe(20);
  });

  it('refuses to change or delete an entry', async () => {
    const contractId = await newContract();
    await append(server.database, entry(contractId));
    await expect(
      server.database.query(
        `UPDATE audit_entries SET details = '{"forged":true}' WHERE contract_id = $1`,
        [contractId],
      ),
    ).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(
      server.database.query('DELETE FROM audit_entries WHERE contract_id = $1', [contractId]),
    ).rejects.toThrow(/append-only: DELETE refused/);
    await expect(server.database.query('TRUNCATE audit_entries')).rejects.toThrow(
      /append-only: TRUNCATE refused/,
    );
    await expect(
      server.database.query('DELETE FROM contracts WHERE id = $1', [contractId]),
    ).rejects.toThrow(/audit_entries_contract_id_fkey/);
    expect((await verifyAuditChain(server.database, contractId)).entries).toHaveLength(1);
  });

  /** Changes the trail as a superuser would, with the append-only trigger switched off. */
  const tamper = (sql: string, params: unknown[]) =>
    server.database.transaction(async (tx) => {
      await tx.query('ALTER TABLE audit_entries DISABLE TRIGGER audit_entries_append_only');
      await tx.query(sql, params);
      await tx.query('ALTER TABLE audit_entries ENABLE TRIGGER audit_entries_append_only');
    });

  const contractWithFiveEntries = async () => {
    const contractId = await newContract();
    for (const action of ['create', 'view', 'fill', 'sign', 'download'] as const)
      await append(server.database, entry(contractId, { action, details: { action } }));
    return contractId;
  };

  it('flags an entry changed behind the trigger’s back, at that entry', async () => {
    const contractId = await contractWithFiveEntries();
    await tamper(
      `UPDATE audit_entries SET details = '{"action":"refuse"}' WHERE contract_id = $1 AND seq = 3`,
      [contractId],
    );
    const chain = await verifyAuditChain(server.database, contractId);
    expect(chain).toMatchObject({ ok: false, brokenAt: 3, problem: 'hash' });
    expect(chain.entries).toHaveLength(5);
  });

  it('flags an entry rehashed after a change at the next one, and a removed entry where it was', async () => {
    const rehashed = await contractWithFiveEntries();
    await tamper(
      `UPDATE audit_entries SET ip = '198.51.100.1', hash = repeat('0', 64)
       WHERE contract_id = $1 AND seq = 2`,
      [rehashed],
    );
    expect(await verifyAuditChain(server.database, rehashed)).toMatchObject({
      ok: false,
      brokenAt: 2,
      problem: 'hash',
    });
    const removed = await contractWithFiveEntries();
    await tamper('DELETE FROM audit_entries WHERE contract_id = $1 AND seq = 4', [removed]);
    expect(await verifyAuditChain(server.database, removed)).toMatchObject({
      ok: false,
      brokenAt: 5,
      problem: 'sequence',
    });
    const relinked = await contractWithFiveEntries();
    const chain = await verifyAuditChain(server.database, relinked);
    // A forger who rewrites entry 2 with a valid hash still breaks entry 3's link to it.
    const forged = { ...chain.entries[1]!, details: { action: 'refuse' } };
    await tamper(
      `UPDATE audit_entries SET details = $2, hash = $3 WHERE contract_id = $1 AND seq = 2`,
      [relinked, JSON.stringify(forged.details), hashAuditEntry(forged)],
    );
    expect(await verifyAuditChain(server.database, relinked)).toMatchObject({
      ok: false,
      brokenAt: 3,
      problem: 'link',
    });
  });

  it('keeps each contract’s chain to itself, and each tenant’s contracts to their tenant', async () => {
    const one = await newContract();
    const two = await newContract();
    const elsewhere = await newContract(ELSEWHERE, userElsewhere);
    for (let round = 0; round < 3; round += 1) {
      await append(server.database, entry(one));
      await append(server.database, entry(two));
      await append(
        server.database,
        entry(elsewhere, { tenantId: ELSEWHERE, actorUserId: userElsewhere, companyId: null }),
      );
    }
    for (const [contractId, tenantId] of [
      [one, '000000'],
      [two, '000000'],
      [elsewhere, ELSEWHERE],
    ] as const) {
      const chain = await verifyAuditChain(server.database, contractId);
      expect(chain.ok).toBe(true);
      expect(chain.entries.map((e) => [e.seq, e.contractId, e.tenantId])).toEqual(
        [1, 2, 3].map((seq) => [seq, contractId, tenantId]),
      );
    }
    await expect(append(server.database, entry(elsewhere))).rejects.toThrow(/does not exist/);
    expect((await verifyAuditChain(server.database, elsewhere)).entries).toHaveLength(3);
    expect(await verifyAuditChain(server.database, 0)).toEqual({ ok: true, entries: [] });
  });

  it('keeps to the platform’s audit actions and to SHA-256 digests', async () => {
    const contractId = await newContract();
    for (const action of AUDIT_ACTIONS)
      await append(server.database, entry(contractId, { action }));
    expect((await verifyAuditChain(server.database, contractId)).entries).toHaveLength(
      AUDIT_ACTIONS.length,
    );
    const [check] = await server.database.query<{ definition: string }>(
      "SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = 'audit_entries_action_check'",
    );
    const allowed = [...check!.definition.matchAll(/'([a-z_]+)'/g)].map((match) => match[1]);
    expect(allowed.sort()).toEqual([...AUDIT_ACTIONS].sort());
    await expect(
      append(server.database, entry(contractId, { action: 'archive' as never })),
    ).rejects.toThrow(/audit_entries_action_check/);
    await expect(
      append(server.database, entry(contractId, { documentSha256: 'not a digest' })),
    ).rejects.toThrow(/audit_entries_document_sha256_check/);
  });
});
