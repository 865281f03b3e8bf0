/**
 * A contract's life after sending, through the calls: filling in by the template's rules, locking,
 * refusing, urging, withdrawing, removing and the audit trail's attestation; who may do each, and
 * that a refusal changes nothing.
 */
import { execFileSync } from 'node:child_process';
import {
  PATHS,
  URGE_INTERVAL_MS,
  type ContractActed,
  type ContractAttestation,
  type ContractDetail,
  type ContractListPage,
  type ContractLock,
  type ContractStatistics,
  type ContractUrged,
} from '@esign/platform';
import type { TemplateProject } from '@esign/template-editor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../audit/audit-trail';
import {
  JPEG_DATA_URL,
  LEO,
  LOCK_CO,
  PNG_DATA_URL,
  lifeWorld,
  type LifeWorld,
} from '../test-support/contract-life';
import { DEMO_PASSWORD } from '../seed';
import { addUser } from '../test-support/companies';
import { BACKENDS, call, requestToken, useTestServer } from '../test-support/server';

describe.each(BACKENDS)('a contract’s life after sending, on $name', (backend) => {
  const server = useTestServer(backend);
  let world: LifeWorld;

  beforeAll(async () => {
    world = await lifeWorld(server);
  });

  const post = <T = unknown>(token: string, path: string, body: unknown, lang = 'en') =>
    call<T>(server.base, 'POST', path, { token, body, headers: { Lang: lang } });
  const get = <T = unknown>(token: string, path: string, id: number) =>
    call<T>(server.base, 'GET', `${path}?id=${id}`, { token });

  /** What an action writes, counted: a refusal changes none of it. */
  const snapshot = async (id: number) => {
    const [contract] = await server.database.query<Record<string, unknown>>(
      `SELECT status, project, signing_started_at, removed_at, updated_at FROM contracts WHERE id = $1`,
      [id],
    );
    const parties = await server.database.query(
      `SELECT party, filled_at, signed_at, refused_at, refusal_reason FROM contract_participants
       WHERE contract_id = $1 ORDER BY party`,
      [id],
    );
    const [counts] = await server.database.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM audit_entries WHERE contract_id = $1) AS audit,
              (SELECT count(*)::int FROM messages) AS messages,
              (SELECT count(*)::int FROM contract_urges WHERE contract_id = $1) AS urges,
              (SELECT count(*)::int FROM contract_locks WHERE contract_id = $1) AS locks`,
      [id],
    );
    return { contract, parties, counts };
  };

  /** Messages stored since `since` for the user with `phone`, English titles only. */
  const messagesTo = async (phone: string, since: Date) =>
    (
      await server.database.query<{ title: string }>(
        `SELECT m.title FROM messages m JOIN users u ON u.id = m.user_id
         WHERE u.phone = $1 AND u.tenant_id = '000000' AND m.created_at >= $2 ORDER BY m.id`,
        [phone, since.toISOString()],
      )
    ).map((row) => row.title);

  const dbNow = async () =>
    new Date((await server.database.query<{ now: Date }>('SELECT now() AS now'))[0]!.now);

  const validValues = () => ({
    [world.field.Address]: ' No. 8 Century Avenue ',
    [world.field.Amount]: '120',
    [world.field.Start]: '2026-12-01',
    [world.field['ID card']]: PNG_DATA_URL,
  });

  describe('contract/write', () => {
    it('refuses values against the template’s rules, each with its message, changing nothing', async () => {
      const id = await world.newContract();
      const before = await snapshot(id);
      const { field } = world;
      const cases: [Record<string, string>, number, string][] = [
        [
          { ...validValues(), [field['Guarantor address']]: 'x' },
          400,
          'Only your own party’s fields can be filled in',
        ],
        [{ ...validValues(), 'no-such-field': 'x' }, 400, 'A field was not found in the template'],
        [{ ...validValues(), [field.Amount]: '12a' }, 400, 'This field takes digits only'],
        [
          { ...validValues(), [field.Address]: 'x'.repeat(31) },
          400,
          'This field’s value is longer than the template allows',
        ],
        [
          { ...validValues(), [field.Start]: '2026-13-01' },
          400,
          expect.stringContaining('Write the date in the field’s format') as unknown as string,
        ],
        [
          { ...validValues(), [field.Start]: '01/12/2026' },
          400,
          expect.stringContaining('Write the date') as unknown as string,
        ],
        [
          { ...validValues(), [field.Start]: '2026/02/30' },
          400,
          expect.stringContaining('Write the date') as unknown as string,
        ],
        [
          { ...validValues(), [field['ID card']]: 'data:image/png;base64,R0lGODlhAQABAAAAACw=' },
          400,
          expect.stringContaining('PNG or JPEG') as unknown as string,
        ],
        [
          { ...validValues(), [field['ID card']]: 'https://example.com/a.png' },
          400,
          expect.stringContaining('PNG or JPEG') as unknown as string,
        ],
        [
          { ...validValues(), [field.Amount]: '1'.repeat(3000) },
          422,
          'The contract’s PDF could not be written: A value is too long for its field even at the smallest font size. (Amount)',
        ],
        [{ ...validValues(), [field.Address]: '  ' }, 400, 'Please fill in every required field'],
        [{ [field.Address]: 'Somewhere' }, 400, 'Please fill in every required field'],
      ];
      for (const [values, status, msg] of cases) {
        const answer = await post(world.person, PATHS.contractWrite, { id, values });
        expect(answer.status, JSON.stringify(values).slice(0, 200)).toBe(status);
        expect(answer.body.msg).toEqual(msg);
      }
      const zh = await post(
        world.person,
        PATHS.contractWrite,
        { id, values: { ...validValues(), [field.Amount]: 'abc' } },
        'zh',
      );
      expect(zh.body).toMatchObject({ code: 400, msg: '该字段只能填写数字' });
      expect(zh.body.data).toEqual({ elementUuid: field.Amount, title: 'Amount' });
      // An image beyond 2 MB is refused by the body's schema.
      const huge = await post(world.person, PATHS.contractWrite, {
        id,
        values: {
          ...validValues(),
          [field['ID card']]: `data:image/png;base64,${'A'.repeat(2 * 1024 * 1024 + 10)}`,
        },
      });
      expect(huge.status).toBe(400);
      expect(await snapshot(id)).toEqual(before);
    });

    it('fills the party’s fields into the project, records which (not what), tells the initiator, and the last fill starts signing', async () => {
      const id = await world.newContract();
      const since = await dbNow();
      // A picture above the app's 1 MB body limit goes through contract/write's own limit.
      const bigJpeg = `${JPEG_DATA_URL}${'A'.repeat(1_400_000)}`;
      const filled = await post<ContractActed>(world.person, PATHS.contractWrite, {
        id,
        values: { ...validValues(), [world.field['ID card']]: bigJpeg },
      });
      expect(filled.status, JSON.stringify(filled.body)).toBe(200);
      expect(filled.body.data).toMatchObject({ id: String(id), status: 'filling' });
      const [row] = await server.database.query<{ project: TemplateProject; status: string }>(
        'SELECT project, status FROM contracts WHERE id = $1',
        [id],
      );
      const value = (uuid: string) =>
        row!.project.pages[0]!.elements.find((element) => element.uuid === uuid)!.value;
      expect(value(world.field.Address)).toBe('No. 8 Century Avenue');
      expect(value(world.field.Amount)).toBe('120');
      expect(value(world.field.Start)).toBe('2026/12/01');
      expect(value(world.field['ID card'])).toBe(bigJpeg);
      const [b] = await server.database.query<{ filled_at: Date | null }>(
        "SELECT filled_at FROM contract_participants WHERE contract_id = $1 AND party = 'B'",
        [id],
      );
      expect(b!.filled_at).not.toBeNull();
      const chain = await verifyAuditChain(server.database, id);
      const fill = chain.entries.at(-1)!;
      expect(fill).toMatchObject({ action: 'fill', details: { party: 'B', status: 'filling' } });
      expect((fill.details.fields as string[]).sort()).toEqual(Object.keys(validValues()).sort());
      expect(JSON.stringify(fill.details)).not.toContain('Century');
      expect(await messagesTo('13800000002', since)).toEqual(['A party filled in']);
      // The message leads to the contract (act.notify), and has its Chinese beside the English.
      const [told] = await server.database.query<{ redirect_type: number; business_id: string }>(
        `SELECT m.redirect_type, m.business_id, m.title_zh FROM messages m JOIN users u ON u.id = m.user_id
         WHERE u.phone = '13800000002' AND u.tenant_id = '000000' AND m.created_at >= $1`,
        [since.toISOString()],
      );
      expect(told).toEqual({ redirect_type: 7, business_id: String(id), title_zh: '签署方已填写' });

      // B has filled; a second write is refused.
      const again = await post(world.person, PATHS.contractWrite, { id, values: validValues() });
      expect(again).toMatchObject({
        status: 409,
        body: { msg: 'Your party has already filled in its fields' },
      });

      const last = await post<ContractActed>(world.leo, PATHS.contractWrite, {
        id,
        values: { [world.field['Guarantor address']]: 'No. 2 Lock Street' },
      });
      expect(last.body.data?.status).toBe('signing');
      const [signing] = await server.database.query<{ signing_started_at: Date | null }>(
        'SELECT signing_started_at FROM contracts WHERE id = $1',
        [id],
      );
      expect(signing!.signing_started_at).not.toBeNull();
      // The signers are told signing started: the person, the demo company, Lock Trading Co.
      expect(await messagesTo('13800000001', since)).toEqual(['Ready for signing']);
      expect(await messagesTo('13900000501', since)).toEqual(['Ready for signing']);
      expect(await messagesTo('13800000002', since)).toEqual([
        'A party filled in',
        'A party filled in',
        'Ready for signing',
      ]);
      const detail = await get<ContractDetail>(world.person, PATHS.contractDetail, id);
      expect(detail.body.data.myActions).toEqual(['sign', 'refuse']);
      // Before anyone signs, the PDF the details link is the document with the values filled in
      // (the pages draw only what is still to come over it).
      const pdf = await fetch(`${server.base}${detail.body.data.pdfLink!}`);
      expect(pdf.status).toBe(200);
      const text = execFileSync('pdftotext', ['-', '-'], {
        input: Buffer.from(await pdf.arrayBuffer()),
      }).toString('utf8');
      expect(text).toContain('No. 8 Century Avenue');
      expect(text).toContain('No. 2 Lock Street');
      expect(text).toContain('2026/12/01');
    });

    it('fills a party once when two members of it write at the same moment', async () => {
      const id = await world.newContract();
      const values = { [world.field['Guarantor address']]: 'No. 2 Lock Street' };
      const answers = await Promise.all([
        post(world.lena, PATHS.contractWrite, { id, values }),
        post(world.leo, PATHS.contractWrite, { id, values }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const fills = (await verifyAuditChain(server.database, id)).entries.filter(
        (entry) => entry.action === 'fill',
      );
      expect(fills).toHaveLength(1);
    });

    it('refuses a fill once the signing deadline passed, before the sweep expires it', async () => {
      const id = await world.newContract();
      await server.database.query(
        `UPDATE contracts SET signing_deadline = now() - interval '1 minute' WHERE id = $1`,
        [id],
      );
      const before = await snapshot(id);
      // Whether the deadline sweep expired it meanwhile or not, the answer is the same.
      expect(
        await post(world.person, PATHS.contractWrite, { id, values: validValues() }),
      ).toMatchObject({
        status: 409,
        body: {
          msg: 'This contract can no longer be filled in or signed: its signing deadline has passed',
        },
      });
      const after = await snapshot(id);
      expect(after.parties).toEqual(before.parties);
      expect(after.contract!.project).toEqual(before.contract!.project);
    });

    it('lets only a party fill its own part: the initiator’s console and strangers cannot', async () => {
      const id = await world.newContract();
      const before = await snapshot(id);
      // The demo company is party A, which signs but does not fill.
      expect(await post(world.admin, PATHS.contractWrite, { id, values: {} })).toMatchObject({
        status: 403,
        body: { msg: 'You are not the party who may do this on this contract' },
      });
      expect(
        await post(world.admin, PATHS.contractWrite, { id, party: 'B', values: validValues() }),
      ).toMatchObject({ status: 403 });
      expect(await snapshot(id)).toEqual(before);
    });
  });

  describe('contract/lock', () => {
    // Taking a lock is for those who manage the company's contracts (and the party's named signer,
    // Lena): Leo manages Lock Trading Co.'s here, so that two members may contend for it.
    const leoRole = (role: string) =>
      server.database.query(
        `UPDATE company_members m SET role_id = r.id FROM company_roles r, users u
         WHERE u.phone = $1 AND u.tenant_id = '000000' AND m.user_id = u.id
           AND r.company_id = m.company_id AND r.name = $2`,
        [LEO, role],
      );
    beforeAll(async () => {
      await server.database.query(
        `INSERT INTO company_roles (company_id, name, grants)
         SELECT id, 'Contract manager', '{contract:manage}' FROM companies WHERE full_name = $1`,
        [LOCK_CO],
      );
      await leoRole('Contract manager');
    });
    afterAll(async () => {
      await leoRole('employee');
    });

    it('holds the party’s fill for others of the party while a member works on it, until released or run out', async () => {
      const id = await world.newContract();
      const values = { [world.field['Guarantor address']]: 'No. 2 Lock Street' };
      const taken = await post<ContractLock>(world.lena, PATHS.contractLock, { id });
      expect(taken.status, JSON.stringify(taken.body)).toBe(200);
      expect(taken.body.data).toMatchObject({
        party: 'C',
        locked: true,
        holder: 'Lena Lock',
        mine: true,
      });
      const until = new Date(taken.body.data.until!).getTime();
      expect(until).toBeGreaterThan(Date.now() + 4 * 60_000);

      const before = await snapshot(id);
      const blocked = await post(world.leo, PATHS.contractWrite, { id, values });
      expect(blocked).toMatchObject({
        status: 409,
        body: {
          msg: 'Someone else of your party is working on this contract; please try again in a few minutes',
          data: { party: 'C', locked: true, holder: 'Lena Lock', mine: false },
        },
      });
      expect(await post(world.leo, PATHS.contractLock, { id })).toMatchObject({ status: 409 });
      expect(await snapshot(id)).toEqual(before);
      // Leo's detail shows the lock; the person's (another party) shows none of C's.
      const leoDetail = await get<ContractDetail>(world.leo, PATHS.contractDetail, id);
      expect(leoDetail.body.data.locks).toEqual([
        { party: 'C', holder: 'Lena Lock', until: taken.body.data.until, mine: false },
      ]);
      expect(
        (await get<ContractDetail>(world.person, PATHS.contractDetail, id)).body.data.locks,
      ).toEqual([]);
      // Another party is not held: B fills meanwhile.
      expect(
        (await post(world.person, PATHS.contractWrite, { id, values: validValues() })).status,
      ).toBe(200);

      // Leo releasing what he does not hold changes nothing; Lena renews, then releases.
      expect(
        (await post<ContractLock>(world.leo, PATHS.contractLock, { id, lock: false })).body.data,
      ).toMatchObject({ locked: true, mine: false });
      const renewed = await post<ContractLock>(world.lena, PATHS.contractLock, { id, lock: true });
      expect(new Date(renewed.body.data.until!).getTime()).toBeGreaterThanOrEqual(until);
      expect(
        (await post<ContractLock>(world.lena, PATHS.contractLock, { id, lock: false })).body.data,
      ).toMatchObject({ locked: false, holder: null });
      const leoLocks = await post<ContractLock>(world.leo, PATHS.contractLock, { id });
      expect(leoLocks.body.data).toMatchObject({ holder: 'Leo Lock', mine: true });
      // A lock that ran out holds nothing.
      await server.database.query(
        "UPDATE contract_locks SET until = now() - interval '1 second' WHERE contract_id = $1",
        [id],
      );
      const lenaFills = await post<ContractActed>(world.lena, PATHS.contractWrite, { id, values });
      expect(lenaFills.status).toBe(200);
      expect(lenaFills.body.data.status).toBe('signing');
    });

    it('holds the party’s signature for others of the party too', async () => {
      const id = await world.newContract({ status: 'signing', filled: ['B', 'C'] });
      expect((await post(world.lena, PATHS.contractLock, { id })).status).toBe(200);
      const sign = { id, sealId: 'company:0', ticket: 'not-a-ticket' };
      const before = await snapshot(id);
      expect(await post(world.leo, PATHS.contractSign, sign)).toMatchObject({
        status: 409,
        body: { data: { party: 'C', holder: 'Lena Lock', mine: false } },
      });
      expect(await snapshot(id)).toEqual(before);
      // Released, Leo's signature goes on to its own checks (here a seal that is not his).
      await post(world.lena, PATHS.contractLock, { id, lock: false });
      expect((await post(world.leo, PATHS.contractSign, sign)).status).toBe(403);
    });

    it('goes to one member when two take it at the same moment', async () => {
      const id = await world.newContract();
      const answers = await Promise.all([
        post(world.lena, PATHS.contractLock, { id }),
        post(world.leo, PATHS.contractLock, { id }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    });

    it('is for a party’s members only, while parties act', async () => {
      const id = await world.newContract();
      expect((await post(world.sam, PATHS.contractLock, { id })).status).toBe(404);
      expect(await post(world.rita, PATHS.contractLock, { id })).toMatchObject({ status: 404 });
      expect(await post(world.person, PATHS.contractLock, { id, party: 'C' })).toMatchObject({
        status: 403,
      });
      const done = await world.newContract({
        status: 'completed',
        filled: ['B', 'C'],
        signed: ['A', 'B', 'C'],
      });
      expect(await post(world.lena, PATHS.contractLock, { id: done })).toMatchObject({
        status: 403,
      });
      const withdrawn = await world.newContract({ status: 'withdrawn' });
      expect(await post(world.lena, PATHS.contractLock, { id: withdrawn })).toMatchObject({
        status: 409,
        body: { msg: expect.stringContaining('withdrawn') as unknown },
      });
    });
  });

  describe('contract/reject', () => {
    it('refuses the contract with the party’s reason; everyone concerned is told, the initiator sees signing refused', async () => {
      const id = await world.newContract();
      const before = await snapshot(id);
      expect(await post(world.person, PATHS.contractReject, { id, reason: ' ' })).toMatchObject({
        status: 400,
        body: { msg: 'reason: Please give a reason for refusing' },
      });
      expect(
        await post(world.person, PATHS.contractReject, { id, reason: 'x'.repeat(201) }, 'zh'),
      ).toMatchObject({ status: 400, body: { msg: 'reason: 原因不能超过 200 个字符' } });
      // The initiator's console (party A) cannot refuse for B.
      expect(
        await post(world.admin, PATHS.contractReject, { id, party: 'B', reason: 'No' }),
      ).toMatchObject({ status: 403 });
      expect(await snapshot(id)).toEqual(before);

      const since = await dbNow();
      const refused = await post<ContractActed>(world.person, PATHS.contractReject, {
        id,
        reason: 'The price differs from our offer',
      });
      expect(refused.body.data).toMatchObject({ id: String(id), status: 'refused' });
      const detail = await get<ContractDetail>(world.admin, PATHS.contractDetail, id);
      expect(detail.body.data.status).toBe('refused');
      expect(detail.body.data.participants.find((p) => p.party === 'B')).toMatchObject({
        refusalReason: 'The price differs from our offer',
        refusedAt: expect.any(String) as unknown,
      });
      expect(detail.body.data.myActions).toEqual(['remove']);
      for (const phone of ['13800000002', '13900000501', '13900000503']) {
        expect(await messagesTo(phone, since), phone).toEqual(['Signing refused']);
      }
      expect(await messagesTo('13800000001', since)).toEqual([]);
      const [content] = await server.database.query<{ content: string; content_zh: string }>(
        `SELECT content, content_zh FROM messages m JOIN users u ON u.id = m.user_id
         WHERE u.phone = '13800000002' AND m.created_at >= $1`,
        [since.toISOString()],
      );
      expect(content!.content).toContain('The price differs from our offer');
      expect(content!.content).not.toContain('原因');
      expect(content!.content_zh).toContain('原因：The price differs from our offer');
      expect((await post(world.lena, PATHS.contractReject, { id, reason: 'Too' })).status).toBe(
        409,
      );
    });
  });

  describe('contract/urge', () => {
    it('reminds the parties whose move it is, each at most once an hour', async () => {
      const id = await world.newContract();
      const since = await dbNow();
      expect(await post(world.person, PATHS.contractUrge, { id })).toMatchObject({
        status: 403,
        body: { msg: 'Only the contract’s initiator may do this' },
      });
      const urged = await post<ContractUrged>(world.admin, PATHS.contractUrge, { id });
      expect(urged.status, JSON.stringify(urged.body)).toBe(200);
      expect(urged.body.data.urged).toEqual(['B', 'C']);
      const next = new Date(urged.body.data.nextUrgeAt).getTime();
      expect(Math.abs(next - since.getTime() - URGE_INTERVAL_MS)).toBeLessThan(60_000);
      expect(await messagesTo('13800000001', since)).toEqual(['A reminder to act']);
      expect(await messagesTo('13900000501', since)).toEqual(['A reminder to act']);

      const before = await snapshot(id);
      const tooSoon = await post<{ nextUrgeAt: string }>(world.admin, PATHS.contractUrge, { id });
      expect(tooSoon).toMatchObject({
        status: 429,
        body: { msg: 'Each party can be urged once an hour: please try again later' },
      });
      expect(tooSoon.body.data.nextUrgeAt).toBe(urged.body.data.nextUrgeAt);
      expect(await snapshot(id)).toEqual(before);

      // An hour on for C only: C alone is reminded.
      await server.database.query(
        `UPDATE contract_urges SET urged_at = urged_at - interval '61 minutes'
         WHERE contract_id = $1 AND party = 'C'`,
        [id],
      );
      const again = await post<ContractUrged>(world.admin, PATHS.contractUrge, { id });
      expect(again.body.data.urged).toEqual(['C']);
      const trail = await verifyAuditChain(server.database, id);
      // Each entry also names the device the call came from (its User-Agent).
      expect(trail.entries.filter((e) => e.action === 'urge').map((e) => e.details)).toMatchObject([
        { parties: ['B', 'C'] },
        { parties: ['C'] },
      ]);
    });

    it('reminds in a sequential order only the party at its turn, and refuses when nobody is awaited', async () => {
      const id = await world.newContract({
        status: 'signing',
        signingOrder: 'sequential',
        filled: ['B', 'C'],
        signed: ['A'],
      });
      const urged = await post<ContractUrged>(world.admin, PATHS.contractUrge, { id });
      expect(urged.body.data.urged).toEqual(['B']);
      const stuck = await world.newContract({
        status: 'signing',
        filled: ['B', 'C'],
        signed: ['A', 'B', 'C'],
      });
      expect(await post(world.admin, PATHS.contractUrge, { id: stuck })).toMatchObject({
        status: 409,
        body: { msg: 'No party is waiting to act' },
      });
    });
  });

  describe('contract/revoke', () => {
    it('withdraws for the initiator only, telling every party, those who signed included', async () => {
      const id = await world.newContract({ status: 'signing', filled: ['B', 'C'], signed: ['B'] });
      const before = await snapshot(id);
      expect(await post(world.person, PATHS.contractRevoke, { id })).toMatchObject({
        status: 403,
        body: { msg: 'Only the contract’s initiator may do this' },
      });
      expect(
        await post(world.admin, PATHS.contractRevoke, { id, reason: 'x'.repeat(201) }),
      ).toMatchObject({
        status: 400,
        body: { msg: 'reason: The reason is at most 200 characters' },
      });
      expect(await snapshot(id)).toEqual(before);
      const since = await dbNow();
      const withdrawn = await post<ContractActed>(world.admin, PATHS.contractRevoke, {
        id,
        reason: 'Terms changed',
      });
      expect(withdrawn.body.data.status).toBe('withdrawn');
      for (const phone of ['13800000001', '13900000501', '13900000503']) {
        expect(await messagesTo(phone, since), phone).toEqual(['Contract withdrawn']);
      }
      expect((await verifyAuditChain(server.database, id)).entries.at(-1)).toMatchObject({
        action: 'withdraw',
        details: { reason: 'Terms changed', status: 'withdrawn' },
      });
      expect(await post(world.admin, PATHS.contractRevoke, { id })).toMatchObject({
        status: 409,
        body: { msg: expect.stringContaining('withdrawn') as unknown },
      });
    });
  });

  describe('contract/remove', () => {
    it('takes an ended unsigned contract out of the initiator’s lists and counts, keeping its row and trail', async () => {
      const id = await world.newContract();
      expect(await post(world.admin, PATHS.contractRemove, { id })).toMatchObject({
        status: 409,
        body: { msg: expect.any(String) as unknown },
      });
      await post(world.admin, PATHS.contractRevoke, { id });
      expect(await post(world.person, PATHS.contractRemove, { id })).toMatchObject({ status: 403 });
      const listed = async (token: string) =>
        (
          await call<ContractListPage>(
            server.base,
            'GET',
            `${PATHS.contractMyPage}?tab=all&size=100`,
            { token },
          )
        ).body.data.records.map((r) => Number(r.id));
      const stats = async (token: string) =>
        (await call<ContractStatistics>(server.base, 'GET', PATHS.dashboard, { token })).body.data;
      expect(await listed(world.admin)).toContain(id);
      const trail = (await verifyAuditChain(server.database, id)).entries.length;

      const removed = await post<ContractActed>(world.admin, PATHS.contractRemove, { id });
      expect(removed.body.data).toMatchObject({ id: String(id), status: 'withdrawn' });
      expect(await listed(world.admin)).not.toContain(id);
      const initiated = await call<ContractListPage>(
        server.base,
        'GET',
        `${PATHS.contractMyPage}?tab=initiated&size=100`,
        { token: world.admin },
      );
      expect(initiated.body.data.records.map((r) => Number(r.id))).not.toContain(id);
      // The other parties still list it.
      expect(await listed(world.person)).toContain(id);
      const [row] = await server.database.query<{ removed_at: Date | null }>(
        'SELECT removed_at FROM contracts WHERE id = $1',
        [id],
      );
      expect(row!.removed_at).not.toBeNull();
      const chain = await verifyAuditChain(server.database, id);
      expect(chain.ok).toBe(true);
      expect(chain.entries).toHaveLength(trail + 1);
      expect(chain.entries.at(-1)!.action).toBe('remove');
      // Still reachable by id, with nothing more to do; a second removal is refused.
      const detail = await get<ContractDetail>(world.admin, PATHS.contractDetail, id);
      expect(detail.body.data.myActions).toEqual([]);
      expect(await post(world.admin, PATHS.contractRemove, { id })).toMatchObject({
        status: 409,
        body: { msg: 'This contract was already removed from your lists' },
      });

      // The home screen's counts leave a removed contract out.
      const expired = await world.newContract({ status: 'expired' });
      const counted = (await stats(world.admin)).expired;
      await post(world.admin, PATHS.contractRemove, { id: expired });
      expect((await stats(world.admin)).expired).toBe(counted - 1);
      expect((await stats(world.person)).expired).toBeGreaterThanOrEqual(1);
    });
  });

  describe('a stranger holding a contract’s id', () => {
    it('gets 404 from every call, as for an id that does not exist, and changes nothing, in the tenant or in another', async () => {
      const id = await world.newContract();
      const before = await snapshot(id);
      const calls: [string, string, Record<string, unknown>][] = [
        ['POST', PATHS.contractWrite, { values: {} }],
        ['POST', PATHS.contractReject, { reason: 'No' }],
        ['POST', PATHS.contractUrge, {}],
        ['POST', PATHS.contractRevoke, {}],
        ['POST', PATHS.contractRemove, {}],
        ['POST', PATHS.contractLock, {}],
        ['GET', PATHS.contractAttestation, {}],
        ['GET', PATHS.contractDetail, {}],
      ];
      // Sam, of the tenant; and the holder of party B's phone in another tenant.
      await addUser(server.database, { phone: '13800000001', tenantId: '000009' });
      const elsewhere = await requestToken(server.base, {
        grant_type: 'password',
        tenant_id: '000009',
        username: '13800000001',
        password: DEMO_PASSWORD,
      });
      const outsider = ((await elsewhere.json()) as { access_token: string }).access_token;
      for (const token of [world.sam, outsider]) {
        for (const [method, path, body] of calls) {
          const ask = (contract: number) =>
            method === 'GET'
              ? get(token, path, contract)
              : post(token, path, { id: contract, ...body });
          const answer = await ask(id);
          expect(answer.status, path).toBe(404);
          expect(answer.body).toEqual((await ask(987_654_321)).body);
        }
      }
      expect(await snapshot(id)).toEqual(before);
    });
  });

  describe('contract/attestation', () => {
    it('shows the trail of a sequence of actions with who did them, its chain intact, to whoever sees the detail', async () => {
      const id = await world.newContract();
      await post(world.person, PATHS.contractWrite, { id, values: validValues() });
      await post(world.admin, PATHS.contractUrge, { id });
      await post(world.leo, PATHS.contractWrite, {
        id,
        values: { [world.field['Guarantor address']]: 'Lock St.' },
      });
      await post(world.lena, PATHS.contractReject, { id, reason: 'Changed our mind' });
      await post(world.admin, PATHS.contractRemove, { id });

      for (const token of [world.admin, world.person, world.leo, world.rita]) {
        const answer = await get<ContractAttestation>(token, PATHS.contractAttestation, id);
        expect(answer.status).toBe(200);
        expect(answer.body.data.chain).toEqual({ intact: true });
        expect(answer.body.data.entries.map((e) => e.action)).toEqual([
          'create',
          'fill',
          'urge',
          'fill',
          'refuse',
          'remove',
        ]);
      }
      const { entries } = (
        await get<ContractAttestation>(world.rita, PATHS.contractAttestation, id)
      ).body.data;
      expect(entries[0]).toMatchObject({
        seq: 1,
        actorPhone: '13800000002',
        companyName: 'Demo Technology Co., Ltd.',
        prevHash: null,
      });
      expect(entries[1]).toMatchObject({
        actorPhone: '13800000001',
        companyName: null,
        details: { party: 'B' },
      });
      expect(entries[3]).toMatchObject({ actorName: 'Leo Lock', companyName: 'Lock Trading Co.' });
      expect(entries[4]).toMatchObject({
        actorName: 'Lena Lock',
        details: { reason: 'Changed our mind' },
      });
      for (const [index, entry] of entries.entries()) {
        expect(entry.seq).toBe(index + 1);
        expect(entry.documentSha256).toMatch(/^[0-9a-f]{64}$/);
        if (index > 0) expect(entry.prevHash).toBe(entries[index - 1]!.hash);
      }
      expect((await get(world.sam, PATHS.contractAttestation, id)).status).toBe(404);
    });

    it('flags a chain broken behind the append-only trigger’s back, at the entry changed', async () => {
      const id = await world.newContract();
      await post(world.person, PATHS.contractWrite, { id, values: validValues() });
      await post(world.admin, PATHS.contractUrge, { id });
      // As a superuser would, with the trigger switched off (see audit-trail.test.ts).
      await server.database.transaction(async (tx) => {
        await tx.query('ALTER TABLE audit_entries DISABLE TRIGGER audit_entries_append_only');
        await tx.query(
          `UPDATE audit_entries SET details = '{"party":"C"}' WHERE contract_id = $1 AND seq = 2`,
          [id],
        );
        await tx.query('ALTER TABLE audit_entries ENABLE TRIGGER audit_entries_append_only');
      });
      const answer = await get<ContractAttestation>(world.person, PATHS.contractAttestation, id);
      expect(answer.body.data.chain).toEqual({ intact: false, brokenAt: 2, problem: 'hash' });
      expect(answer.body.data.entries).toHaveLength(3);
    });
  });
});
