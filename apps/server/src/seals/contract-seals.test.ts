/**
 * Signing draws from the managed seals (issue 14): seal/listContractSeal offers a signer exactly
 * the seals they may use for this contract today, and contract/sign refuses any other — another
 * company's, one whose authorisation has ended or not begun, a disused one, an id made up. The
 * audit trail and the participant name the seal and the authorisation that allowed it; a seal
 * that signed is kept (disused) when removed. The day is the server's clock, moved by the test.
 */
import {
  type CompanySeal,
  type ContractActed,
  type ContractCreated,
  type ContractPartyInput,
  type ContractSeal,
  type Page,
  type PersonalSeal,
  type SealAuthorization,
  type SealRemoved,
  type TemplateDetail,
} from '@esign/platform';
import {
  createEditorStore,
  toStoredProject,
  type TemplateProject,
} from '@esign/template-editor/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../audit/audit-trail';
import { DEMO_COMPANY } from '../seed';
import { addCompany, addUser, loginInto } from '../test-support/companies';
import { BACKENDS, login, useTestServer } from '../test-support/server';
import {
  ADMIN_PHONE,
  PERSON_PHONE,
  sendForSigning,
  signTicketFor,
  signingCast,
  type SigningCast,
} from '../test-support/signing';
import {
  demoAuthor,
  templateClient,
  type DemoAuthor,
  type TemplateClient,
} from '../test-support/templates';
import { drawSeal } from './seal-image';

const MEMBER_PHONE = '13900000711';
const OTHER_ADMIN_PHONE = '13900000712';
const A4 = { width: 595.28, height: 841.89 };
const REFUSED = 'This seal cannot be used to sign this contract';

/** Noon in China on a day: the clock the server's day-based rules read. */
const chinaNoon = (day: string) => new Date(`${day}T04:00:00Z`);

describe.each(BACKENDS)('the seals a signer may use, on $name', (backend) => {
  let now = chinaNoon('2026-11-24');
  const server = useTestServer(backend, { clock: () => now });
  let cast: SigningCast;
  let author: DemoAuthor;
  let admin: TemplateClient;
  let person: TemplateClient;
  let member: TemplateClient;
  let memberId: number;
  let otherAdmin: TemplateClient;
  let leaseTemplate: string;
  let loanTemplate: string;

  /**
   * An enabled template of parties A (the company, a seal) and B (the demo person, a signature),
   * nothing to fill in: a contract from it is signed at once.
   */
  const enabledTemplate = async (name: string) => {
    const id = await author.newTemplate(name, { pages: [A4] });
    const detail = await admin.get<TemplateDetail<TemplateProject>>('templateDetail', { id });
    const store = createEditorStore(detail.body.data.project);
    const pageId = store.getState().project.pages[0]!.uuid;
    const { addElement } = store.getState();
    addElement(pageId, 'seal', { config: { party: 'A' }, commonStyle: { left: 60, top: 620 } });
    addElement(pageId, 'signature', {
      config: { party: 'B' },
      commonStyle: { left: 360, top: 620 },
    });
    const project = toStoredProject(store.getState().project);
    project.participants = project.participants.map((p) => ({ ...p, fill: false }));
    const edited = await admin.post('templateEdit', { id, project });
    expect(edited.status, edited.body.msg).toBe(200);
    const enabled = await admin.post('templateUpdateStatus', { id, status: 1 });
    expect(enabled.status, enabled.body.msg).toBe(200);
    return id;
  };

  const PARTIES: ContractPartyInput[] = [
    { party: 'A', kind: 'company', name: 'Admin', phone: ADMIN_PHONE, companyName: DEMO_COMPANY },
    { party: 'B', kind: 'person', name: 'Person', phone: PERSON_PHONE },
  ];

  /** A contract the administrator sends from a template: A the company, B the demo person. */
  const fromTemplate = async (templateId: string, name: string) => {
    const created = await admin.post<ContractCreated>('contractCreate', {
      name,
      agreementType: 'contract',
      signingOrder: 'parallel',
      participants: PARTIES,
      templateId,
      values: {},
    });
    expect(created.status, created.body.msg).toBe(200);
    return Number(created.body.data.id);
  };

  const sealsOf = async (client: TemplateClient, id: number) => {
    const answer = await client.get<ContractSeal[]>('contractSeals', { id });
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const namesOf = async (client: TemplateClient, id: number) =>
    (await sealsOf(client, id)).map((seal) => seal.name);

  const sign = async (client: TemplateClient, phone: string, id: number, sealId: string) =>
    client.post<ContractActed>('contractSign', {
      id,
      sealId,
      ticket: await signTicketFor(server, client, phone, id),
    });

  /** A contract seal the administrator makes from the template (normal at once). */
  const newCompanySeal = async (name: string) => {
    const made = await admin.post<CompanySeal>('companySealCreate', {
      name,
      makeWay: 'template',
      type: 'contract',
    });
    expect(made.status, made.body.msg).toBe(200);
    expect(made.body.data.status).toBe('normal');
    return made.body.data;
  };

  const authorize = async (body: Record<string, unknown>) => {
    const granted = await admin.post<SealAuthorization[]>('companySealAuthorize', {
      staffRange: 'specified',
      granteeIds: [memberId],
      right: 'use',
      contractRange: 'all',
      ...body,
    });
    expect(granted.status, granted.body.msg).toBe(200);
    return granted.body.data[0]!;
  };

  const companySeals = async (client: TemplateClient) => {
    const page = await client.get<Page<CompanySeal>>('companySealPage', { size: 100 });
    expect(page.status, page.body.msg).toBe(200);
    return page.body.data.records;
  };

  beforeAll(async () => {
    cast = await signingCast(server);
    author = await demoAuthor(server);
    ({ admin, person } = cast);
    memberId = await addUser(server.database, {
      phone: MEMBER_PHONE,
      company: { id: cast.companyId, role: 'employee' },
    });
    member = templateClient(
      server.base,
      (await loginInto(server.base, MEMBER_PHONE, cast.companyId)).access_token,
    );
    const otherCompany = await addCompany(server.database, { name: 'Other Trading Co.' });
    await addUser(server.database, {
      phone: OTHER_ADMIN_PHONE,
      company: { id: otherCompany, role: 'admin' },
    });
    otherAdmin = templateClient(
      server.base,
      (await loginInto(server.base, OTHER_ADMIN_PHONE, otherCompany)).access_token,
    );
    leaseTemplate = await enabledTemplate('Room lease');
    loanTemplate = await enabledTemplate('Car loan');
  });

  it('offers a person their own seals in normal use, the default first, and signs with the one chosen', async () => {
    const first = await sendForSigning(server, cast, { name: 'Personal seals 1' });
    const offered = await sealsOf(person, first.id);
    // A verified person without a seal is given their name seal.
    expect(offered).toHaveLength(1);
    expect(offered[0]).toMatchObject({ kind: 'personal', party: 'B', default: true });
    expect(offered[0]!.imageUrl).toMatch(/^\/api\/sicpay-seal\/seal\/image\?id=[0-9a-f-]{36}$/);

    const drawn = await drawSeal({ kind: 'personal', name: '李四' });
    const made = await person.post<PersonalSeal>('personalSealCreate', {
      name: 'My signature',
      makeWay: 'handwrite',
      image: Buffer.from(drawn.png).toString('base64'),
      makeDefault: true,
    });
    expect(made.status, made.body.msg).toBe(200);
    const mine = await sealsOf(person, first.id);
    expect(mine.map((seal) => [seal.id, seal.default])).toEqual([
      [made.body.data.id, true],
      [offered[0]!.id, false],
    ]);

    const signed = await sign(person, PERSON_PHONE, first.id, made.body.data.id);
    expect(signed.status, signed.body.msg).toBe(200);
    const [participant] = await server.database.query<{ seal_id: string; auth: string | null }>(
      `SELECT seal_id::text, seal_authorization_id::text AS auth FROM contract_participants
       WHERE contract_id = $1 AND party = 'B'`,
      [first.id],
    );
    expect(participant).toEqual({ seal_id: made.body.data.id, auth: null });

    // Removed after signing, it is kept as disused and no longer offered.
    const removed = await person.post<SealRemoved>('personalSealRemove', {
      id: made.body.data.id,
    });
    expect(removed.body.data).toEqual({ outcome: 'disused' });
    const second = await sendForSigning(server, cast, { name: 'Personal seals 2' });
    expect((await sealsOf(person, second.id)).map((seal) => seal.id)).toEqual([offered[0]!.id]);
    const disused = await sign(person, PERSON_PHONE, second.id, made.body.data.id);
    expect(disused.status).toBe(403);
    expect(disused.body.msg).toBe(REFUSED);
  });

  it('offers the administrator every seal in normal use, and a member none without an authorisation', async () => {
    const lease = await fromTemplate(leaseTemplate, 'Lease, no authorisation');
    const adminSeals = await sealsOf(admin, lease);
    expect(adminSeals.map((seal) => [seal.kind, seal.party])).toContainEqual(['company', 'A']);
    expect(adminSeals[0]!.default).toBe(true);
    expect(await sealsOf(member, lease)).toEqual([]);
    const refused = await sign(member, MEMBER_PHONE, lease, adminSeals[0]!.id);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(REFUSED);
  });

  it("follows a member's authorisation: its template, its dates, withdrawal and the seal's status", async () => {
    const seal = await newCompanySeal('Leasing seal');
    const grant = await authorize({
      sealId: seal.id,
      contractRange: 'template',
      templateId: leaseTemplate,
      startDate: '2026-11-24',
      endDate: '2026-12-04',
    });
    expect(grant.state).toBe('normal');
    const lease = await fromTemplate(leaseTemplate, 'Lease with the leasing seal');
    const loan = await fromTemplate(loanTemplate, 'Loan, another template');
    const fromFile = (await sendForSigning(server, cast, { name: 'From a file' })).id;
    expect(await namesOf(member, lease)).toEqual(['Leasing seal']);
    expect(await namesOf(member, loan)).toEqual([]);
    expect(await namesOf(member, fromFile)).toEqual([]);
    // Not for another template's contract, even with the id in hand.
    expect((await sign(member, MEMBER_PHONE, loan, seal.id)).body.msg).toBe(REFUSED);

    // The last day still counts (China's calendar); the day after it does not.
    now = new Date('2026-12-04T15:59:00Z');
    expect(await namesOf(member, lease)).toEqual(['Leasing seal']);
    now = new Date('2026-12-04T16:00:00Z');
    expect(await namesOf(member, lease)).toEqual([]);
    expect((await sign(member, MEMBER_PHONE, lease, seal.id)).body.msg).toBe(REFUSED);

    // Re-authorised from tomorrow: not yet effective today.
    now = chinaNoon('2026-12-05');
    expect(
      (
        await admin.post('companySealReauthorize', {
          id: grant.id,
          startDate: '2026-12-06',
          endDate: '2027-01-31',
        })
      ).status,
    ).toBe(200);
    expect(await namesOf(member, lease)).toEqual([]);
    now = chinaNoon('2026-12-06');
    expect(await namesOf(member, lease)).toEqual(['Leasing seal']);

    // Disused, the seal is offered to nobody; enabled again, it is back.
    const status = (action: string) => admin.post('companySealStatus', { id: seal.id, action });
    expect((await status('disuse')).status).toBe(200);
    expect(await namesOf(member, lease)).toEqual([]);
    expect((await sealsOf(admin, lease)).map((s) => s.name)).not.toContain('Leasing seal');
    expect((await status('enable')).status).toBe(200);
    expect(await namesOf(member, lease)).toEqual(['Leasing seal']);

    // Withdrawn, it is gone at once.
    expect((await admin.post('companySealRevoke', { id: grant.id })).status).toBe(200);
    expect(await namesOf(member, lease)).toEqual([]);

    // All staff, all contracts: offered on every contract of the company.
    const everyone = await authorize({
      sealId: seal.id,
      staffRange: 'all',
      granteeIds: [],
      startDate: '2026-12-06',
      endDate: '2027-12-31',
    });
    expect(everyone.staffRange).toBe('all');
    expect(await namesOf(member, loan)).toEqual(['Leasing seal']);
    expect(await namesOf(member, fromFile)).toEqual(['Leasing seal']);
    expect((await admin.post('companySealRevoke', { id: everyone.id })).status).toBe(200);
    now = chinaNoon('2026-11-24');
  });

  it('records the seal and the authorisation a member signed with, and keeps a used seal when removed', async () => {
    now = chinaNoon('2026-11-24');
    const seal = await newCompanySeal('Branch seal');
    const grant = await authorize({
      sealId: seal.id,
      contractRange: 'template',
      templateId: leaseTemplate,
      startDate: '2026-11-24',
      endDate: '2027-11-23',
    });
    const lease = await fromTemplate(leaseTemplate, 'Lease signed by the member');
    const signed = await sign(member, MEMBER_PHONE, lease, seal.id);
    expect(signed.status, signed.body.msg).toBe(200);

    const [participant] = await server.database.query<{ seal_id: string; auth: string }>(
      `SELECT seal_id::text, seal_authorization_id::text AS auth FROM contract_participants
       WHERE contract_id = $1 AND party = 'A'`,
      [lease],
    );
    expect(participant).toEqual({ seal_id: seal.id, auth: grant.id });
    const [entry] = await server.database.query<{ details: Record<string, unknown> }>(
      "SELECT details FROM audit_entries WHERE contract_id = $1 AND action = 'sign'",
      [lease],
    );
    expect(entry!.details).toMatchObject({
      party: 'A',
      seal: { id: seal.id, name: 'Branch seal', authorizationId: grant.id },
    });
    expect((await verifyAuditChain(server.database, lease)).ok).toBe(true);
    expect((await companySeals(admin)).find((one) => one.id === seal.id)?.usedCount).toBe(1);

    const removed = await admin.post<SealRemoved>('companySealRemove', { id: seal.id });
    expect(removed.body.data).toEqual({ outcome: 'disused' });
    const [row] = await server.database.query<{ status: string }>(
      'SELECT status FROM seals WHERE id = $1',
      [seal.id],
    );
    expect(row!.status).toBe('disuse');
  });

  it("refuses another company's seal, a person's seal in the company console and made-up ids, changing nothing", async () => {
    const lease = await fromTemplate(leaseTemplate, 'Lease, forged seals');
    const [theirs] = await companySeals(otherAdmin);
    const personal = await person.get<PersonalSeal[]>('personalSealList');
    for (const sealId of [
      theirs!.id,
      personal.body.data[0]!.id,
      '999999',
      'company:1',
      '1 OR 1=1',
    ]) {
      const answer = await sign(admin, ADMIN_PHONE, lease, sealId);
      expect(answer.status, sealId).toBe(403);
      expect(answer.body.msg).toBe(REFUSED);
    }
    const signed = await server.database.query(
      'SELECT 1 FROM contract_participants WHERE contract_id = $1 AND signed_at IS NOT NULL',
      [lease],
    );
    expect(signed).toEqual([]);
    // The person's own seals are not the company's to use, nor the company's the person's.
    const byPerson = await sign(person, PERSON_PHONE, lease, (await sealsOf(admin, lease))[0]!.id);
    expect(byPerson.status).toBe(403);
  });

  it('answers a signer outside the company with nothing of its seals', async () => {
    const lease = await fromTemplate(leaseTemplate, 'Lease, outsider');
    const outsider = templateClient(
      server.base,
      (await login(server.base, OTHER_ADMIN_PHONE)).access_token,
    );
    expect((await outsider.get('contractSeals', { id: lease })).status).toBe(404);
  });
});
