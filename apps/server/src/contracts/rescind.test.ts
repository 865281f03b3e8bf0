/**
 * Rescinding a completed contract through the calls: a party that signed asks with a reason and a
 * verification code, the other party finds it under "handled by me" and agrees, and the contract
 * is cancelled; who may, what is refused, and that a refusal changes nothing.
 */
import {
  type ContractActed,
  type ContractDetail,
  type ContractListPage,
  type ContractRescission,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../audit/audit-trail';
import { addUser } from '../test-support/companies';
import { BACKENDS, login, useTestServer } from '../test-support/server';
import {
  ADMIN_PHONE,
  PERSON_PHONE,
  sendForSigning,
  signAs,
  signTicketFor,
  signingCast,
  type SigningCast,
} from '../test-support/signing';
import { templateClient, type TemplateClient } from '../test-support/templates';

const STRANGER_PHONE = '13900000601';

describe.each(BACKENDS)('rescinding a completed contract on $name', (backend) => {
  const server = useTestServer(backend);
  let cast: SigningCast;
  let stranger: TemplateClient;

  beforeAll(async () => {
    cast = await signingCast(server);
    await addUser(server.database, { phone: STRANGER_PHONE });
    stranger = templateClient(server.base, (await login(server.base, STRANGER_PHONE)).access_token);
  });

  /** A contract both parties signed. */
  async function completed(): Promise<number> {
    const { id } = await sendForSigning(server, cast);
    expect((await signAs(server, cast.person, PERSON_PHONE, id)).status).toBe(200);
    const last = await signAs(server, cast.admin, ADMIN_PHONE, id);
    expect(last.body.data).toMatchObject({ status: 'completed' });
    return id;
  }

  const counts = async (id: number) => {
    const [row] = await server.database.query<Record<string, unknown>>(
      `SELECT c.status, c.rescission_reason,
         (SELECT count(*)::int FROM audit_entries WHERE contract_id = $1) AS audit,
         (SELECT count(*)::int FROM contract_participants
            WHERE contract_id = $1 AND rescinded_at IS NOT NULL) AS agreed
       FROM contracts c WHERE c.id = $1`,
      [id],
    );
    return row;
  };

  it('cancels the contract once every signing party agreed, the first giving the reason', async () => {
    const id = await completed();
    const before = await cast.person.get<ContractRescission>('contractRescission', { id });
    expect(before.body.data).toMatchObject({ state: 'none', canAgree: true, reason: null });
    const detail = await cast.person.get<ContractDetail>('contractDetail', { id });
    expect(detail.body.data.myActions).toContain('rescind');

    // The person asks, with a reason and a code sent for rescinding.
    const ticket = await signTicketFor(server, cast.person, PERSON_PHONE, id, 'rescind');
    const asked = await cast.person.post<ContractActed>('contractRescind', {
      id,
      reason: 'The car was never delivered',
      ticket,
    });
    expect(asked.status).toBe(200);
    expect(asked.body.data.status).toBe('completed');

    // The company finds it under "handled by me", with the action to agree.
    const todo = await cast.admin.get<ContractListPage>('contractQuickPage', {
      tab: 'todo',
      current: 1,
      size: 100,
    });
    const row = todo.body.data.records.find((r) => Number(r.id) === id);
    expect(row?.myAction).toBe('rescind');
    const pending = await cast.admin.get<ContractRescission>('contractRescission', { id });
    expect(pending.body.data).toMatchObject({
      state: 'pending',
      reason: 'The car was never delivered',
      canAgree: true,
    });
    expect(pending.body.data.parties.map((p) => [p.party, p.agreedAt !== null])).toEqual([
      ['A', false],
      ['B', true],
    ]);
    // The person asked already: nothing more for it to do.
    const again = await cast.person.get<ContractRescission>('contractRescission', { id });
    expect(again.body.data.canAgree).toBe(false);

    const adminTicket = await signTicketFor(server, cast.admin, ADMIN_PHONE, id, 'rescind');
    const agreed = await cast.admin.post<ContractActed>('contractRescind', {
      id,
      ticket: adminTicket,
    });
    expect(agreed.body.data.status).toBe('cancelled');
    const done = await cast.person.get<ContractRescission>('contractRescission', { id });
    expect(done.body.data.state).toBe('done');
    const after = await cast.admin.get<ContractListPage>('contractQuickPage', {
      tab: 'todo',
      current: 1,
      size: 100,
    });
    expect(after.body.data.records.some((r) => Number(r.id) === id)).toBe(false);

    const trail = await server.database.query<{ action: string; details: unknown }>(
      'SELECT action, details FROM audit_entries WHERE contract_id = $1 ORDER BY seq',
      [id],
    );
    // Each entry also names the device the call came from (its User-Agent).
    expect(trail.filter((e) => e.action === 'rescind').map((e) => e.details)).toMatchObject([
      { party: 'B', asked: true, reason: 'The car was never delivered' },
      { party: 'A', agreed: true },
    ]);
    expect((await verifyAuditChain(server.database, id)).ok).toBe(true);
    const [told] = await server.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages WHERE user_id = $1 AND title LIKE 'Contract rescinded%'`,
      [cast.personId],
    );
    expect(told!.n).toBeGreaterThan(0);
  });

  it('refuses without a reason, a ticket, the right or the status, and changes nothing', async () => {
    const id = await completed();
    const start = await counts(id);

    const ticket = await signTicketFor(server, cast.person, PERSON_PHONE, id, 'rescind');
    const noReason = await cast.person.post('contractRescind', { id, ticket });
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toBe('Please give a reason for rescinding');
    const forged = await cast.person.post('contractRescind', {
      id,
      reason: 'Changed my mind',
      ticket: 'not-a-ticket',
    });
    expect(forged.status).toBe(409);
    // A stranger holding the id learns nothing.
    const strangers = await stranger.post('contractRescind', {
      id,
      reason: 'Mine now',
      ticket: 'whatever',
    });
    expect(strangers.status).toBe(404);
    expect((await stranger.get('contractRescission', { id })).status).toBe(404);
    expect((await stranger.get('contractSendAuthCode', { id, purpose: 'rescind' })).status).toBe(
      404,
    );
    expect(await counts(id)).toEqual(start);

    // A contract still being signed cannot be rescinded: a code is not even sent for it.
    const { id: signing } = await sendForSigning(server, cast);
    const early = await cast.person.get('contractSendAuthCode', {
      id: signing,
      purpose: 'rescind',
    });
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe('Only a completed contract can be rescinded');

    // The ticket still works for the reason given; then the party has agreed, once.
    const asked = await cast.person.post('contractRescind', {
      id,
      reason: 'Changed my mind',
      ticket,
    });
    expect(asked.status).toBe(200);
    const twice = await signTicketFor(server, cast.person, PERSON_PHONE, id, 'rescind').catch(
      (error: Error) => error.message,
    );
    expect(twice).toContain('already agreed to rescind');
  });
});
