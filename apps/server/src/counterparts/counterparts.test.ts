import {
  PATHS,
  type Counterpart,
  type CounterpartContract,
  type CounterpartImportReport,
  type Page,
} from '@esign/platform';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../seed';
import { addCompany, addUser, loginInto } from '../test-support/companies';
import { BACKENDS, login, useTestServer } from '../test-support/server';
import {
  demoAuthor,
  templateClient,
  type DemoAuthor,
  type TemplateClient,
} from '../test-support/templates';

const ADMIN = '13800000002';
const PERSON = '13800000001';
const EMPLOYEE = '13900000601';
const RIVAL_ADMIN = '13900000602';
const CAROL = '13900000603';

/** An .xlsx of rows (the first one the header), as a person would make it in Excel. */
async function xlsxOf(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The rows of the first sheet of an .xlsx as texts. */
async function rowsOf(bytes: ArrayBuffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
  });
  return rows;
}

describe.each(BACKENDS)('counterparts on $name', (backend) => {
  const server = useTestServer(backend);
  let author: DemoAuthor;
  let admin: TemplateClient;
  let adminZh: TemplateClient;
  let person: TemplateClient;
  let employee: TemplateClient;
  let rival: TemplateClient;
  let adminToken = '';
  let templateId = '';
  let addressUuid = '';

  const search = async (client: TemplateClient, body: Record<string, unknown>) => {
    const answer = await client.post<Page<Counterpart>>('counterpartSearch', body);
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data;
  };

  const upload = async (
    token: string,
    kind: string,
    commit: '0' | '1',
    bytes: Buffer,
    name: string,
    lang = 'en',
  ) => {
    const form = new FormData();
    form.append('kind', kind);
    form.append('commit', commit);
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${server.base}/api${PATHS.counterpartImport}`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${token}`, Lang: lang },
      body: form,
    });
    return {
      status: response.status,
      body: (await response.json()) as {
        data: CounterpartImportReport;
        msg: string;
      },
    };
  };

  const countBook = async (consoleKey: string) => {
    const [row] = await server.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM counterparts WHERE console_key = $1',
      [consoleKey],
    );
    return row!.n;
  };

  beforeAll(async () => {
    const { database } = server;
    author = await demoAuthor(server);
    admin = author.admin;
    adminZh = author.adminZh;
    adminToken = (await loginInto(server.base, ADMIN, author.companyId)).access_token;
    person = templateClient(server.base, (await login(server.base, PERSON)).access_token);
    await addUser(database, {
      phone: EMPLOYEE,
      company: { id: author.companyId, role: 'employee' },
    });
    employee = templateClient(
      server.base,
      (await loginInto(server.base, EMPLOYEE, author.companyId)).access_token,
    );
    const rivalCompany = await addCompany(database, { name: 'Rival Trading Co.' });
    await addUser(database, { phone: RIVAL_ADMIN, company: { id: rivalCompany, role: 'admin' } });
    rival = templateClient(
      server.base,
      (await loginInto(server.base, RIVAL_ADMIN, rivalCompany)).access_token,
    );
    ({ id: templateId, addressUuid } = await author.enabledTemplate('Supply agreement'));
  });

  const contractWith = (b: {
    kind: 'person' | 'company';
    name: string;
    phone: string;
    companyName?: string;
  }) => ({
    name: 'Supply of parts',
    agreementType: 'contract',
    signingOrder: 'parallel',
    participants: [
      { party: 'A', kind: 'company', name: 'Admin', phone: ADMIN, companyName: DEMO_COMPANY },
      { party: 'B', ...b },
    ],
    receivers: [],
    templateId,
    values: { [addressUuid]: 'No. 9 Harbour Road' },
  });

  it('keeps one book a console: the company’s staff share it, nobody else sees it', async () => {
    const saved = await admin.post<Counterpart>('counterpartSave', {
      kind: 'person',
      name: ' Zhou Min ',
      phone: '13700000001',
      affiliatedCompany: 'Zhou Studio',
      note: 'Designer',
    });
    expect(saved.status, saved.body.msg).toBe(200);
    expect(saved.body.data).toMatchObject({
      kind: 'person',
      name: 'Zhou Min',
      phone: '13700000001',
      affiliatedCompany: 'Zhou Studio',
      status: 'normal',
      source: 'manual',
      certified: false,
    });
    const id = saved.body.data.id;
    // The employee sees and picks from the company's book, but may not change it.
    expect(
      (await search(employee, { kind: 'person', keyword: 'zhou' })).records.map((c) => c.id),
    ).toEqual([id]);
    const refused = await employee.post('counterpartSave', {
      kind: 'person',
      name: 'X',
      phone: '13700000009',
    });
    expect(refused.status).toBe(403);
    // The person's personal console and another company have books of their own.
    expect((await search(person, { kind: 'person', keyword: 'zhou' })).total).toBe(0);
    expect((await search(rival, { kind: 'person' })).total).toBe(0);
    expect((await rival.get('counterpartDetail', { id })).status).toBe(404);
    expect((await rival.post('counterpartRemove', { ids: [id] })).body.data).toEqual({
      removed: 0,
    });
    expect((await admin.get<Counterpart>('counterpartDetail', { id })).body.data.name).toBe(
      'Zhou Min',
    );
  });

  it('refuses bad fields and duplicates with the spec’s messages, in the user’s language', async () => {
    const badPhone = await admin.post('counterpartSave', {
      kind: 'person',
      name: 'Wu',
      phone: '12345',
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.msg).toContain('Incorrect phone number');
    const zh = await adminZh.post('counterpartSave', {
      kind: 'person',
      name: 'Wu',
      phone: '12345',
    });
    expect(zh.body.msg).toContain('手机号码不正确');
    const noContact = await admin.post('counterpartSave', { kind: 'person', name: 'Wu' });
    expect(noContact.body.msg).toContain('Enter a phone number or an email');
    const longName = await admin.post('counterpartSave', {
      kind: 'person',
      name: 'x'.repeat(31),
      phone: '13700000002',
    });
    expect(longName.body.msg).toContain('At most 30 characters');
    const duplicate = await admin.post('counterpartSave', {
      kind: 'person',
      name: 'Other Zhou',
      phone: '13700000001',
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.msg).toBe('This counterpart is already in the book');
    const company = await admin.post<Counterpart>('counterpartSave', {
      kind: 'company',
      name: 'Blue Sky Ltd.',
      creditCode: '91310115MA1K4ABCD1',
      managerName: 'Qin',
      managerPhone: '13700000003',
    });
    expect(company.status, company.body.msg).toBe(200);
    const sameName = await admin.post('counterpartSave', {
      kind: 'company',
      name: 'blue sky ltd.',
      managerName: 'Qin',
      managerPhone: '13700000003',
    });
    expect(sameName.status).toBe(409);
    const noSelection = await admin.post('counterpartRemove', { ids: [] });
    expect(noSelection.body.msg).toContain('Please select at least one item first');
  });

  it('refuses a blacklisted counterpart as a party, at validateParticipants and at create', async () => {
    const saved = await admin.post<Counterpart>('counterpartSave', {
      kind: 'person',
      name: 'Carol',
      phone: CAROL,
    });
    const noReason = await admin.post('counterpartSetStatus', {
      ids: [saved.body.data.id],
      status: 'blacklist',
    });
    expect(noReason.body.msg).toContain('Please give the reason for the blacklist');
    const listed = await admin.post('counterpartSetStatus', {
      ids: [saved.body.data.id],
      status: 'blacklist',
      reason: 'Forged a delivery note',
    });
    expect(listed.body.data).toEqual({ updated: 1 });
    const detail = (await admin.get<Counterpart>('counterpartDetail', { id: saved.body.data.id }))
      .body.data;
    expect(detail).toMatchObject({
      status: 'blacklist',
      blacklistReason: 'Forged a delivery note',
    });
    expect(detail.blacklistedBy).toBeTruthy();
    expect(
      (await search(admin, { kind: 'person', status: 'blacklist' })).records.map((c) => c.id),
    ).toEqual([saved.body.data.id]);

    const body = contractWith({ kind: 'person', name: 'Carol', phone: CAROL });
    const before = await server.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM contracts',
    );
    const validate = await admin.post<unknown>('contractValidateParticipants', {
      participants: body.participants,
    });
    expect(validate.status).toBe(409);
    expect(validate.body.msg).toBe(
      '“Carol” is on the counterpart blacklist and cannot be a party: Forged a delivery note',
    );
    expect(validate.body.data).toEqual([
      {
        party: 'B',
        counterpartId: saved.body.data.id,
        name: 'Carol',
        reason: 'Forged a delivery note',
      },
    ]);
    const create = await adminZh.post('contractCreate', body);
    expect(create.status).toBe(409);
    expect(create.body.msg).toBe('“Carol”在相对方黑名单中，不能作为签署方：Forged a delivery note');
    const after = await server.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM contracts',
    );
    expect(after[0]!.n).toBe(before[0]!.n);
    // Another console's book does not stop the rival company from signing with Carol.
    expect(
      (
        await rival.post('contractValidateParticipants', {
          participants: [{ party: 'A', kind: 'person', name: 'Carol', phone: CAROL }],
        })
      ).status,
    ).toBe(200);
    // Back to normal, the contract can be made.
    await admin.post('counterpartSetStatus', { ids: [saved.body.data.id], status: 'normal' });
    const made = await admin.post('contractCreate', body);
    expect(made.status, made.body.msg).toBe(200);
    expect(
      (await admin.get<Counterpart>('counterpartDetail', { id: saved.body.data.id })).body.data,
    ).toMatchObject({
      status: 'normal',
      blacklistReason: null,
    });
  });

  it('refuses a blacklisted company by its name', async () => {
    const saved = await admin.post<Counterpart>('counterpartSave', {
      kind: 'company',
      name: 'Rival Trading Co.',
      managerName: 'Rival',
      managerPhone: RIVAL_ADMIN,
    });
    expect(saved.status, saved.body.msg).toBe(200);
    // Rival's company is certified on the platform: the book reads it so.
    expect(saved.body.data.certified).toBe(true);
    await admin.post('counterpartSetStatus', {
      ids: [saved.body.data.id],
      status: 'blacklist',
      reason: 'Litigation',
    });
    const create = await admin.post(
      'contractCreate',
      contractWith({
        kind: 'company',
        name: 'Someone',
        phone: '13700000099',
        companyName: 'RIVAL TRADING CO.',
      }),
    );
    expect(create.status).toBe(409);
    expect(create.body.msg).toContain('Litigation');
    await admin.post('counterpartRemove', { ids: [saved.body.data.id] });
  });

  it('adds the parties of a contract to the books of the consoles taking part, once', async () => {
    const personId = (
      await server.database.query<{ id: string }>(
        "SELECT id FROM users WHERE tenant_id = '000000' AND phone = $1",
        [PERSON],
      )
    )[0]!.id;
    const companyBook = `c${author.companyId}`;
    const personalBook = `u${personId}`;
    const body = contractWith({ kind: 'person', name: 'Person', phone: PERSON });
    const first = await admin.post<{ id: string }>('contractCreate', body);
    expect(first.status, first.body.msg).toBe(200);
    const inCompany = (await search(admin, { kind: 'person', keyword: PERSON })).records;
    expect(inCompany).toHaveLength(1);
    expect(inCompany[0]).toMatchObject({
      name: 'Person',
      phone: PERSON,
      source: 'contract',
      certified: true,
    });
    // The person received it: the demo company joins their personal book, managed by the admin.
    const inPersonal = (await search(person, { kind: 'company' })).records;
    expect(inPersonal.map((c) => [c.name, c.phone, c.source])).toEqual([
      [DEMO_COMPANY, ADMIN, 'contract'],
    ]);
    const counts = [await countBook(companyBook), await countBook(personalBook)];
    expect((await admin.post('contractCreate', body)).status).toBe(200);
    expect([await countBook(companyBook), await countBook(personalBook)]).toEqual(counts);

    // The counterpart's detail lists the contracts signed with it.
    const contracts = await admin.get<Page<CounterpartContract>>('counterpartContracts', {
      id: inCompany[0]!.id,
    });
    expect(contracts.status, contracts.body.msg).toBe(200);
    expect(contracts.body.data.total).toBe(2);
    expect(contracts.body.data.records[0]).toMatchObject({
      name: 'Supply of parts',
      parties: ['B'],
      initiated: false,
    });
    const received = await person.get<Page<CounterpartContract>>('counterpartContracts', {
      id: inPersonal[0]!.id,
    });
    expect(received.body.data.total).toBe(2);
    expect(received.body.data.records[0]).toMatchObject({ parties: ['A'], initiated: true });
  });

  it('previews an import with a report for each refused row, then writes the accepted rows only', async () => {
    await admin.post('counterpartSave', { kind: 'person', name: 'Already', phone: '13600000009' });
    const csv = Buffer.from(
      [
        'Name,Phone,Email,Company,Note',
        'Han Mei,13600000001,,Han & Co,first',
        'Bad Phone,12345,,,',
        ',13600000002,,,',
        'Han Again,13600000001,,,',
        'Already There,13600000009,,,',
        'Mail Only,,mail.only@example.com,,',
        ',,,,',
      ].join('\r\n'),
    );
    const key = `c${author.companyId}`;
    const before = await countBook(key);
    const preview = await upload(adminToken, 'person', '0', csv, 'book.csv');
    expect(preview.status, preview.body.msg).toBe(200);
    expect(preview.body.data).toMatchObject({
      committed: false,
      total: 6,
      accepted: 2,
      refused: 4,
    });
    expect(preview.body.data.rows.map((row) => [row.row, row.errors])).toEqual([
      [2, []],
      [3, ['Phone: Incorrect phone number']],
      [4, ['Name: This field is required']],
      [5, ['The same counterpart appears on an earlier row (2)']],
      [6, ['This counterpart is already in the book']],
      [7, []],
    ]);
    expect(await countBook(key)).toBe(before);
    const done = await upload(adminToken, 'person', '1', csv, 'book.csv');
    expect(done.body.data).toMatchObject({ committed: true, accepted: 2, refused: 4 });
    expect(await countBook(key)).toBe(before + 2);
    const imported = await search(admin, { kind: 'person', keyword: 'han mei' });
    expect(imported.records[0]).toMatchObject({
      source: 'import',
      affiliatedCompany: 'Han & Co',
      note: 'first',
    });
    // The same file again: everything is a duplicate now, and nothing is written.
    const again = await upload(adminToken, 'person', '1', csv, 'book.csv');
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('No row can be imported: correct the file and try again');
    expect(await countBook(key)).toBe(before + 2);
  });

  it('reads xlsx with headers in Chinese and GBK CSV, and refuses what is not a spreadsheet', async () => {
    const xlsx = await xlsxOf([
      ['企业名称 *', '统一社会信用代码', '经办人姓名 *', '经办人手机号 *', '备注'],
      ['星河科技有限公司', '', '孙丽', 13500000001, '年度框架'],
      ['坏号码公司', '', '赵强', '1350', ''],
    ]);
    const report = await upload(adminToken, 'company', '1', xlsx, '企业.xlsx', 'zh');
    expect(report.status, report.body.msg).toBe(200);
    expect(report.body.data.rows.map((row) => row.errors)).toEqual([
      [],
      ['经办人手机号: 手机号码不正确'],
    ]);
    const company = (await search(admin, { kind: 'company', keyword: '星河' })).records[0];
    expect(company).toMatchObject({
      name: '星河科技有限公司',
      managerName: '孙丽',
      phone: '13500000001',
    });

    const gbk = Buffer.from(
      new Uint8Array([
        ...Buffer.from('name,phone\r\n'),
        0xc0,
        0xee,
        0xc0,
        0xd7, // 李雷 in GBK
        ...Buffer.from(',13500000002\r\n'),
      ]),
    );
    const fromGbk = await upload(adminToken, 'person', '1', gbk, 'gbk.csv');
    expect(fromGbk.status, fromGbk.body.msg).toBe(200);
    expect((await search(admin, { kind: 'person', keyword: '13500000002' })).records[0]!.name).toBe(
      '李雷',
    );

    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
      'hex',
    );
    const notSheet = await upload(adminToken, 'person', '0', png, 'photo.png');
    expect(notSheet.status).toBe(400);
    expect(notSheet.body.msg).toBe('This is not a spreadsheet: upload an .xlsx or .csv file');
    const noHeader = await upload(adminToken, 'person', '0', Buffer.from('a,b\r\nc,d'), 'x.csv');
    expect(noHeader.body.msg).toBe('The first row must hold the template’s column headers');
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0x41);
    const tooLarge = await upload(adminToken, 'person', '0', big, 'big.csv');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.msg).toBe('The file is too large: at most 5 MB and 10,000 rows');
    const rows = [
      'name,phone',
      ...Array.from({ length: 10_001 }, (_, i) => `P${i},1${String(3000000000 + i)}`),
    ];
    const tooMany = await upload(
      adminToken,
      'person',
      '0',
      Buffer.from(rows.join('\n')),
      'many.csv',
    );
    expect(tooMany.status).toBe(413);
    // An employee may not import.
    const employeeToken = (await loginInto(server.base, EMPLOYEE, author.companyId)).access_token;
    expect((await upload(employeeToken, 'person', '0', gbk, 'gbk.csv')).status).toBe(403);
  });

  it('exports the book as the list filters it, and gives an import template', async () => {
    const response = await fetch(
      `${server.base}/api${PATHS.counterpartExport}?kind=person&keyword=han`,
      { headers: { 'Blade-Auth': `bearer ${adminToken}`, Lang: 'zh' } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const rows = await rowsOf(await response.arrayBuffer());
    expect(rows[0]).toEqual([
      '姓名',
      '手机号',
      '邮箱',
      '所属企业',
      '备注',
      '认证状态',
      '状态',
      '拉黑原因',
      '创建时间',
    ]);
    expect(rows.slice(1).map((row) => row.slice(0, 2))).toEqual([['Han Mei', '13600000001']]);
    expect(rows[1]![6]).toBe('正常');

    const template = await fetch(
      `${server.base}/api${PATHS.counterpartImportTemplate}?kind=company`,
      {
        headers: { 'Blade-Auth': `bearer ${adminToken}` },
      },
    );
    expect(template.status).toBe(200);
    const header = (await rowsOf(await template.arrayBuffer()))[0];
    expect(header).toEqual([
      'Company name *',
      'Credit code',
      'Manager *',
      'Manager phone *',
      'Note',
    ]);
  });
});
