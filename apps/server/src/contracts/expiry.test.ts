import type { ContractStatus } from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendAudit, verifyAuditChain } from '../audit/audit-trail';
import type { Database } from '../db';
import { addUser } from '../test-support/companies';
import { addContract } from '../test-support/contracts';
import { BACKENDS, useTestServer } from '../test-support/server';
import { until } from '../test-support/until';
import {
  EXPIRY_JOB,
  NO_DOCUMENT_SHA256,
  ensureExpirySweep,
  expireDueContracts,
  scheduleExpiry,
} from './expiry';

const HOUR_MS = 60 * 60 * 1000;

const statusOf = async (database: Database, id: number) =>
  (
    await database.query<{ status: ContractStatus }>('SELECT status FROM contracts WHERE id = $1', [
      id,
    ])
  )[0]!.status;

const expireEntries = (database: Database, id: number) =>
  database.query<{ actor_user_id: string | null; document_sha256: string; details: object }>(
    `SELECT actor_user_id, document_sha256, details FROM audit_entries
     WHERE contract_id = $1 AND action = 'expire'`,
    [id],
  );

/** The messages about a contract (its number is in their text), by user. */
const noticesOf = (database: Database, number: string) =>
  database.query<{
    user_id: string;
    company_id: string | null;
    title: string;
    title_zh: string | null;
    content: string;
    content_zh: string | null;
    redirect_type: number | null;
    business_id: string | null;
  }>(
    `SELECT user_id, company_id, title, title_zh, content, content_zh, redirect_type, business_id
     FROM messages
     WHERE content LIKE '%' || $1 || '%' ORDER BY user_id`,
    [number],
  );

const queuedSweeps = async (database: Database) =>
  (
    await database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM jobs WHERE kind = $1 AND status IN ('queued', 'running')`,
      [EXPIRY_JOB],
    )
  )[0]!.count;

describe.each(BACKENDS)('contracts expiring at their deadline on $name', (backend) => {
  const server = useTestServer(backend, { jobs: { pollMs: 50 } });
  let initiator: number;
  let signer: number;
  let company: number;

  beforeAll(async () => {
    initiator = await addUser(server.database, { phone: '13900000101' });
    signer = await addUser(server.database, { phone: '13900000102' });
    const [row] = await server.database.query<{ id: string }>(
      `INSERT INTO companies (tenant_id, full_name, auth_status) VALUES ('000000', 'Expiry Co.', 1)
       RETURNING id`,
    );
    company = Number(row!.id);
  });

  /** A contract of `status` whose deadline is `deadlineInMs` from now (negative: past). */
  const contractDue = async (status: ContractStatus, deadlineInMs: number, number?: string) => {
    const id = await addContract(server.database, {
      initiator,
      status,
      ...(number ? { number } : {}),
      parties: [
        { userId: signer },
        { phone: '13900000199', company: { id: company, name: 'Expiry Co.' } },
        { userId: initiator, company: { id: company, name: 'Expiry Co.' }, signed: true },
      ],
    });
    await server.database.query(
      `UPDATE contracts SET signing_deadline = now() + make_interval(secs => $2),
         signing_started_at = now() + make_interval(secs => $2) - interval '7 days'
       WHERE id = $1`,
      [id, deadlineInMs / 1000],
    );
    return id;
  };

  it('expires the due contracts it may, once each, with an audit entry and the parties’ messages', async () => {
    const due = await contractDue('signing', -HOUR_MS, 'EXP-DUE-SIGNING');
    const filling = await contractDue('filling', -1000, 'EXP-DUE-FILLING');
    const approving = await contractDue('approving', -1000, 'EXP-DUE-APPROVING');
    const later = await contractDue('signing', HOUR_MS, 'EXP-LATER');
    const completed = await contractDue('completed', -HOUR_MS, 'EXP-COMPLETED');
    const withdrawn = await contractDue('withdrawn', -HOUR_MS, 'EXP-WITHDRAWN');

    await expireDueContracts(server.database);
    await expireDueContracts(server.database);

    for (const id of [due, filling, approving])
      expect(await statusOf(server.database, id)).toBe('expired');
    expect(await statusOf(server.database, later)).toBe('signing');
    expect(await statusOf(server.database, completed)).toBe('completed');
    expect(await statusOf(server.database, withdrawn)).toBe('withdrawn');

    const [entry, ...more] = await expireEntries(server.database, due);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actor_user_id: null,
      document_sha256: NO_DOCUMENT_SHA256,
      details: { from: 'signing' },
    });
    expect((await verifyAuditChain(server.database, due)).ok).toBe(true);
    for (const id of [later, completed, withdrawn])
      expect(await expireEntries(server.database, id)).toEqual([]);

    // The initiator personally and for the company it signs for, the signer; the phone without
    // an account gets none.
    const notices = await noticesOf(server.database, 'EXP-DUE-SIGNING');
    expect(notices.map((notice) => `${notice.user_id}:${notice.company_id ?? '-'}`).sort()).toEqual(
      [`${initiator}:${company}`, `${initiator}:-`, `${signer}:-`].sort(),
    );
    // English in title and content, Chinese beside it, each made from its own template.
    expect(notices[0]).toMatchObject({ title: 'Contract expired', title_zh: '合同已过期' });
    expect(notices[0]!.content).toContain('(No. EXP-DUE-SIGNING) expired');
    expect(notices[0]!.content).not.toContain('合同');
    expect(notices[0]!.content_zh).toContain('（编号 EXP-DUE-SIGNING）已过签署截止时间');
    // Each leads to the contract it is about.
    for (const notice of notices)
      expect(notice).toMatchObject({ redirect_type: 7, business_id: String(due) });
    expect(await noticesOf(server.database, 'EXP-LATER')).toEqual([]);
    expect(await noticesOf(server.database, 'EXP-COMPLETED')).toEqual([]);
  });

  it('keeps the document hash of the last audit entry', async () => {
    const id = await contractDue('signing', -1000);
    const document = 'a'.repeat(64);
    await server.database.transaction((tx) =>
      appendAudit(tx, {
        tenantId: '000000',
        contractId: id,
        action: 'create',
        actorUserId: initiator,
        companyId: null,
        ip: null,
        documentSha256: document,
      }),
    );
    await expireDueContracts(server.database);
    expect((await expireEntries(server.database, id))[0]!.document_sha256).toBe(document);
  });

  it('expires a contract at its deadline through the running worker, with no request', async () => {
    const id = await contractDue('signing', 1500, 'EXP-WORKER');
    const [row] = await server.database.query<{ deadline: Date }>(
      'SELECT signing_deadline AS deadline FROM contracts WHERE id = $1',
      [id],
    );
    // As the create call will: pull the sweep to the new deadline.
    await server.database.transaction((tx) => scheduleExpiry(tx, new Date(row!.deadline)));
    expect(await statusOf(server.database, id)).toBe('signing');
    await until(async () => (await statusOf(server.database, id)) === 'expired', 15_000);
    expect(await expireEntries(server.database, id)).toHaveLength(1);
    expect((await noticesOf(server.database, 'EXP-WORKER')).length).toBeGreaterThan(0);
    // The sweep queued its successor: one sweep is pending, whatever ran.
    await until(async () => (await queuedSweeps(server.database)) === 1);
  });

  it('expires 200 due contracts once each when two processes sweep together', async () => {
    const another = await server.startAnother({ jobs: { pollMs: 50 } });
    try {
      const ids: number[] = [];
      for (let index = 0; index < 200; index++)
        ids.push(
          await addContract(server.database, {
            initiator,
            status: 'signing',
            parties: [{ userId: signer }],
          }),
        );
      await server.database.query(
        `UPDATE contracts SET signing_deadline = now() - interval '1 minute'
         WHERE id = ANY($1::bigint[])`,
        [ids],
      );
      const messagesBefore = await server.database.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM messages',
      );
      await Promise.all([
        expireDueContracts(server.database, { batchSize: 30 }),
        expireDueContracts(another.database, { batchSize: 30 }),
        expireDueContracts(another.database, { batchSize: 30 }),
      ]);
      const [counts] = await server.database.query<{
        expired: number;
        entries: number;
        contracts: number;
      }>(
        `SELECT (SELECT count(*)::int FROM contracts WHERE id = ANY($1::bigint[]) AND status = 'expired') AS expired,
           count(*)::int AS entries, count(DISTINCT contract_id)::int AS contracts
         FROM audit_entries WHERE contract_id = ANY($1::bigint[]) AND action = 'expire'`,
        [ids],
      );
      expect(counts).toEqual({ expired: 200, entries: 200, contracts: 200 });
      const [messagesAfter] = await server.database.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM messages',
      );
      // The initiator and the signer, once per contract.
      expect(messagesAfter!.count - messagesBefore[0]!.count).toBe(400);
    } finally {
      await another.close();
    }
  });

  it('keeps one sweep queued however many servers start', async () => {
    expect(await queuedSweeps(server.database)).toBe(1);
    const another = await server.startAnother();
    const third = await server.startAnother();
    try {
      expect(await queuedSweeps(server.database)).toBe(1);
      await Promise.all([
        ensureExpirySweep(another.database),
        ensureExpirySweep(third.database),
        ensureExpirySweep(server.database),
      ]);
      expect(await queuedSweeps(server.database)).toBe(1);
    } finally {
      await third.close();
      await another.close();
    }
  });

  it('runs again the sweep a stopped server left running', async () => {
    const id = await contractDue('signing', -1000, 'EXP-RESTART');
    // The queued sweep, as a server that died while running it leaves it.
    const [left] = await server.database.query<{ id: string }>(
      `UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'stopped-server',
         locked_at = now() - interval '1 hour'
       WHERE kind = $1 AND status = 'queued' RETURNING id`,
      [EXPIRY_JOB],
    );
    expect(left).toBeDefined();
    await ensureExpirySweep(server.database);
    expect(await queuedSweeps(server.database)).toBe(1);
    server.app.jobs.wake();
    await until(async () => (await statusOf(server.database, id)) === 'expired', 15_000);
    await until(async () => {
      const [row] = await server.database.query<{ status: string }>(
        'SELECT status FROM jobs WHERE id = $1',
        [left!.id],
      );
      return row!.status === 'done';
    });
    expect(await queuedSweeps(server.database)).toBe(1);
  });

  it('queues a sweep at a new deadline earlier than the queued one, and never a second', async () => {
    const soon = new Date(Date.now() + 10 * 60_000);
    await server.database.transaction((tx) => scheduleExpiry(tx, new Date(Date.now() + HOUR_MS)));
    await server.database.transaction((tx) => scheduleExpiry(tx, soon));
    const sweeps = await server.database.query<{ run_at: Date }>(
      `SELECT run_at FROM jobs WHERE kind = $1 AND status = 'queued'`,
      [EXPIRY_JOB],
    );
    expect(sweeps).toHaveLength(1);
    // The queued one ran at most a minute out already; it stays the earlier.
    expect(new Date(sweeps[0]!.run_at).getTime()).toBeLessThanOrEqual(soon.getTime());
  });
});
