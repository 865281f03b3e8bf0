import { PATHS, type BatchSignInfo, type WorkflowDetail } from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, loginInto } from '../test-support/companies';
import { BACKENDS, login, useTestServer } from '../test-support/server';
import {
  ADMIN_PHONE,
  PERSON_PHONE,
  sealFor,
  sendForSigning,
  signAs,
  signTicketFor,
  signingCast,
  type SigningCast,
} from '../test-support/signing';
import { demoAuthor, templateClient, type TemplateClient } from '../test-support/templates';
import { batchCode, batchWorker, finished, pdfSignatures } from './test-support';

const MEMBER_PHONE = '13900000741';
const APPROVER_PHONE = '13900000742';

describe.each(BACKENDS)('batch signing on $name', (backend) => {
  const server = useTestServer(backend);
  let cast: SigningCast;
  let admin: TemplateClient;
  let sealId: string;

  /** Two-page contracts sent by the demo company, party A its administrator's to sign. */
  const send = async (count: number, options: { order?: 'parallel' | 'sequential' } = {}) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      ids.push(
        (await sendForSigning(server, cast, { pages: 2, name: `Batch ${i}`, ...options })).id,
      );
    }
    return ids;
  };

  const create = async (client: TemplateClient, phone: string, ids: number[], extra = {}) => {
    const code = await batchCode(server, client, phone, ids.find((id) => id > 0) ?? ids[0]!);
    return client.post<BatchSignInfo>('contractCreateBatchSign', { ids, sealId, code, ...extra });
  };

  /** Runs the queued batch jobs with a worker of the test's until the batch is finished. */
  const runUntilFinished = async (client: TemplateClient, id: string) => {
    const worker = await batchWorker(server.database, server.files);
    try {
      return await finished(client, id);
    } finally {
      await worker.stop();
    }
  };

  /** The company's signatures (party A's; the person's certificate names no organisation). */
  const partyASignatures = async (id: number) =>
    (await pdfSignatures(server.database, server.files, id)).filter((s) =>
      /(^|,)O=/.test(s.certificateSubject),
    );

  const signEntries = async (id: number) =>
    server.database.query<{ details: Record<string, unknown> }>(
      "SELECT details FROM audit_entries WHERE contract_id = $1 AND action = 'sign' ORDER BY seq",
      [id],
    );

  beforeAll(async () => {
    cast = await signingCast(server);
    admin = cast.admin;
    const [first] = await send(1);
    sealId = await sealFor(admin, first!);
  });

  it('signs the selection in the background with one code: each contract its own PAdES signature, audit entry and messages', async () => {
    const ids = await send(3);
    // The person signed the first already: the batch's signature completes it.
    expect((await signAs(server, cast.person, PERSON_PHONE, ids[0]!)).status).toBe(200);
    const code = await batchCode(server, admin, ADMIN_PHONE, ids[1]!);
    const created = await admin.post<BatchSignInfo>('contractCreateBatchSign', {
      ids,
      sealId,
      code,
    });
    expect(created.status).toBe(200);
    const batch = created.body.data;
    expect(batch).toMatchObject({ status: 'running', total: 3, failed: 0, confirmedBy: 'sms' });
    expect(batch.items.map((item) => item.contractId)).toEqual(ids.map(String));
    expect(batch.items[0]).toMatchObject({ number: expect.stringMatching(/^HT/), name: 'Batch 0' });

    // The app's own worker runs it: nobody drives it.
    const done = await finished(admin, batch.id);
    expect(done).toMatchObject({ status: 'finished', signed: 3, failed: 0, remaining: 0 });
    expect(done.items.every((item) => item.state === 'signed' && item.finishedAt)).toBe(true);
    for (const id of ids) {
      const signatures = await partyASignatures(id);
      expect(signatures).toHaveLength(1);
      expect(signatures[0]).toMatchObject({
        valid: true,
        trusted: true,
        coversWholeDocument: true,
      });
      const entries = (await signEntries(id)).filter((entry) => entry.details.party === 'A');
      expect(entries).toHaveLength(1);
      expect(entries[0]!.details).toMatchObject({ confirmedBy: 'sms', seal: { id: sealId } });
    }
    const statuses = await server.database.query<{ id: string; status: string }>(
      'SELECT id, status FROM contracts WHERE id = ANY($1::bigint[]) ORDER BY id',
      [ids],
    );
    expect(statuses.map((row) => row.status)).toEqual(['completed', 'signing', 'signing']);
    // Completing the first told its parties, as a single signature would.
    const told = await server.database.query<{ title: string }>(
      'SELECT title FROM messages WHERE business_id = $1 AND user_id = $2',
      [String(ids[0]), cast.personId],
    );
    expect(told.map((row) => row.title)).toContain('Contract completed');
    expect(
      (await pdfSignatures(server.database, server.files, ids[0]!)).map((s) => s.valid),
    ).toEqual([true, true]);

    // The code was spent once for the whole batch.
    const again = await admin.post('contractCreateBatchSign', {
      ids: await send(1),
      sealId,
      code,
    });
    expect(again.status).toBe(400);
  });

  describe('driven by a worker of the test', () => {
    beforeAll(async () => {
      // The app's worker stops, so that the tests decide when a batch runs ("meanwhile").
      await server.app.jobs.stop();
    });

    it('refuses per contract, not the whole batch, what the session may not sign now, with the reason in its language', async () => {
      const [mine, signedAlready, sequentialNotYet] = [
        ...(await send(2)),
        ...(await send(1, { order: 'sequential' })),
      ];
      expect((await signAs(server, admin, ADMIN_PHONE, signedAlready!)).status).toBe(200);
      // In a sequential order A signs first: make it B's contract… B is the person, so the
      // administrator's party A is at its turn; the person's is not.
      const personSeal = await sealFor(cast.person, mine!);
      const personCode = await batchCode(server, cast.person, PERSON_PHONE, mine!);
      const personZh = templateClient(
        server.base,
        (await login(server.base, PERSON_PHONE)).access_token,
        'zh',
      );
      const forPerson = await personZh.post<BatchSignInfo>('contractCreateBatchSign', {
        ids: [mine, sequentialNotYet],
        sealId: personSeal,
        code: personCode,
      });
      expect(forPerson.status).toBe(200);
      expect(forPerson.body.data.items[1]).toMatchObject({
        state: 'failed',
        reasonCode: 'notYourTurn',
        reason: '本合同按顺序签署，尚未轮到您',
      });
      expect(forPerson.body.data).toMatchObject({ total: 2, failed: 1, remaining: 1 });

      const stranger = 999_999_999;
      const forAdmin = await create(admin, ADMIN_PHONE, [mine!, signedAlready!, stranger]);
      expect(forAdmin.status).toBe(200);
      expect(forAdmin.body.data.items.map((item) => [item.state, item.reasonCode])).toEqual([
        ['waiting', null],
        ['failed', 'partyAlreadySigned'],
        ['failed', 'notFound'],
      ]);
      expect(forAdmin.body.data.items[2]).toMatchObject({ number: '', name: '' });
      const worker = await batchWorker(server.database, server.files);
      try {
        const done = await finished(admin, forAdmin.body.data.id);
        expect(done).toMatchObject({ signed: 1, failed: 2, remaining: 0 });
        const personDone = await finished(personZh, forPerson.body.data.id);
        expect(personDone).toMatchObject({ signed: 1, failed: 1 });
      } finally {
        await worker.stop();
      }
      // Both parties signed `mine`, each once; the already signed one has one signature.
      expect(await pdfSignatures(server.database, server.files, mine!)).toHaveLength(2);
      expect(await pdfSignatures(server.database, server.files, signedAlready!)).toHaveLength(1);
    });

    it('refuses a batch with nothing to sign, or without one confirmation, spending nothing', async () => {
      const [id] = await send(1);
      expect((await signAs(server, admin, ADMIN_PHONE, id!)).status).toBe(200);
      const code = await batchCode(server, admin, ADMIN_PHONE, (await send(1))[0]!);
      const nothing = await admin.post('contractCreateBatchSign', { ids: [id], sealId, code });
      expect(nothing.status).toBe(409);
      expect(nothing.body.msg).toBe('None of the selected contracts can be signed by you now');
      const none = await admin.post('contractCreateBatchSign', { ids: [id], sealId });
      expect(none.status).toBe(400);
      expect(none.body.msg).toContain('Confirm the batch with a verification code or a face check');
      const wrong = await admin.post('contractCreateBatchSign', {
        ids: [(await send(1))[0]],
        sealId,
        ticket: 'made-up',
      });
      expect(wrong.status).toBe(403);
      expect(await server.database.query('SELECT 1 FROM batch_signs WHERE total = 0')).toEqual([]);
    });

    it('takes a face check’s (or a code’s) ticket earned for the first contract instead of a code', async () => {
      const ids = await send(2);
      const ticket = await signTicketFor(server, admin, ADMIN_PHONE, ids[0]!);
      const created = await admin.post<BatchSignInfo>('contractCreateBatchSign', {
        ids,
        sealId,
        ticket,
      });
      expect(created.status).toBe(200);
      expect((await runUntilFinished(admin, created.body.data.id)).signed).toBe(2);
      // The ticket was spent: contract/sign with it is refused.
      const reuse = await admin.post('contractSign', { id: ids[0], sealId, ticket });
      expect(reuse.status).toBe(409);
    });

    it('goes on past a contract withdrawn meanwhile or whose seal its template does not allow, undoing nothing', async () => {
      const ids = await send(4);
      const created = await create(admin, ADMIN_PHONE, ids);
      expect(created.body.data.remaining).toBe(4);
      // Meanwhile: the second is withdrawn, the fourth's party A is signed in another window.
      const withdrawn = await admin.post('contractRevoke', { id: ids[1], reason: 'Wrong price' });
      expect(withdrawn.status).toBe(200);
      expect((await signAs(server, admin, ADMIN_PHONE, ids[3]!)).status).toBe(200);
      const done = await runUntilFinished(admin, created.body.data.id);
      expect(done.items.map((item) => [item.state, item.reasonCode])).toEqual([
        ['signed', null],
        ['failed', 'contractWithdrawn'],
        ['signed', null],
        ['failed', 'partyAlreadySigned'],
      ]);
      expect(done.items[1]!.reason).toBe(
        'This contract can no longer be filled in or signed: it was withdrawn',
      );
      for (const [index, count] of [
        [0, 1],
        [1, 0],
        [2, 1],
        [3, 1],
      ] as const) {
        expect(await partyASignatures(ids[index]!)).toHaveLength(count);
      }

      // A seal the session may not use: every item fails with the seal's reason.
      const badSeal = await create(admin, ADMIN_PHONE, await send(2), { sealId: '999999' });
      const refused = await runUntilFinished(admin, badSeal.body.data.id);
      expect(refused.items.map((item) => item.reasonCode)).toEqual([
        'sealNotYours',
        'sealNotYours',
      ]);
    });

    it('fails alone a contract whose company’s flow must approve before signing', async () => {
      const approverId = await addUser(server.database, {
        phone: APPROVER_PHONE,
        company: { id: cast.companyId, role: 'legal' },
      });
      const flow = await admin.post<WorkflowDetail>('workflowSubmit', {
        name: 'Batch approval',
        type: 'beforeSign',
        nodes: [{ kind: 'approver', people: [approverId] }],
      });
      expect(flow.status, flow.body.msg).toBe(200);
      const templateId = await (
        await demoAuthor(server)
      ).newTemplate('Batch with approval', { pages: [{ width: 595.28, height: 841.89 }] });
      const set = await admin.post('templateSetWorkflows', {
        id: templateId,
        beforeSign: flow.body.data.id,
      });
      expect(set.status, set.body.msg).toBe(200);
      const ids = await send(3);
      await server.database.query('UPDATE contracts SET template_id = $2 WHERE id = $1', [
        ids[1],
        templateId,
      ]);
      const created = await create(admin, ADMIN_PHONE, ids);
      const done = await runUntilFinished(admin, created.body.data.id);
      expect(done.items.map((item) => [item.state, item.reasonCode])).toEqual([
        ['signed', null],
        ['failed', 'signingApprovalRequired'],
        ['signed', null],
      ]);
      expect(await partyASignatures(ids[1]!)).toHaveLength(0);
    });

    it('signs a contract once when two sessions batch-sign it at once', async () => {
      const ids = await send(3);
      const second = templateClient(
        server.base,
        (await loginInto(server.base, ADMIN_PHONE, cast.companyId)).access_token,
      );
      const one = await create(admin, ADMIN_PHONE, ids);
      const two = await create(second, ADMIN_PHONE, [...ids].reverse());
      expect([one.status, two.status]).toEqual([200, 200]);
      // Two workers (as two processes would run them), each batch at once.
      const workers = await Promise.all([
        batchWorker(server.database, server.files),
        batchWorker(server.database, server.files),
      ]);
      try {
        const [a, b] = await Promise.all([
          finished(admin, one.body.data.id),
          finished(second, two.body.data.id),
        ]);
        expect(a.signed + b.signed).toBe(3);
        expect(a.failed + b.failed).toBe(3);
        for (const item of [...a.items, ...b.items]) {
          if (item.state === 'failed') expect(item.reasonCode).toBe('partyAlreadySigned');
        }
      } finally {
        await Promise.all(workers.map((worker) => worker.stop()));
      }
      for (const id of ids) {
        expect(await partyASignatures(id)).toHaveLength(1);
        expect(await signEntries(id)).toHaveLength(1);
      }
    });

    it('lets only the batch’s creator read it, in the console it was made in', async () => {
      const [id] = await send(1);
      const created = await create(admin, ADMIN_PHONE, [id!]);
      const batchId = created.body.data.id;
      const own = await admin.get<BatchSignInfo>('contractBatchSignInfo', { id: batchId });
      expect(own.status).toBe(200);

      await addUser(server.database, {
        phone: MEMBER_PHONE,
        company: { id: cast.companyId, role: 'admin' },
      });
      const member = templateClient(
        server.base,
        (await loginInto(server.base, MEMBER_PHONE, cast.companyId)).access_token,
      );
      const personal = templateClient(
        server.base,
        (await login(server.base, ADMIN_PHONE)).access_token,
      );
      for (const other of [member, personal, cast.person]) {
        const read = await other.get('contractBatchSignInfo', { id: batchId });
        expect(read.status).toBe(404);
        expect(read.body.data ?? null).toBeNull();
      }
      const unknown = await admin.get('contractBatchSignInfo', { id: 987654321 });
      expect(unknown.status).toBe(404);
      const signedOut = await templateClient(server.base, 'x').get('contractBatchSignInfo', {
        id: batchId,
      });
      expect(signedOut.status).toBe(401);
      await runUntilFinished(admin, batchId);
    });

    it('finishes a batch whose every attempt was lost, failing what is left so the page stops waiting', async () => {
      const ids = await send(2);
      const created = await create(admin, ADMIN_PHONE, ids);
      // Its worker died on the last attempt: claimed again, it is not run once more.
      await server.database.query(
        `UPDATE jobs SET status = 'running', attempts = max_attempts, locked_by = 'dead',
           locked_at = now() - interval '1 hour'
         WHERE kind = 'contracts.batch-sign' AND payload->>'batchId' = $1`,
        [created.body.data.id],
      );
      const done = await runUntilFinished(admin, created.body.data.id);
      expect(done).toMatchObject({ signed: 0, failed: 2, remaining: 0 });
      expect(done.items.map((item) => item.reason)).toEqual([
        'The batch stopped before this contract could be signed; please sign it again',
        'The batch stopped before this contract could be signed; please sign it again',
      ]);
      for (const id of ids) expect(await partyASignatures(id)).toHaveLength(0);
    });

    it('resumes a batch whose worker died mid-way: nothing signed twice, nothing skipped', async () => {
      const ids = await send(4);
      const created = await create(admin, ADMIN_PHONE, ids);
      const batchId = Number(created.body.data.id);
      // A worker that died after the first signature committed and while the second was being
      // signed: its item says `signing`, its job is running with a lock long expired.
      expect((await signAs(server, admin, ADMIN_PHONE, ids[0]!)).status).toBe(200);
      await server.database.query(
        `UPDATE batch_sign_items SET state = CASE position WHEN 0 THEN 'signed' ELSE 'signing' END,
           finished_at = CASE position WHEN 0 THEN now() END
         WHERE batch_id = $1 AND position IN (0, 1)`,
        [batchId],
      );
      await server.database.query('UPDATE batch_signs SET signed = 1 WHERE id = $1', [batchId]);
      await server.database.query(
        `UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'dead', locked_at = now() - interval '1 hour'
         WHERE kind = 'contracts.batch-sign' AND payload->>'batchId' = $1`,
        [String(batchId)],
      );
      const done = await runUntilFinished(admin, String(batchId));
      expect(done).toMatchObject({ signed: 4, failed: 0 });
      for (const id of ids) expect(await partyASignatures(id)).toHaveLength(1);
    });
  });

  it('lists its calls in the OpenAPI document with examples', async () => {
    const response = await fetch(`${server.base}/api${PATHS.openapi}`);
    const document = (await response.json()) as { paths: Record<string, unknown> };
    const create = JSON.stringify(document.paths[`/api${PATHS.contractCreateBatchSign}`]);
    expect(create).toContain('"sealId":"31"');
    const info = JSON.stringify(document.paths[`/api${PATHS.contractBatchSignInfo}`]);
    expect(info).toContain('contractWithdrawn');
  });
});
