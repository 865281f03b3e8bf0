import type { CompanySeal, CompanySealDetail, SealAuthorization } from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCompany, addUser, loginInto } from '../test-support/companies';
import { BACKENDS, useTestServer } from '../test-support/server';
import { demoAuthor, templateClient, type TemplateClient } from '../test-support/templates';

/** A moment given in China's time (UTC+8), as the calendar of authorisations counts days. */
const china = (local: string) => new Date(`${local}+08:00`);

const contractSeal = (name: string) => ({
  name,
  makeWay: 'template',
  type: 'contract',
  colour: 'red',
  horizontalText: '',
  belowText: '',
  aged: false,
});

describe.each(BACKENDS)('seal authorisations on $name', (backend) => {
  let now = china('2026-06-01T12:00:00');
  const server = useTestServer(backend, { clock: () => now });
  let companyId = 0;
  let admin: TemplateClient;
  let adminZh: TemplateClient;
  const members: Record<string, { id: number; client: TemplateClient }> = {};
  let sealId = '';
  let otherSealId = '';

  const authorize = (client: TemplateClient, body: Record<string, unknown>) =>
    client.post<SealAuthorization[]>('companySealAuthorize', {
      sealId,
      staffRange: 'specified',
      startDate: '2026-06-10',
      endDate: '2026-06-30',
      ...body,
    });
  const mine = async (who: string) => {
    const answer = await members[who]!.client.get<SealAuthorization[]>('mySealAuthorizations');
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const detail = async (id: string) =>
    (await admin.get<CompanySealDetail>('companySealDetail', { id })).body.data;
  const messagesOf = (userId: number) =>
    server.database.query<{ title: string; content: string; company_id: string }>(
      'SELECT title, content, company_id FROM messages WHERE user_id = $1 AND redirect_type = 6 ORDER BY id',
      [userId],
    );
  const newSeal = async (name: string) => {
    const made = await admin.post<CompanySeal>('companySealCreate', contractSeal(name));
    expect(made.status, made.body.msg).toBe(200);
    return made.body.data.id;
  };

  beforeAll(async () => {
    const author = await demoAuthor(server);
    companyId = author.companyId;
    const token = (await loginInto(server.base, '13800000002', companyId)).access_token;
    admin = templateClient(server.base, token);
    adminZh = templateClient(server.base, token, 'zh');
    let phone = 13800001201;
    for (const [who, role] of [
      ['user', 'sealUser'],
      ['clerk', 'employee'],
      ['keeper', 'employee'],
      ['manager', 'sealManager'],
    ] as const) {
      const number = String(phone++);
      const id = await addUser(server.database, {
        phone: number,
        company: { id: companyId, role },
      });
      const session = await loginInto(server.base, number, companyId);
      members[who] = { id, client: templateClient(server.base, session.access_token) };
    }
    sealId = await newSeal('Authorised seal');
    otherSealId = await newSeal('Another seal');
  });

  it('moves an authorisation through its states as China’s days pass, both dates included', async () => {
    const granted = await authorize(admin, { granteeIds: [String(members.user!.id)] });
    expect(granted.status, granted.body.msg).toBe(200);
    expect(granted.body.data).toHaveLength(1);
    expect(granted.body.data[0]).toMatchObject({
      sealId,
      sealName: 'Authorised seal',
      right: 'use',
      staffRange: 'specified',
      grantee: { id: String(members.user!.id), phone: '13800001201' },
      contractRange: 'all',
      template: null,
      startDate: '2026-06-10',
      endDate: '2026-06-30',
      state: 'notYetEffective',
    });
    const steps: [string, string][] = [
      ['2026-06-09T23:59:59', 'notYetEffective'],
      // Still 9 June in UTC, already 10 June in China.
      ['2026-06-10T00:00:00', 'normal'],
      ['2026-06-23T23:59:59', 'normal'],
      // Seven days left, the end day included.
      ['2026-06-24T00:00:00', 'expiringSoon'],
      ['2026-06-30T23:59:59', 'expiringSoon'],
    ];
    for (const [moment, state] of steps) {
      now = china(moment);
      expect(
        (await mine('user')).map((authorization) => authorization.state),
        moment,
      ).toEqual([state]);
    }
    now = china('2026-07-01T00:00:00');
    expect(await mine('user')).toEqual([]);
    expect(
      (await detail(sealId)).authorizations.map((authorization) => authorization.state),
    ).toEqual(['expired']);

    const renewed = await admin.post<SealAuthorization>('companySealReauthorize', {
      id: granted.body.data[0]!.id,
      startDate: '2026-07-01',
      endDate: '2026-12-31',
    });
    expect(renewed.status, renewed.body.msg).toBe(200);
    expect(renewed.body.data).toMatchObject({ state: 'normal', endDate: '2026-12-31' });
    expect((await mine('user')).map((authorization) => authorization.id)).toEqual([
      granted.body.data[0]!.id,
    ]);
    const told = await messagesOf(members.user!.id);
    expect(told).toHaveLength(2);
    expect(told[0]!.content).toContain('Authorised seal');
    expect(told[0]!.content).toContain('2026-06-10');
    expect(told[1]!.content).toContain('2026-12-31');
    expect(String(told[1]!.company_id)).toBe(String(companyId));

    const revoked = await admin.post('companySealRevoke', { id: granted.body.data[0]!.id });
    expect(revoked.status).toBe(200);
    expect(await mine('user')).toEqual([]);
    expect((await detail(sealId)).authorizations).toEqual([]);
    const again = await admin.post('companySealRevoke', { id: granted.body.data[0]!.id });
    expect(again.status).toBe(404);
  });

  it('covers all staff with one authorisation and tells every member; specified staff get one each', async () => {
    now = china('2026-07-01T09:00:00');
    const before = await messagesOf(members.clerk!.id);
    const all = await authorize(admin, {
      staffRange: 'all',
      startDate: '2026-07-01',
      endDate: '2026-07-31',
    });
    expect(all.status, all.body.msg).toBe(200);
    expect(all.body.data).toHaveLength(1);
    expect(all.body.data[0]).toMatchObject({ staffRange: 'all', grantee: null, state: 'normal' });
    for (const who of ['user', 'clerk', 'keeper', 'manager']) {
      expect((await mine(who)).map((authorization) => authorization.id)).toContain(
        all.body.data[0]!.id,
      );
    }
    expect(await messagesOf(members.clerk!.id)).toHaveLength(before.length + 1);
    await admin.post('companySealRevoke', { id: all.body.data[0]!.id });

    const two = await authorize(admin, {
      granteeIds: [members.clerk!.id, String(members.keeper!.id), members.clerk!.id],
      startDate: '2026-07-01',
      endDate: '2026-07-31',
    });
    expect(two.body.data.map((authorization) => authorization.grantee!.id).sort()).toEqual(
      [String(members.clerk!.id), String(members.keeper!.id)].sort(),
    );
    expect((await mine('user')).map((authorization) => authorization.id)).not.toContain(
      two.body.data[0]!.id,
    );
    for (const authorization of two.body.data) {
      await admin.post('companySealRevoke', { id: authorization.id });
    }
  });

  it('limits an authorisation to one template of the company', async () => {
    now = china('2026-07-01T09:00:00');
    const author = await demoAuthor(server);
    const templateId = await author.newTemplate('Lease of rooms');
    const missing = await authorize(admin, {
      granteeIds: [members.user!.id],
      contractRange: 'template',
      startDate: '2026-07-01',
      endDate: '2026-07-31',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('Please choose the template');
    const made = await authorize(admin, {
      granteeIds: [members.user!.id],
      contractRange: 'template',
      templateId,
      startDate: '2026-07-01',
      endDate: '2026-07-31',
    });
    expect(made.status, made.body.msg).toBe(200);
    expect(made.body.data[0]).toMatchObject({
      contractRange: 'template',
      template: { id: templateId, name: 'Lease of rooms' },
    });
    expect(made.body.data[0]!.grantedBy.id).toBe(String(author.adminId));

    // A template of another company is not this company's to name.
    const otherCompany = await addCompany(server.database, { name: 'Template Owners Ltd.' });
    const [theirs] = await server.database.query<{ id: string }>(
      `INSERT INTO templates (tenant_id, company_id, creator_user_id, document_id, name, page_sizes, project)
       SELECT tenant_id, $1, creator_user_id, document_id, 'Their lease', page_sizes, project
       FROM templates WHERE id = $2 RETURNING id`,
      [otherCompany, templateId],
    );
    const foreign = await authorize(admin, {
      granteeIds: [members.user!.id],
      contractRange: 'template',
      templateId: theirs!.id,
      startDate: '2026-07-01',
      endDate: '2026-07-31',
    });
    expect(foreign.status).toBe(404);
    await admin.post('companySealRevoke', { id: made.body.data[0]!.id });
  });

  it('lets the holder of a manage authorisation edit and authorise that seal only', async () => {
    now = china('2026-07-01T09:00:00');
    const keeper = members.keeper!.client;
    const rename = (id: string, name: string) =>
      keeper.post<CompanySeal>('companySealUpdate', { ...contractSeal(name), id });
    // Before it starts, the right is not there yet.
    const early = await authorize(admin, {
      right: 'manage',
      granteeIds: [members.keeper!.id],
      startDate: '2026-07-02',
      endDate: '2026-07-31',
    });
    expect((await rename(sealId, 'Kept seal')).status).toBe(403);
    const use = await authorize(admin, {
      granteeIds: [members.keeper!.id],
      startDate: '2026-07-01',
      endDate: '2026-07-31',
    });
    const refused = await rename(sealId, 'Kept seal');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('No permission for now');

    now = china('2026-07-02T09:00:00');
    const renamed = await rename(sealId, 'Kept seal');
    expect(renamed.status, renamed.body.msg).toBe(200);
    expect(renamed.body.data.can).toEqual({
      edit: true,
      authorize: true,
      remove: false,
      approve: false,
    });
    expect((await keeper.post('companySealStatus', { id: sealId, action: 'disuse' })).status).toBe(
      200,
    );
    expect((await keeper.post('companySealStatus', { id: sealId, action: 'enable' })).status).toBe(
      200,
    );
    const delegated = await authorize(keeper, {
      granteeIds: [members.clerk!.id],
      startDate: '2026-07-02',
      endDate: '2026-07-10',
    });
    expect(delegated.status, delegated.body.msg).toBe(200);
    const regranted = await keeper.post('companySealReauthorize', {
      id: delegated.body.data[0]!.id,
      startDate: '2026-07-02',
      endDate: '2026-07-20',
    });
    expect(regranted.status, regranted.body.msg).toBe(200);
    expect(
      (await keeper.post('companySealRevoke', { id: delegated.body.data[0]!.id })).status,
    ).toBe(200);

    // Not another seal, not deleting, not approving.
    expect((await rename(otherSealId, 'Taken')).status).toBe(403);
    expect(
      (
        await authorize(keeper, {
          sealId: otherSealId,
          granteeIds: [members.clerk!.id],
          startDate: '2026-07-02',
        })
      ).status,
    ).toBe(403);
    expect(
      (await keeper.post('companySealStatus', { id: otherSealId, action: 'disuse' })).status,
    ).toBe(403);
    const remove = await keeper.post('companySealRemove', { id: sealId });
    expect(remove.status).toBe(403);
    expect(remove.body.msg).toBe('No permission for now');
    const approve = await keeper.post('companySealStatus', { id: sealId, action: 'approve' });
    expect(approve.body.msg).toBe("Only the company's administrator can approve seals");

    // A use right never manages.
    const clerk = members.clerk!.client;
    await authorize(admin, {
      granteeIds: [members.clerk!.id],
      startDate: '2026-07-01',
      endDate: '2026-07-31',
    });
    expect(
      (await clerk.post('companySealUpdate', { ...contractSeal('Mine'), id: sealId })).status,
    ).toBe(403);
    for (const authorization of [...early.body.data, ...use.body.data]) {
      await admin.post('companySealRevoke', { id: authorization.id });
    }
    expect((await rename(sealId, 'Gone')).status).toBe(403);
  });

  it('refuses dates out of order, past or missing, in English and in Chinese', async () => {
    now = china('2026-07-15T00:30:00');
    const cases: [Record<string, unknown>, string, string][] = [
      // A date left out is the spec's message, as an empty one is.
      [{ startDate: undefined }, 'Authorization time required', '请选择授权时间'],
      [{ endDate: '' }, 'Authorization time required', '请选择授权时间'],
      [
        { startDate: '2026-02-30', endDate: '2026-07-31' },
        'Authorization time required',
        '请选择授权时间',
      ],
      [
        { startDate: '2026-07-20', endDate: '2026-07-19' },
        'The end date cannot be before the start date',
        '结束日期不能早于开始日期',
      ],
      // 14 July has ended in China though it is still 14 July in UTC.
      [
        { startDate: '2026-07-01', endDate: '2026-07-14' },
        'The end date has already passed',
        '结束日期已过',
      ],
    ];
    for (const [dates, en, zh] of cases) {
      const body = { granteeIds: [members.user!.id], ...dates };
      const english = await authorize(admin, body);
      expect(english.status, JSON.stringify(dates)).toBe(400);
      expect(english.body.msg).toContain(en);
      expect((await authorize(adminZh, body)).body.msg).toContain(zh);
    }
    const today = await authorize(admin, {
      granteeIds: [members.user!.id],
      startDate: '2026-07-15',
      endDate: '2026-07-15',
    });
    expect(today.body.data[0]!.state).toBe('expiringSoon');
    const back = await admin.post('companySealReauthorize', {
      id: today.body.data[0]!.id,
      startDate: '2026-07-10',
      endDate: '2026-07-14',
    });
    expect(back.body.msg).toBe('The end date has already passed');
    await admin.post('companySealRevoke', { id: today.body.data[0]!.id });
  });

  it('authorises only active staff of the company, and only a seal in normal use', async () => {
    now = china('2026-07-15T09:00:00');
    const outsider = await addUser(server.database, { phone: '13800001299' });
    const none = await authorize(admin, {
      granteeIds: [],
      startDate: '2026-07-15',
      endDate: '2026-07-31',
    });
    expect(none.body.msg).toBe('Please choose the staff to authorise');
    const notStaff = await authorize(admin, {
      granteeIds: [members.user!.id, outsider],
      startDate: '2026-07-15',
      endDate: '2026-07-31',
    });
    expect(notStaff.status).toBe(400);
    expect(notStaff.body.msg).toBe('Only active staff of the company can be authorised');
    await server.database.query(
      "UPDATE company_members SET status = 'forbidden' WHERE company_id = $1 AND user_id = $2",
      [companyId, members.clerk!.id],
    );
    const forbidden = await authorize(adminZh, {
      granteeIds: [members.clerk!.id],
      startDate: '2026-07-15',
      endDate: '2026-07-31',
    });
    expect(forbidden.body.msg).toBe('只能授权给本企业的在职员工');
    await server.database.query(
      "UPDATE company_members SET status = 'active' WHERE company_id = $1 AND user_id = $2",
      [companyId, members.clerk!.id],
    );

    await admin.post('companySealStatus', { id: otherSealId, action: 'disuse' });
    const disused = await authorize(admin, {
      sealId: otherSealId,
      granteeIds: [members.user!.id],
      startDate: '2026-07-15',
      endDate: '2026-07-31',
    });
    expect(disused.status).toBe(400);
    expect(disused.body.msg).toBe('Only a seal in normal use can be authorised');
    const pending = await members.manager!.client.post<CompanySeal>(
      'companySealCreate',
      contractSeal('Awaiting seal'),
    );
    expect(
      (
        await authorize(admin, {
          sealId: pending.body.data.id,
          staffRange: 'all',
          startDate: '2026-07-15',
          endDate: '2026-07-31',
        })
      ).body.msg,
    ).toBe('Only a seal in normal use can be authorised');
    const employee = await authorize(members.clerk!.client, {
      granteeIds: [members.user!.id],
      startDate: '2026-07-15',
      endDate: '2026-07-31',
    });
    expect(employee.status).toBe(403);
    expect(employee.body.msg).toBe('No permission for now');
  });
});
