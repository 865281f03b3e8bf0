import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  PERSONAL_CONSOLE_ID,
  type CompanySeal,
  type CompanySealDetail,
  type Page,
  type SealAuthorization,
  type SealRemoved,
} from '@esign/platform';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addCompany,
  addUser,
  demoCompanyId,
  loginInto,
  switchConsole,
} from '../test-support/companies';
import { BACKENDS, login, useTestServer } from '../test-support/server';
import { templateClient, type TemplateClient } from '../test-support/templates';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A red ring on white paper, as a photographed seal might be. */
async function photographedSeal(): Promise<string> {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300">' +
      '<rect width="100%" height="100%" fill="#fff"/>' +
      '<circle cx="150" cy="150" r="120" fill="none" stroke="#d4242b" stroke-width="10"/></svg>',
  );
  return (await sharp(svg).png().toBuffer()).toString('base64');
}

const template = (name: string, type = 'contract') => ({
  name,
  makeWay: 'template',
  type,
  colour: 'red',
  horizontalText: '',
  belowText: '',
  aged: false,
});

describe.each(BACKENDS)('company seals on $name', (backend) => {
  const now = new Date('2026-06-15T04:00:00Z');
  const server = useTestServer(backend, { clock: () => now });
  let companyId = 0;
  let adminId = 0;
  let managerId = 0;
  let admin: TemplateClient;
  let adminZh: TemplateClient;
  let manager: TemplateClient;
  let sealUser: TemplateClient;
  let sealUserId = 0;
  let employee: TemplateClient;
  let other: TemplateClient;
  let otherSealId = '';

  const join = async (
    phone: string,
    role: 'admin' | 'sealManager' | 'sealUser' | 'employee',
    company = companyId,
  ) => {
    const id = await addUser(server.database, { phone, company: { id: company, role } });
    return {
      id,
      client: templateClient(
        server.base,
        (await loginInto(server.base, phone, company)).access_token,
      ),
    };
  };
  const page = async (client: TemplateClient, query: Record<string, string | number> = {}) => {
    const answer = await client.get<Page<CompanySeal>>('companySealPage', { size: 100, ...query });
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const create = async (client: TemplateClient, body: Record<string, unknown>) => {
    const answer = await client.post<CompanySeal>('companySealCreate', body);
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const row = async (id: string) =>
    (
      await server.database.query<{ status: string; storage_key: string; reject_reason: string }>(
        'SELECT status, storage_key, reject_reason FROM seals WHERE id = $1',
        [id],
      )
    )[0];
  const stored = (key: string) => existsSync(path.join(server.files, key));
  const messagesOf = (userId: number) =>
    server.database.query<{ title: string; content: string; redirect_type: number }>(
      'SELECT title, content, redirect_type FROM messages WHERE user_id = $1 AND redirect_type = 6 ORDER BY id',
      [userId],
    );

  beforeAll(async () => {
    companyId = await demoCompanyId(server.database);
    const [row] = await server.database.query<{ id: string }>(
      "SELECT id FROM users WHERE phone = '13800000002'",
    );
    adminId = Number(row!.id);
    const { access_token } = await loginInto(server.base, '13800000002', companyId);
    admin = templateClient(server.base, access_token);
    adminZh = templateClient(server.base, access_token, 'zh');
    ({ id: managerId, client: manager } = await join('13800001101', 'sealManager'));
    ({ id: sealUserId, client: sealUser } = await join('13800001102', 'sealUser'));
    ({ client: employee } = await join('13800001103', 'employee'));
    const otherCompany = await addCompany(server.database, { name: 'Other Seals Co., Ltd.' });
    ({ client: other } = await join('13800001104', 'admin', otherCompany));
    otherSealId = (await page(other)).records[0]!.id;
  });

  it('gives a verified company its contract seal on the first call, once, however many calls race', async () => {
    const raceCompany = await addCompany(server.database, { name: 'Race Seals Co., Ltd.' });
    const { client } = await join('13800001105', 'admin', raceCompany);
    const [first, second] = await Promise.all([page(client), page(client)]);
    expect(first.total).toBe(1);
    expect(second.total).toBe(1);
    const [seal] = (await page(client)).records;
    expect(seal).toMatchObject({
      name: '合同专用章',
      makeWay: 'template',
      type: 'contract',
      status: 'normal',
      createdBy: { id: '', name: '' },
      can: { edit: true, authorize: true, remove: true, approve: false },
    });
    expect(seal!.imageUrl).toMatch(/^\/api\/sicpay-seal\/seal\/image\?id=[0-9a-f-]{36}$/);
    const counted = await server.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM seals WHERE company_id = $1',
      [raceCompany],
    );
    expect(counted[0]!.n).toBe(1);
    expect(
      (await server.database.query('SELECT 1 FROM seals WHERE company_id = $1', [companyId]))
        .length,
    ).toBe(0);
    expect((await page(admin)).total).toBe(1);
  });

  it('puts a seal the administrator makes in use at once, and one a seal manager makes up for approval', async () => {
    const made = await create(admin, template('Finance seal', 'finance'));
    expect(made).toMatchObject({
      status: 'normal',
      type: 'finance',
      createdBy: { id: String(adminId) },
    });
    expect(stored((await row(made.id))!.storage_key)).toBe(true);

    const before = (await messagesOf(adminId)).length;
    const pending = await create(manager, template('Invoice seal', 'invoice'));
    expect(pending).toMatchObject({ status: 'pending', can: { approve: false, edit: true } });
    const told = await messagesOf(adminId);
    expect(told).toHaveLength(before + 1);
    expect(told.at(-1)!.content).toContain('Invoice seal');

    const refused = await manager.post('companySealStatus', { id: pending.id, action: 'approve' });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe("Only the company's administrator can approve seals");
    const listed = (await page(admin, { status: 'pending' })).records;
    expect(listed.map((seal) => seal.id)).toEqual([pending.id]);
    expect(listed[0]!.can.approve).toBe(true);

    const approved = await admin.post<CompanySeal>('companySealStatus', {
      id: pending.id,
      action: 'approve',
    });
    expect(approved.body.data.status).toBe('normal');
    expect((await messagesOf(managerId)).at(-1)!.title).toContain('approved');
    const again = await admin.post('companySealStatus', { id: pending.id, action: 'approve' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('Only a seal awaiting approval can be approved or rejected');
  });

  it('keeps the reason of a rejection for the maker, and sends an edited rejected seal back for approval', async () => {
    const pending = await create(manager, { ...template('Corporate seal', 'corporate') });
    const noReason = await adminZh.post('companySealStatus', { id: pending.id, action: 'reject' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toBe('请填写驳回原因');
    const rejected = await admin.post<CompanySeal>('companySealStatus', {
      id: pending.id,
      action: 'reject',
      reason: 'The name is wrong',
    });
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      rejectReason: 'The name is wrong',
    });
    const seen = await manager.get<CompanySealDetail>('companySealDetail', { id: pending.id });
    expect(seen.body.data.rejectReason).toBe('The name is wrong');
    expect((await messagesOf(managerId)).at(-1)!.content).toContain('The name is wrong');

    const edited = await manager.post<CompanySeal>('companySealUpdate', {
      ...template('Company seal', 'corporate'),
      id: pending.id,
    });
    expect(edited.body.data).toMatchObject({
      status: 'pending',
      rejectReason: '',
      name: 'Company seal',
    });
    await admin.post('companySealStatus', {
      id: pending.id,
      action: 'reject',
      reason: 'Still wrong',
    });
    const byAdmin = await admin.post<CompanySeal>('companySealUpdate', {
      ...template('Corporate seal', 'corporate'),
      id: pending.id,
    });
    expect(byAdmin.body.data.status).toBe('normal');
  });

  it('disuses a seal in use and enables it again, and refuses any other move', async () => {
    const seal = await create(admin, template('Other seal', 'other'));
    const disused = await manager.post<CompanySeal>('companySealStatus', {
      id: seal.id,
      action: 'disuse',
    });
    expect(disused.body.data.status).toBe('disuse');
    const twice = await manager.post('companySealStatus', { id: seal.id, action: 'disuse' });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('The seal cannot change to that status now');
    const twiceZh = await adminZh.post('companySealStatus', { id: seal.id, action: 'disuse' });
    expect(twiceZh.body.msg).toBe('印章当前状态不能进行该操作');
    const enabled = await manager.post<CompanySeal>('companySealStatus', {
      id: seal.id,
      action: 'enable',
    });
    expect(enabled.body.data.status).toBe('normal');
    const notPending = await admin.post('companySealStatus', {
      id: seal.id,
      action: 'reject',
      reason: 'x',
    });
    expect(notPending.status).toBe(409);
    const user = await sealUser.post('companySealStatus', { id: seal.id, action: 'disuse' });
    expect(user.status).toBe(403);
    expect(user.body.msg).toBe('No permission for now');
  });

  it('deletes an unused seal with its picture, and only disuses one that signed contracts', async () => {
    const unused = await create(admin, template('Spare seal'));
    const key = (await row(unused.id))!.storage_key;
    const removed = await manager.post<SealRemoved>('companySealRemove', { id: unused.id });
    expect(removed.body.data).toEqual({ outcome: 'deleted' });
    expect(await row(unused.id)).toBeUndefined();
    expect(stored(key)).toBe(false);
    expect((await admin.get('companySealDetail', { id: unused.id })).status).toBe(404);

    const used = await create(admin, template('Busy seal'));
    await server.database.query('UPDATE seals SET used_count = 3 WHERE id = $1', [used.id]);
    const kept = await admin.post<SealRemoved>('companySealRemove', { id: used.id });
    expect(kept.body.data).toEqual({ outcome: 'disused' });
    expect((await row(used.id))!.status).toBe('disuse');
    expect(stored((await row(used.id))!.storage_key)).toBe(true);
    expect((await sealUser.post('companySealRemove', { id: used.id })).status).toBe(403);
  });

  it('redraws a template seal with new settings, but only renames one that signed contracts', async () => {
    const seal = await create(admin, template('Blue seal'));
    const oldKey = (await row(seal.id))!.storage_key;
    const redrawn = await admin.post<CompanySeal>('companySealUpdate', {
      ...template('Blue seal'),
      id: seal.id,
      colour: 'blue',
      belowText: '91310000MA1FL8XQ3B',
    });
    expect(redrawn.status, redrawn.body.msg).toBe(200);
    expect(redrawn.body.data).toMatchObject({ colour: 'blue', belowText: '91310000MA1FL8XQ3B' });
    expect(redrawn.body.data.imageUrl).not.toBe(seal.imageUrl);
    expect(stored(oldKey)).toBe(false);
    expect(stored((await row(seal.id))!.storage_key)).toBe(true);

    await server.database.query('UPDATE seals SET used_count = 1 WHERE id = $1', [seal.id]);
    const refused = await admin.post('companySealUpdate', {
      ...template('Blue seal'),
      id: seal.id,
      aged: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(
      'A seal that signed contracts cannot be redrawn; make a new seal instead',
    );
    const renamed = await admin.post<CompanySeal>('companySealUpdate', {
      ...template('Navy seal'),
      id: seal.id,
      colour: 'blue',
      belowText: '91310000MA1FL8XQ3B',
    });
    expect(renamed.body.data).toMatchObject({
      name: 'Navy seal',
      imageUrl: redrawn.body.data.imageUrl,
    });
  });

  it('previews a template seal as a PNG, the legal representative’s with their name', async () => {
    for (const type of ['contract', 'legal']) {
      const response = await fetch(`${server.base}/api/sicpay-seal/seal/preview-template`, {
        method: 'POST',
        headers: {
          'Blade-Auth': `bearer ${(await loginInto(server.base, '13800000002', companyId)).access_token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ type }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    }
    const noLegal = await other.post('companySealPreview', { type: 'legal' });
    expect(noLegal.status).toBe(400);
    expect(noLegal.body.msg).toContain('legal representative is not recorded');
    const legal = await create(admin, template('Legal seal', 'legal'));
    expect(legal.type).toBe('legal');
    const sealUserPreview = await sealUser.post('companySealPreview', { type: 'contract' });
    expect(sealUserPreview.status).toBe(403);
  });

  it('makes a seal of an uploaded picture, sanitised, and refuses one without a picture', async () => {
    const uploaded = await create(admin, {
      name: 'Stamped seal',
      makeWay: 'upload',
      type: 'contract',
      image: await photographedSeal(),
    });
    expect(uploaded).toMatchObject({ makeWay: 'upload', status: 'normal' });
    expect(uploaded.width).toBeGreaterThan(200);
    const missing = await admin.post('companySealCreate', {
      name: 'Drawn',
      makeWay: 'handwrite',
      type: 'other',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('Please upload or draw the seal image');
    const missingZh = await adminZh.post('companySealCreate', {
      name: 'Drawn',
      makeWay: 'handwrite',
      type: 'other',
    });
    expect(missingZh.body.msg).toBe('请上传或手绘印章图片');
    const svg = await admin.post('companySealCreate', {
      name: 'Script',
      makeWay: 'upload',
      type: 'other',
      image: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ).toString('base64'),
    });
    expect(svg.status).toBe(400);
    expect(svg.body.msg).toContain('SVG');
  });

  it('answers another company’s seal as it answers an id made up: 404 on every call', async () => {
    const calls: [Parameters<TemplateClient['post']>[0], Record<string, unknown>][] = [
      ['companySealUpdate', { ...template('Mine now'), id: otherSealId }],
      ['companySealStatus', { id: otherSealId, action: 'disuse' }],
      ['companySealRemove', { id: otherSealId }],
      [
        'companySealAuthorize',
        {
          sealId: otherSealId,
          staffRange: 'all',
          startDate: '2026-06-15',
          endDate: '2026-06-30',
        },
      ],
    ];
    for (const id of [otherSealId, '999999']) {
      const detail = await admin.get('companySealDetail', { id });
      expect(detail.status).toBe(404);
      expect(detail.body.msg).toBe('This seal does not exist');
      for (const [name, body] of calls) {
        const answer = await admin.post(name, {
          ...body,
          ...('sealId' in body ? { sealId: id } : { id }),
        });
        expect(answer.status, name).toBe(404);
        expect(answer.body.msg, name).toBe('This seal does not exist');
      }
    }
    const [theirs] = (await page(other)).records;
    expect(theirs).toMatchObject({ id: otherSealId, status: 'normal' });
    const granted = await other.post<SealAuthorization[]>('companySealAuthorize', {
      sealId: otherSealId,
      staffRange: 'all',
      startDate: '2026-06-15',
      endDate: '2026-06-30',
    });
    const authorizationId = granted.body.data[0]!.id;
    for (const [name, body] of [
      [
        'companySealReauthorize',
        { id: authorizationId, startDate: '2026-06-15', endDate: '2026-07-30' },
      ],
      ['companySealRevoke', { id: authorizationId }],
    ] as const) {
      const answer = await admin.post(name, body);
      expect(answer.status).toBe(404);
      expect(answer.body.msg).toBe('This authorization does not exist');
    }
    expect((await page(admin)).records.map((seal) => seal.id)).not.toContain(otherSealId);
  });

  it('refuses a company not verified yet, and the personal console', async () => {
    const unverified = await addCompany(server.database, { name: 'Unverified Seals Co., Ltd.' });
    await server.database.query('UPDATE companies SET auth_status = 0 WHERE id = $1', [unverified]);
    const { client } = await join('13800001106', 'admin', unverified);
    const refused = await client.get('companySealPage');
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe("The company's seal is made once the company is verified");
    expect((await client.post('companySealCreate', template('Early'))).status).toBe(400);
    expect(
      (await server.database.query('SELECT 1 FROM seals WHERE company_id = $1', [unverified]))
        .length,
    ).toBe(0);

    const { access_token } = await login(server.base, '13800000002');
    const personal = await switchConsole(server.base, access_token, PERSONAL_CONSOLE_ID);
    const token = ((await personal.json()) as { access_token: string }).access_token;
    const mine = templateClient(server.base, token);
    for (const answer of [
      await mine.get('companySealPage'),
      await mine.get('mySealAuthorizations'),
      await mine.post('companySealCreate', template('Mine')),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.msg).toBe('No permission for now');
    }
  });

  it('shows a seal user only the seals an authorisation covers them for, with no buttons', async () => {
    const shown = await create(admin, template('Shown seal'));
    const hidden = await create(admin, template('Hidden seal'));
    expect((await page(sealUser)).total).toBe(0);
    const granted = await admin.post<SealAuthorization[]>('companySealAuthorize', {
      sealId: shown.id,
      staffRange: 'specified',
      granteeIds: [String(sealUserId)],
      startDate: '2026-07-01',
      endDate: '2026-07-31',
    });
    expect(granted.status, granted.body.msg).toBe(200);
    const seen = await page(sealUser);
    expect(seen.records.map((seal) => seal.id)).toEqual([shown.id]);
    expect(seen.records[0]!.can).toEqual({
      edit: false,
      authorize: false,
      remove: false,
      approve: false,
    });
    const detail = await sealUser.get<CompanySealDetail>('companySealDetail', { id: shown.id });
    expect(detail.body.data.authorizations).toHaveLength(1);
    expect(detail.body.data.authorizations[0]!.state).toBe('notYetEffective');
    expect((await sealUser.get('companySealDetail', { id: hidden.id })).status).toBe(404);
    expect((await page(manager)).records.map((seal) => seal.id)).toEqual(
      expect.arrayContaining([shown.id, hidden.id]),
    );
    expect((await page(admin, { name: 'Hidden' })).records.map((seal) => seal.name)).toEqual([
      'Hidden seal',
    ]);
    expect(
      (await page(admin, { type: 'legal' })).records.every((seal) => seal.type === 'legal'),
    ).toBe(true);
    const refused = await employee.get('companySealPage');
    expect(refused.status).toBe(403);
  });

  it('refuses bad input with a clear message in English and in Chinese', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...template(''), name: '' }, 'Please enter the seal name', '请输入印章名称'],
      [{ ...template('x'.repeat(21)) }, 'at most 20 characters', '不能超过20个字符'],
      [{ ...template('Seal'), type: undefined }, 'Please choose the seal type', '请选择印章类型'],
      [
        { ...template('Seal'), belowText: '9'.repeat(41) },
        'at most 40 characters',
        '不能超过40个字符',
      ],
      [{ ...template('Seal'), colour: 'green' }, 'colour', 'colour'],
    ];
    for (const [body, en, zh] of cases) {
      const english = await admin.post('companySealCreate', body);
      expect(english.status).toBe(400);
      expect(english.body.msg).toContain(en);
      const chinese = await adminZh.post('companySealCreate', body);
      expect(chinese.status).toBe(400);
      expect(chinese.body.msg).toContain(zh);
    }
    const reason = await admin.post('companySealStatus', {
      id: '1',
      action: 'reject',
      reason: 'x'.repeat(201),
    });
    expect(reason.body.msg).toContain('at most 200 characters');
  });
});
