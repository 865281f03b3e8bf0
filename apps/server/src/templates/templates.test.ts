import {
  TEMPLATE_PARTIES,
  type TemplateCreated,
  type TemplateDetail,
  type TemplateFieldDetail,
  type TemplateComponents,
  type TemplateListPage,
  type TemplateSaved,
} from '@esign/platform';
import {
  PARTIES,
  deriveStampLocations,
  parseProject,
  type StampLocation,
  type TemplateProject,
} from '@esign/template-editor/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addContract } from '../test-support/contracts';
import { addDocument } from '../test-support/ready-documents';
import { BACKENDS, login, useTestServer } from '../test-support/server';
import {
  TWO_PARTIES,
  demoAuthor,
  designedProject,
  templateClient,
  type DemoAuthor,
  type TemplateClient,
} from '../test-support/templates';

const PERSON = '13800000001';
const A4 = { width: 595.28, height: 841.89 };

describe.each(BACKENDS)('templates on $name', (backend) => {
  const server = useTestServer(backend);
  let companyId: number;
  let adminId: number;
  let admin: TemplateClient;
  let adminZh: TemplateClient;
  let author: DemoAuthor;

  beforeAll(async () => {
    author = await demoAuthor(server);
    ({ companyId, adminId, admin, adminZh } = author);
  });

  const companyDocument = (pages = [A4, A4]) => author.newDocument(pages);
  const createTemplate = (name: string) => author.newTemplate(name, { pages: [A4, A4] });

  const detail = async (id: string) =>
    (await admin.get<TemplateDetail<TemplateProject>>('templateDetail', { id })).body.data;

  it('uses the same parties as the editor', () => {
    expect([...TEMPLATE_PARTIES]).toEqual([...PARTIES]);
  });

  it('creates, lists, details, edits, enables, disables and removes a template', async () => {
    const id = await createTemplate('Room lease');

    const page = await admin.get<TemplateListPage>('templatePage', { name: 'room' });
    expect(page.body.data.total).toBe(1);
    expect(page.body.data.records[0]).toMatchObject({
      id,
      name: 'Room lease',
      description: 'A lease of rooms',
      classifyId: null,
      classifyName: null,
      creatorId: String(adminId),
      creatorName: 'Demo Admin',
      status: 0,
      right: 'manage',
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) as unknown,
    });
    // A blank template cannot be used: its signers have nowhere to sign.
    expect(page.body.data.records[0]!.problems.map((problem) => problem.code)).toEqual([
      'signer-without-field',
      'filler-without-field',
      'signer-without-field',
      'filler-without-field',
    ]);

    const blank = await detail(id);
    expect(blank.pageSizes).toEqual([A4, A4].map((size) => expect.objectContaining(size)));
    expect(blank.project.pages.map((p) => p.config)).toEqual(blank.pageSizes);
    expect(blank.project).toMatchObject({
      name: 'Room lease',
      status: 0,
      templateId: id,
      hasSource: true,
    });
    expect(blank.participants).toEqual(TWO_PARTIES);
    const pdf = await fetch(`${server.base}${blank.pdfLink}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Enabling is refused while the template has problems, in the request's language.
    const refused = await adminZh.post<{ code: string; message: string }[]>(
      'templateUpdateStatus',
      { id, status: 1 },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('模板存在问题，修复后才能启用');
    expect(refused.body.data[0]).toMatchObject({
      code: 'signer-without-field',
      message: 'A 方需要签署，但没有印章或签名字段',
    });

    // The editor's project round-trips; the lists the client sends are recomputed.
    const designed = designedProject(blank.project);
    const tampered = {
      ...designed,
      signList: [{ elementUuid: 'forged', page: 9 }],
      fillsInList: [],
    };
    const saved = await admin.post<TemplateSaved>('templateEdit', { id, project: tampered });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ id, status: 0, problems: [] });
    const edited = await detail(id);
    expect(edited.project).toEqual(designed);
    expect(edited.problems).toEqual([]);
    // A's seal and B's signature on each of the two pages.
    expect(edited.project.signList).toHaveLength(4);

    const fields = await admin.get<TemplateFieldDetail<TemplateProject, StampLocation>>(
      'templateFieldDetail',
      { id },
    );
    expect(fields.body.data).toEqual({
      id,
      participants: TWO_PARTIES,
      signList: designed.signList,
      dateList: designed.dateList,
      fillsInList: designed.fillsInList,
      imageTypeList: [],
      stampLocations: deriveStampLocations(designed),
    });
    expect(fields.body.data.fillsInList.map((field) => field.title)).toEqual([
      'Address',
      'Start date',
    ]);

    expect((await admin.post('templateUpdateStatus', { id, status: 1 })).body.data).toEqual({
      id,
      status: 1,
      problems: [],
    });
    const enabled = await admin.get<TemplateListPage>('templatePage', { status: 1 });
    expect(enabled.body.data.records.map((record) => record.id)).toEqual([id]);
    expect((await admin.post('templateUpdateStatus', { id, status: 0 })).status).toBe(200);
    expect((await detail(id)).status).toBe(0);

    // A template that a contract was started from cannot be deleted.
    const contract = await addContract(server.database, {
      companyId,
      initiator: adminId,
      status: 'signing',
    });
    await server.database.query('UPDATE contracts SET template_id = $1 WHERE id = $2', [
      id,
      contract,
    ]);
    const inUse = await admin.post('templateRemove', undefined, { ids: id });
    expect(inUse.status).toBe(400);
    expect(inUse.body).toMatchObject({
      msg: 'Template files cannot be deleted',
      data: { ids: [id] },
    });
    expect((await adminZh.post('templateRemove', undefined, { ids: id })).body.msg).toBe(
      '模板文件不能删除',
    );
    await server.database.query('UPDATE contracts SET template_id = NULL WHERE id = $1', [
      contract,
    ]);
    expect((await admin.post('templateRemove', undefined, { ids: id })).status).toBe(200);
    expect((await admin.get('templateDetail', { id })).status).toBe(404);
  });

  it('asks for at least one record to delete, and deletes several at once', async () => {
    for (const ids of [undefined, '', ' , ']) {
      const none = await admin.post('templateRemove', undefined, ids === undefined ? {} : { ids });
      expect(none.status).toBe(400);
      expect(none.body.msg).toBe('ids: At least one record must be selected to delete');
    }
    expect((await adminZh.post('templateRemove', undefined, { ids: '' })).body.msg).toBe(
      'ids: 请至少选择一条记录进行删除',
    );
    const one = await createTemplate('Batch one');
    const two = await createTemplate('Batch two');
    expect((await admin.post('templateRemove', undefined, { ids: `${one},${two}` })).status).toBe(
      200,
    );
    expect((await admin.get('templateDetail', { id: two })).status).toBe(404);
    expect((await admin.post('templateRemove', undefined, { ids: 'x' })).status).toBe(400);
  });

  it('disables an enabled template again when an edit leaves it with problems', async () => {
    const id = await createTemplate('Service agreement');
    const designed = designedProject((await detail(id)).project);
    await admin.post('templateEdit', { id, project: designed });
    expect((await admin.post('templateUpdateStatus', { id, status: 1 })).status).toBe(200);
    // Two fields on top of each other.
    const overlapping = structuredClone(designed);
    const [first] = overlapping.pages;
    first!.elements.find((e) => e.title === 'Start date')!.commonStyle.left = 40;
    const saved = await admin.post<TemplateSaved>('templateEdit', { id, project: overlapping });
    expect(saved.body.data.status).toBe(0);
    expect(saved.body.data.problems.map((problem) => problem.code)).toEqual(['overlap']);
    expect((await detail(id)).status).toBe(0);
  });

  it('keeps names unique per company, whatever their case, and per person', async () => {
    await createTemplate('Purchase order');
    const again = await admin.post('templateSaveInfo', {
      name: ' purchase ORDER ',
      documentId: await companyDocument(),
      participants: TWO_PARTIES,
    });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('Name must be unique');
    const other = await createTemplate('Sales order');
    const renamed = await adminZh.post('templateEditInfo', {
      id: other,
      name: 'Purchase order',
      documentId: (await detail(other)).documentId,
      participants: TWO_PARTIES,
    });
    expect(renamed.body.msg).toBe('名称不能重复');

    // The personal console has names of its own.
    const { access_token } = await login(server.base, PERSON);
    const person = templateClient(server.base, access_token);
    const [row] = await server.database.query<{ id: string }>(
      'SELECT id FROM users WHERE phone = $1',
      [PERSON],
    );
    const personal = async () =>
      person.post('templateSaveInfo', {
        name: 'Purchase order',
        documentId: await addDocument(server.database, server.files, { userId: Number(row!.id) }),
        participants: TWO_PARTIES,
      });
    expect((await personal()).status).toBe(200);
    expect((await personal()).body.msg).toBe('Name must be unique');
    // Each console sees its own templates only.
    const list = await person.get<TemplateListPage>('templatePage');
    expect(list.body.data.records.map((record) => record.name)).toEqual(['Purchase order']);
  });

  it('checks the template name and the participants (spec 001 §5)', async () => {
    const documentId = await companyDocument();
    const attempt = (body: Record<string, unknown>, client = admin) =>
      client.post('templateSaveInfo', {
        name: 'Checked',
        documentId,
        participants: TWO_PARTIES,
        ...body,
      });
    expect((await attempt({ name: '  ' })).body.msg).toBe(
      'name: The template name cannot be empty',
    );
    expect((await attempt({ name: 'x'.repeat(51) })).body.msg).toBe(
      'name: The template name is at most 50 characters',
    );
    const noSigner = [{ party: 'A', name: '', sign: false, fill: true }];
    expect((await attempt({ participants: noSigner })).body.msg).toBe(
      'participants: At least one signatory',
    );
    expect((await attempt({ participants: noSigner }, adminZh)).body.msg).toBe(
      'participants: 至少需要一个签署方',
    );
    const idle = [
      { party: 'A', name: '', sign: true, fill: false },
      { party: 'B', name: '', sign: false, fill: false },
    ];
    expect((await attempt({ participants: idle })).body.msg).toBe(
      'participants.1: Participants must tick sign or fill items',
    );
    expect((await attempt({ participants: [] })).body.msg).toBe(
      'participants: At least one signatory',
    );
    const twice = [TWO_PARTIES[0], TWO_PARTIES[0]];
    expect((await attempt({ participants: twice })).body.msg).toBe(
      'participants.1.party: Each party can be listed once only',
    );
    expect((await attempt({ participants: [{ ...TWO_PARTIES[0], party: 'K' }] })).status).toBe(400);
    expect(
      (await admin.get<TemplateListPage>('templatePage', { name: 'Checked' })).body.data.total,
    ).toBe(0);
  });

  it('draws a template on a ready document of its own console only', async () => {
    const other = await addDocument(server.database, server.files, { userId: adminId });
    const create = (documentId: string) =>
      admin.post('templateSaveInfo', { name: 'Doc check', documentId, participants: TWO_PARTIES });
    // The administrator's personal document is not the company's.
    expect((await create(other)).status).toBe(404);
    expect((await create('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const converting = await addDocument(server.database, server.files, {
      userId: adminId,
      companyId,
      status: 'converting',
    });
    const notReady = await create(converting);
    expect(notReady.status).toBe(409);
    expect(notReady.body.msg).toBe(
      'The document is not ready yet; please wait for its conversion to finish',
    );
    expect((await create('not-a-uuid')).status).toBe(400);
  });

  it('measures pages as the editor shows them: rotated and cropped', async () => {
    const documentId = await addDocument(server.database, server.files, {
      userId: adminId,
      companyId,
      pages: [
        { width: 595, height: 842, rotate: 90 },
        { width: 600, height: 800, crop: { x: 10, y: 20, width: 300, height: 400 } },
        { width: 600, height: 800, rotate: 270, crop: { x: 0, y: 0, width: 700, height: 300 } },
      ],
    });
    const created = await admin.post<TemplateCreated>('templateSaveInfo', {
      name: 'Odd pages',
      documentId,
      participants: TWO_PARTIES,
    });
    expect((await detail(created.body.data.id)).pageSizes).toEqual([
      { width: 842, height: 595 },
      { width: 300, height: 400 },
      // The CropBox is clipped to the MediaBox, then turned.
      { width: 300, height: 600 },
    ]);
  });

  it('changes the basics with editInfo, moving the project to another document', async () => {
    const id = await createTemplate('Movable');
    const designed = designedProject((await detail(id)).project);
    await admin.post('templateEdit', { id, project: designed });

    const three = await companyDocument([A4, A4, { width: 612, height: 1008 }]);
    const changed = await admin.post<TemplateSaved>('templateEditInfo', {
      id,
      name: 'Moved',
      description: 'Now on three pages',
      documentId: three,
      participants: [...TWO_PARTIES, { party: 'C', name: 'Guarantor', sign: true, fill: false }],
    });
    expect(changed.status).toBe(200);
    // C signs nowhere yet.
    expect(changed.body.data.problems.map((problem) => problem.code)).toEqual([
      'signer-without-field',
    ]);
    const moved = await detail(id);
    expect(moved).toMatchObject({
      name: 'Moved',
      description: 'Now on three pages',
      documentId: three,
    });
    expect(moved.project.pages.map((page) => page.config)).toEqual([
      expect.objectContaining(A4),
      expect.objectContaining(A4),
      { width: 612, height: 1008 },
    ]);
    // The new page holds A's seal, as every page does.
    expect(moved.project.pages[2]!.elements.map((element) => element.elName)).toEqual(['seal']);
    expect(moved.participants.map((participant) => participant.party)).toEqual(['A', 'B', 'C']);

    // A one-page document cannot take fields that sit on page 2.
    const onePage = await companyDocument([A4]);
    const refused = await admin.post('templateEditInfo', {
      id,
      name: 'Moved',
      documentId: onePage,
      participants: TWO_PARTIES,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('The template has more pages than its contract document');
    expect((await detail(id)).documentId).toBe(three);
  });

  it('changes field details with editFields through the editor’s commands', async () => {
    const id = await createTemplate('Fields');
    const designed = designedProject((await detail(id)).project);
    await admin.post('templateEdit', { id, project: designed });
    const elements = designed.pages[0]!.elements;
    const text = elements.find((element) => element.title === 'Address')!;
    const date = elements.find((element) => element.title === 'Start date')!;
    const seal = elements.find((element) => element.elName === 'seal')!;

    const saved = await admin.post<TemplateSaved>('templateEditFields', {
      id,
      fields: [
        { elementUuid: text.uuid, title: 'Home address', tip: 'Street and city', limitNum: 80 },
        { elementUuid: date.uuid, dateFormat: 'yyyy年MM月dd日', required: true },
        { elementUuid: seal.uuid, title: 'Company seal of A' },
      ],
    });
    expect(saved.status).toBe(200);
    const fields = (
      await admin.get<TemplateFieldDetail<TemplateProject>>('templateFieldDetail', { id })
    ).body.data;
    expect(fields.fillsInList[0]).toMatchObject({
      elementUuid: text.uuid,
      title: 'Home address',
      tip: 'Street and city',
      limitNum: 80,
      required: true,
    });
    expect(fields.dateList[0]).toMatchObject({ format: 'yyyy年MM月dd日', required: true });
    // A seal group shares its title on every page.
    expect(
      fields.signList.filter((entry) => entry.kind === 'seal').map((entry) => entry.page),
    ).toEqual([1, 2]);
    const stored = await detail(id);
    expect(
      stored.project.pages.flatMap((page) =>
        page.elements.filter((e) => e.elName === 'seal').map((e) => e.title),
      ),
    ).toEqual(['Company seal of A', 'Company seal of A']);

    const unknown = await admin.post('templateEditFields', {
      id,
      fields: [{ elementUuid: 'nope', title: 'x' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('A field was not found in the template');
    const badFormat = await admin.post<{ path: string }[]>('templateEditFields', {
      id,
      fields: [{ elementUuid: date.uuid, dateFormat: 'dd.MM.yyyy' }],
    });
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.data[0]!.path).toMatch(/config\.dateFormat$/);
    expect((await detail(id)).project).toEqual(stored.project);
  });

  it('reads and sets participants with getComponents and editComponents', async () => {
    const id = await createTemplate('Parties');
    const read = await admin.get<TemplateComponents>('templateComponents', { id });
    expect(read.body.data).toEqual({ id, participants: TWO_PARTIES });
    const three = [
      { party: 'C', name: '', sign: false, fill: true },
      { party: 'A', name: 'Seller', sign: true, fill: false },
    ];
    expect((await admin.post('templateEditComponents', { id, participants: three })).status).toBe(
      200,
    );
    expect(
      (await admin.get<TemplateComponents>('templateComponents', { id })).body.data.participants,
    ).toEqual([three[1], three[0]]);
    const none = await admin.post('templateEditComponents', {
      id,
      participants: [{ party: 'A', name: '', sign: false, fill: true }],
    });
    expect(none.body.msg).toBe('participants: At least one signatory');
  });

  it('answers no approval workflows for a template, and pages its list', async () => {
    const id = await createTemplate('Workflow free');
    const workflows = await admin.post('templateReferencedWorkflow', { id });
    expect(workflows.body).toMatchObject({ code: 200, data: [] });
    const first = await admin.get<TemplateListPage>('templatePage', { current: 1, size: 2 });
    const second = await admin.get<TemplateListPage>('templatePage', { current: 2, size: 2 });
    expect(first.body.data.records).toHaveLength(2);
    expect(second.body.data.total).toBe(first.body.data.total);
    expect(second.body.data.records[0]!.id).not.toBe(first.body.data.records[0]!.id);
    expect((await admin.get('templatePage', { size: 101 })).status).toBe(400);
  });

  it('refuses every call without a session', async () => {
    const anonymous = templateClient(server.base, 'not.a.token');
    expect((await anonymous.get('templatePage')).status).toBe(401);
    expect((await anonymous.post('templateSaveInfo', {})).status).toBe(401);
  });

  it('keeps parseProject’s view of every stored project', async () => {
    const rows = await server.database.query<{ project: unknown }>('SELECT project FROM templates');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(parseProject(row.project)).toEqual(row.project);
  });
});
