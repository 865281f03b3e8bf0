import {
  PATHS,
  type ContractCreated,
  type ContractDetail,
  type ContractListPage,
  type ContractPartyInput,
  type MessageItem,
  type Page,
  type ProjectIssue,
  type TemplateDetail,
  type ValidatedParty,
  type ValidatedReceiver,
} from '@esign/platform';
import {
  createEditorStore,
  deriveStampLocations,
  parseProject,
  toStoredProject,
  type TemplateProject,
} from '@esign/template-editor/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../audit/audit-trail';
import { DEMO_COMPANY, DEMO_PASSWORD } from '../seed';
import { addCompany, addUser, loginInto } from '../test-support/companies';
import { addDocument } from '../test-support/ready-documents';
import { BACKENDS, login, requestToken, useTestServer } from '../test-support/server';
import {
  demoAuthor,
  designedProject,
  templateClient,
  type DemoAuthor,
  type TemplateClient,
} from '../test-support/templates';
import { blankProject } from '../templates/project';
import { refreshTurns } from './turn';

const ADMIN = '13800000002';
const PERSON = '13800000001';
const BOB = '13900000301';
const UNVERIFIED = '13900000302';
const NOBODY = '13900000399';
const OTHER = 'Other Trading Co.';
const OTHER_ADMIN = '13900000303';
const UNVERIFIED_COMPANY_ADMIN = '13900000304';
const ELSEWHERE = '000007';
const A4 = { width: 595.28, height: 841.89 };

/** The tables a contract writes, counted: a refusal changes none of them. */
const TABLES = [
  'contracts',
  'contract_participants',
  'contract_receivers',
  'audit_entries',
  'messages',
] as const;

/** A project on a one-page A4 document: A signs and fills a required text, B signs. */
function documentProject(): TemplateProject {
  const blank = blankProject(
    [A4],
    [
      { party: 'A', name: 'Seller', sign: true, fill: true },
      { party: 'B', name: 'Buyer', sign: true, fill: false },
    ],
  );
  const store = createEditorStore(blank);
  const page = store.getState().project.pages[0]!.uuid;
  const { addElement } = store.getState();
  addElement(page, 'seal', {
    title: 'Seal of A',
    config: { party: 'A' },
    commonStyle: { left: 40, top: 600 },
  });
  addElement(page, 'signature', {
    title: 'Signature of B',
    config: { party: 'B' },
    commonStyle: { left: 380, top: 600 },
  });
  addElement(page, 'text', {
    title: 'Price',
    value: '100',
    config: { party: 'A', required: true },
    commonStyle: { left: 40, top: 100 },
  });
  return toStoredProject(store.getState().project);
}

describe.each(BACKENDS)('initiating contracts on $name', (backend) => {
  const server = useTestServer(backend);
  let author: DemoAuthor;
  let admin: TemplateClient;
  let person: TemplateClient;
  let personZh: TemplateClient;
  let bob: TemplateClient;
  let unverified: TemplateClient;
  let otherAdmin: TemplateClient;
  let stranger: TemplateClient;
  let inUnverifiedCompany: TemplateClient;
  let personId: number;
  let bobId: number;
  let templateId: string;
  let addressUuid: string;

  const count = async () => {
    const counts: Record<string, number> = {};
    for (const table of TABLES) {
      const [row] = await server.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table}`,
      );
      counts[table] = row!.n;
    }
    return counts;
  };

  const clientOf = async (phone: string, lang: 'en' | 'zh' = 'en') =>
    templateClient(server.base, (await login(server.base, phone)).access_token, lang);

  beforeAll(async () => {
    const { database } = server;
    author = await demoAuthor(server);
    admin = author.admin;
    const [row] = await database.query<{ id: string }>(
      "SELECT id FROM users WHERE tenant_id = '000000' AND phone = $1",
      [PERSON],
    );
    personId = Number(row!.id);
    bobId = await addUser(database, { phone: BOB });
    await addUser(database, { phone: UNVERIFIED });
    await database.query('UPDATE users SET real_name_verified = false WHERE phone = $1', [
      UNVERIFIED,
    ]);
    const other = await addCompany(database, { name: OTHER });
    await addUser(database, { phone: OTHER_ADMIN, company: { id: other, role: 'admin' } });
    await addUser(database, { phone: PERSON, tenantId: ELSEWHERE });
    person = await clientOf(PERSON);
    personZh = await clientOf(PERSON, 'zh');
    bob = await clientOf(BOB);
    unverified = await clientOf(UNVERIFIED);
    otherAdmin = templateClient(
      server.base,
      (await loginInto(server.base, OTHER_ADMIN, other)).access_token,
    );
    const elsewhere = await requestToken(server.base, {
      grant_type: 'password',
      tenant_id: ELSEWHERE,
      username: PERSON,
      password: DEMO_PASSWORD,
    });
    stranger = templateClient(
      server.base,
      ((await elsewhere.json()) as { access_token: string }).access_token,
    );
    const unverifiedCompany = await addCompany(database, { name: 'Unverified Ltd.' });
    await database.query('UPDATE companies SET auth_status = 0 WHERE id = $1', [unverifiedCompany]);
    await addUser(database, {
      phone: UNVERIFIED_COMPANY_ADMIN,
      company: { id: unverifiedCompany, role: 'admin' },
    });
    inUnverifiedCompany = templateClient(
      server.base,
      (await loginInto(server.base, UNVERIFIED_COMPANY_ADMIN, unverifiedCompany)).access_token,
    );

    templateId = await author.newTemplate('Room lease', { pages: [A4] });
    const detail = await admin.get<TemplateDetail<TemplateProject>>('templateDetail', {
      id: templateId,
    });
    const designed = designedProject(detail.body.data.project);
    expect((await admin.post('templateEdit', { id: templateId, project: designed })).status).toBe(
      200,
    );
    expect((await admin.post('templateUpdateStatus', { id: templateId, status: 1 })).status).toBe(
      200,
    );
    addressUuid = designed.pages[0]!.elements.find((e) => e.title === 'Address')!.uuid;
  });

  /** The demo company (A, the administrator signing for it) and the demo person (B). */
  const LEASE_PARTIES: ContractPartyInput[] = [
    { party: 'A', kind: 'company', name: 'Admin', phone: ADMIN, companyName: DEMO_COMPANY },
    { party: 'B', kind: 'person', name: 'Person', phone: PERSON },
  ];
  const fromTemplate = (extra: Record<string, unknown> = {}) => ({
    name: 'Lease of room 1',
    agreementType: 'contract',
    signingOrder: 'parallel',
    participants: LEASE_PARTIES,
    receivers: [{ name: 'Bob', phone: BOB, companyName: 'Bob & Co.' }],
    templateId,
    values: { [addressUuid]: 'No. 1 Road' },
    ...extra,
  });

  describe('validating the form', () => {
    it('documents the four calls in /api/openapi.json', async () => {
      const openapi = (await (await fetch(`${server.base}/api/openapi.json`)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      for (const [name, method] of [
        ['contractValidateParticipants', 'post'],
        ['contractValidateReceivers', 'post'],
        ['contractCreate', 'post'],
        ['contractDetail', 'get'],
      ] as const) {
        expect(openapi.paths[`/api${PATHS[name]}`]?.[method], name).toBeDefined();
      }
    });

    it('says who of the participants is on the platform', async () => {
      const answer = await person.post<ValidatedParty[]>('contractValidateParticipants', {
        participants: [
          { party: 'A', kind: 'person', name: 'Person', phone: PERSON },
          { party: 'B', kind: 'company', name: 'Admin', phone: ADMIN, companyName: DEMO_COMPANY },
          {
            party: 'C',
            kind: 'company',
            name: 'Nobody',
            phone: NOBODY,
            companyName: 'Unknown Ltd.',
          },
        ],
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual([
        { party: 'A', registered: true, companyVerified: null },
        { party: 'B', registered: true, companyVerified: true },
        { party: 'C', registered: false, companyVerified: false },
      ]);
      // Another tenant's accounts are not this tenant's.
      const elsewhere = await stranger.post<ValidatedParty[]>('contractValidateParticipants', {
        participants: [{ party: 'A', name: 'Bob', phone: BOB }],
      });
      expect(elsewhere.body.data).toEqual([
        { party: 'A', registered: false, companyVerified: null },
      ]);
    });

    it('refuses a bad phone, a company without a name, a repeated party, none at all (en/zh)', async () => {
      const bad = await person.post('contractValidateParticipants', {
        participants: [
          { party: 'A', name: 'Person', phone: PERSON },
          { party: 'B', name: 'X', phone: '12345' },
        ],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toBe('participants.1.phone: Incorrect phone number');
      const zh = await personZh.post('contractValidateParticipants', {
        participants: [{ party: 'A', name: 'X', phone: '12345' }],
      });
      expect(zh.body.msg).toBe('participants.0.phone: 手机号码不正确');
      const company = await person.post('contractValidateParticipants', {
        participants: [{ party: 'A', kind: 'company', name: 'X', phone: PERSON }],
      });
      expect(company.body.msg).toBe('participants.0.companyName: The company name cannot be empty');
      const twice = await person.post('contractValidateParticipants', {
        participants: [
          { party: 'A', name: 'X', phone: PERSON },
          { party: 'A', name: 'Y', phone: BOB },
        ],
      });
      expect(twice.body.msg).toBe('participants.1.party: Each party can be listed once only');
      const none = await person.post('contractValidateParticipants', { participants: [] });
      expect(none.body.msg).toBe('participants: At least one participant');
    });

    it('checks copy recipients: a name or a phone, and a company name', async () => {
      const answer = await person.post<ValidatedReceiver[]>('contractValidateReceivers', {
        receivers: [
          { phone: BOB, companyName: 'Bob & Co.' },
          { name: 'Nobody', companyName: 'Nowhere Ltd.' },
          { phone: NOBODY, companyName: 'Nowhere Ltd.' },
        ],
      });
      expect(answer.body.data).toEqual([
        { registered: true },
        { registered: false },
        { registered: false },
      ]);
      const neither = await person.post('contractValidateReceivers', {
        receivers: [{ companyName: 'Nowhere Ltd.' }],
      });
      expect(neither.status).toBe(400);
      expect(neither.body.msg).toBe(
        'receivers.0.name: The copy recipient’s name or phone cannot be empty',
      );
      const noCompany = await personZh.post('contractValidateReceivers', {
        receivers: [{ name: 'Bob', companyName: ' ' }],
      });
      expect(noCompany.body.msg).toBe('receivers.0.companyName: 抄送人企业名称不能为空');
    });
  });

  describe('creating', () => {
    it('creates from an enabled template: filling while B fills, parties bound, audited, announced', async () => {
      const created = await admin.post<ContractCreated>('contractCreate', fromTemplate());
      expect(created.status).toBe(200);
      const { id, number, status } = created.body.data;
      expect(number).toMatch(/^HT\d{8}\d{6}$/);
      expect(number.slice(2, 10)).toBe(new Date().toISOString().slice(0, 10).replaceAll('-', ''));
      expect(status).toBe('filling');

      const { database } = server;
      const [contract] = await database.query<{
        company_id: string;
        template_id: string;
        signing_started_at: Date | null;
        project: TemplateProject;
        stamp_locations: unknown[];
        pdf_sha256: string;
        document_id: string;
      }>('SELECT * FROM contracts WHERE id = $1', [id]);
      expect(Number(contract!.company_id)).toBe(author.companyId);
      expect(String(contract!.template_id)).toBe(templateId);
      expect(contract!.signing_started_at).toBeNull();
      const address = contract!.project.pages[0]!.elements.find((e) => e.uuid === addressUuid);
      expect(address!.value).toBe('No. 1 Road');
      expect(contract!.stamp_locations).toEqual(deriveStampLocations(contract!.project));
      const [document] = await database.query<{ pdf_sha256: string }>(
        'SELECT pdf_sha256 FROM documents WHERE id = $1',
        [contract!.document_id],
      );
      expect(contract!.pdf_sha256).toBe(document!.pdf_sha256);

      const parties = await database.query<{
        party: string;
        user_id: string | null;
        company_id: string | null;
        position: number;
        filled_at: Date | null;
        name: string;
      }>(
        'SELECT party, user_id, company_id, position, filled_at, name FROM contract_participants WHERE contract_id = $1 ORDER BY party',
        [id],
      );
      // Each party keeps the name the initiator gave it (not the template's role label).
      expect(parties.map((p) => [p.party, Number(p.user_id), p.position, p.name])).toEqual([
        ['A', author.adminId, 0, 'Admin'],
        ['B', personId, 1, 'Person'],
      ]);
      expect(Number(parties[0]!.company_id)).toBe(author.companyId);
      expect(parties[1]!.company_id).toBeNull();
      // The initiator filled its own fields; B has not yet.
      expect(parties[0]!.filled_at).not.toBeNull();
      expect(parties[1]!.filled_at).toBeNull();
      const [receiver] = await database.query<{ user_id: string }>(
        'SELECT user_id FROM contract_receivers WHERE contract_id = $1',
        [id],
      );
      expect(Number(receiver!.user_id)).toBe(bobId);

      const chain = await verifyAuditChain(database, Number(id));
      expect(chain.ok).toBe(true);
      expect(chain.entries.map((e) => e.action)).toEqual(['create']);
      expect(chain.entries[0]!.documentSha256).toBe(document!.pdf_sha256);

      const messages = await database.query<{
        user_id: string;
        company_id: string | null;
        title: string;
        title_zh: string;
        content_zh: string;
      }>(
        `SELECT user_id, company_id, title, title_zh, content_zh FROM messages WHERE content LIKE $1
         ORDER BY user_id`,
        [`%${number}%`],
      );
      expect(messages.map((m) => Number(m.user_id)).sort()).toEqual([personId, bobId].sort());
      // English and Chinese apart (migration 26).
      for (const message of messages) {
        expect(message).toMatchObject({
          title: 'A contract was sent to you',
          title_zh: '您收到一份合同',
          content_zh: expect.stringContaining(`（${number}）已发送给您`) as unknown,
        });
      }
      // Opening the message leads to the contract's details (redirect 7, the contract's id).
      const inbox = await person.get<Page<MessageItem>>('unreadMessages', {
        isRead: '0',
        size: 100,
      });
      const notice = inbox.body.data.records.find((m) => m.content.includes(number));
      expect(notice).toMatchObject({ redirectType: 7, businessId: id, isRead: 0 });

      const initiated = await admin.get<ContractListPage>('contractMyPage', { tab: 'initiated' });
      expect(initiated.body.data.records.map((r) => r.number)).toContain(number);
      const todo = await person.get<ContractListPage>('contractQuickPage', { tab: 'todo' });
      const row = todo.body.data.records.find((r) => r.number === number);
      expect(row?.myAction).toBe('fill');
    });

    it('creates from a document and its project: signing at once, stamps derived by the server', async () => {
      const documentId = await addDocument(server.database, server.files, { userId: personId });
      const project = documentProject();
      const priceUuid = project.pages[0]!.elements.find((e) => e.title === 'Price')!.uuid;
      const tampered = {
        ...project,
        signList: project.signList.map((entry) => ({ ...entry, x: 1, y: 1 })),
      };
      const before = Date.now();
      const created = await person.post<ContractCreated>('contractCreate', {
        name: 'Sale of a car',
        agreementType: 'supplementary',
        signingOrder: 'sequential',
        signingDeadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        participants: [
          { party: 'A', name: 'Person', phone: PERSON },
          { party: 'B', name: 'Nobody', phone: NOBODY },
        ],
        documentId,
        project: tampered,
        values: { [priceUuid]: '250' },
      });
      expect(created.status).toBe(200);
      expect(created.body.data.status).toBe('signing');
      const id = created.body.data.id;
      const [contract] = await server.database.query<{
        signing_started_at: Date;
        stamp_locations: unknown[];
        project: TemplateProject;
        agreement_type: string;
      }>('SELECT * FROM contracts WHERE id = $1', [id]);
      expect(new Date(contract!.signing_started_at).getTime()).toBeGreaterThanOrEqual(
        before - 5_000,
      );
      expect(contract!.agreement_type).toBe('supplementary');
      expect(contract!.stamp_locations).toEqual(deriveStampLocations(parseProject(project)));
      expect(contract!.project.signList).toEqual(parseProject(project).signList);
      expect(contract!.project.pages[0]!.elements.find((e) => e.uuid === priceUuid)!.value).toBe(
        '250',
      );
      const [nobody] = await server.database.query<{ user_id: string | null }>(
        "SELECT user_id FROM contract_participants WHERE contract_id = $1 AND party = 'B'",
        [id],
      );
      expect(nobody!.user_id).toBeNull();

      const detail = await person.get<ContractDetail<TemplateProject>>('contractDetail', { id });
      expect(detail.status).toBe(200);
      expect(detail.body.data).toMatchObject({
        number: created.body.data.number,
        status: 'signing',
        signingOrder: 'sequential',
        agreementType: 'supplementary',
        documentId,
        myParties: ['A'],
        myActions: ['sign', 'refuse', 'urge', 'withdraw'],
      });
      // Nothing signed yet: version 0, the document with what was filled in so far.
      expect(detail.body.data.pdfLink).toContain(`${PATHS.contractPdf}?ticket=${id}.0.`);
      const pdf = await fetch(`${server.base}${detail.body.data.pdfLink}`);
      expect(pdf.status).toBe(200);
      expect(detail.body.data.participants.map((p) => [p.party, p.registered])).toEqual([
        ['A', true],
        ['B', false],
      ]);
    });

    it('refuses, changing nothing', async () => {
      const before = await count();
      const refused = async (
        client: TemplateClient,
        body: Record<string, unknown>,
        status: number,
        msg?: string | RegExp,
      ) => {
        const answer = await client.post<unknown>('contractCreate', body);
        expect(answer.status, JSON.stringify(answer.body)).toBe(status);
        if (typeof msg === 'string') expect(answer.body.msg).toBe(msg);
        if (msg instanceof RegExp) expect(answer.body.msg).toMatch(msg);
        return answer.body;
      };
      await refused(unverified, fromTemplate(), 403, 'Please authenticate your name first');
      await refused(
        inUnverifiedCompany,
        fromTemplate(),
        403,
        'No authority to initiate contracts at this time',
      );
      // Another company's template and document are not there for it.
      await refused(otherAdmin, fromTemplate(), 404);
      const demoDocument = await author.newDocument([A4]);
      await refused(
        otherAdmin,
        {
          ...fromTemplate(),
          templateId: undefined,
          documentId: demoDocument,
          project: documentProject(),
        },
        404,
      );
      const disabled = await author.newTemplate('Never enabled', { pages: [A4] });
      await refused(admin, fromTemplate({ templateId: disabled }), 400, /disabled/);
      const documentId = await addDocument(server.database, server.files, { userId: personId });
      const bad = structuredClone(documentProject()) as unknown as {
        pages: { elements: { commonStyle: { width: unknown } }[] }[];
      };
      bad.pages[0]!.elements[0]!.commonStyle.width = -5;
      const malformed = await refused(
        person,
        {
          name: 'Bad',
          participants: [
            { party: 'A', name: 'Person', phone: PERSON },
            { party: 'B', name: 'Nobody', phone: NOBODY },
          ],
          documentId,
          project: bad,
        },
        400,
      );
      expect((malformed.data as ProjectIssue[])[0]!.path).toBe(
        'pages[0].elements[0].commonStyle.width',
      );
      await refused(
        admin,
        fromTemplate({ participants: [] }),
        400,
        'participants: At least one participant',
      );
      await refused(
        admin,
        fromTemplate({ participants: [LEASE_PARTIES[0]] }),
        400,
        'A party of the contract has no participant named',
      );
      await refused(
        admin,
        fromTemplate({
          participants: [...LEASE_PARTIES, { party: 'C', name: 'C', phone: NOBODY }],
        }),
        400,
        'A participant named is not a party of the contract’s fields',
      );
      await refused(
        admin,
        fromTemplate({ signingDeadline: new Date(Date.now() - 60_000).toISOString() }),
        400,
        'The signing deadline must be in the future',
      );
      await refused(admin, fromTemplate({ values: {} }), 400, 'The text box value cannot be empty');
      const dateOfB = (
        await server.database.query<{ project: TemplateProject }>(
          'SELECT project FROM templates WHERE id = $1',
          [templateId],
        )
      )[0]!.project.pages[0]!.elements.find((e) => e.elName === 'date')!.uuid;
      await refused(
        admin,
        fromTemplate({ values: { [addressUuid]: 'No. 1 Road', [dateOfB]: '2026-01-01' } }),
        400,
        /Only your own party/,
      );
      await refused(admin, fromTemplate({ name: ' ' }), 400, 'name: The task name cannot be empty');
      await refused(
        admin,
        fromTemplate({ templateId: undefined }),
        400,
        'documentId: Please choose the contract document',
      );
      await refused(admin, fromTemplate({ templateId: 999_999_999 }), 404);
      for (const nonsense of ['nonsense', 5, null, [], { pages: 'x' }]) {
        await refused(
          person,
          {
            name: 'Nonsense',
            participants: [{ party: 'A', name: 'Person', phone: PERSON }],
            documentId,
            project: nonsense,
          },
          400,
        );
      }
      expect(await count()).toEqual(before);
    });
  });

  describe('detail', () => {
    let id: string;
    beforeAll(async () => {
      const created = await admin.post<ContractCreated>('contractCreate', fromTemplate());
      id = created.body.data.id;
    });

    it('shows the contract to its initiator, its parties and copy recipients, to nobody else', async () => {
      const forAdmin = await admin.get<ContractDetail>('contractDetail', { id });
      expect(forAdmin.body.data.myParties).toEqual(['A']);
      expect(forAdmin.body.data.myActions).toEqual(['refuse', 'urge', 'withdraw']);
      expect(forAdmin.body.data.receivers).toEqual([
        { name: 'Bob', phone: BOB, companyName: 'Bob & Co.' },
      ]);
      const forPerson = await person.get<ContractDetail>('contractDetail', { id });
      expect(forPerson.body.data.myParties).toEqual(['B']);
      expect(forPerson.body.data.myActions).toEqual(['fill', 'refuse']);
      const forBob = await bob.get<ContractDetail>('contractDetail', { id });
      expect(forBob.status).toBe(200);
      expect(forBob.body.data.myActions).toEqual([]);
      expect((await otherAdmin.get('contractDetail', { id })).status).toBe(404);
      expect((await stranger.get('contractDetail', { id })).status).toBe(404);
      expect((await admin.get('contractDetail', { id: 999_999_999 })).status).toBe(404);
    });

    it('gives the turn of a sequential order to the first signer only', async () => {
      const created = await person.post<ContractCreated>('contractCreate', {
        name: 'In turn',
        signingOrder: 'sequential',
        participants: [
          { party: 'A', name: 'Person', phone: PERSON },
          { party: 'B', name: 'Bob', phone: BOB },
        ],
        documentId: await addDocument(server.database, server.files, { userId: personId }),
        project: documentProject(),
      });
      const turn = created.body.data.id;
      const forBob = await bob.get<ContractDetail>('contractDetail', { id: turn });
      expect(forBob.body.data.myActions).toEqual(['refuse']);
      await server.database.query(
        "UPDATE contract_participants SET signed_at = now() WHERE contract_id = $1 AND party = 'A'",
        [turn],
      );
      await refreshTurns(server.database, [Number(turn)]);
      const later = await bob.get<ContractDetail>('contractDetail', { id: turn });
      expect(later.body.data.myActions).toEqual(['sign', 'refuse']);
    });
  });
});
