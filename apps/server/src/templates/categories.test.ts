import type {
  CategoryGrant,
  CategorySaved,
  MemberCategoryRight,
  Page,
  StaffMember,
  TemplateCategory,
  TemplateDetail,
  TemplateListPage,
} from '@esign/platform';
import type { TemplateProject } from '@esign/template-editor/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCompany, addUser, loginInto, switchConsole } from '../test-support/companies';
import { addDocument } from '../test-support/ready-documents';
import { BACKENDS, login, requestToken, useTestServer } from '../test-support/server';
import {
  TWO_PARTIES,
  demoAuthor,
  designedProject,
  templateClient,
  type DemoAuthor,
  type TemplateClient as Client,
} from '../test-support/templates';

const ADMIN = '13800000002';
const PERSON = '13800000001';

/** Signs a user of any tenant in by password and into a company; gives the company session. */
async function signInto(base: string, phone: string, tenantId: string, companyId: number) {
  const signedIn = await requestToken(base, {
    grant_type: 'password',
    tenant_id: tenantId,
    username: phone,
    password: 'Demo12345',
  });
  const { access_token } = (await signedIn.json()) as { access_token: string };
  const switched = await switchConsole(base, access_token, companyId);
  return (await switched.json()) as { access_token: string };
}

describe.each(BACKENDS)('template categories and rights on $name', (backend) => {
  const server = useTestServer(backend);
  let companyId: number;
  let adminId: number;
  let admin: Client;
  let adminZh: Client;
  let author: DemoAuthor;
  /** Members of the demo company: one with no grant, one to be given use, one manage. */
  const members: Record<'none' | 'user' | 'manager', { id: number; client: Client }> = {} as never;

  beforeAll(async () => {
    author = await demoAuthor(server);
    ({ companyId, adminId, admin, adminZh } = author);
    const phones = { none: '13900000101', user: '13900000102', manager: '13900000103' };
    for (const [key, phone] of Object.entries(phones) as [keyof typeof phones, string][]) {
      const id = await addUser(server.database, {
        phone,
        company: { id: companyId, role: 'employee' },
      });
      await server.database.query('UPDATE users SET name = $1 WHERE id = $2', [
        `Member ${key}`,
        id,
      ]);
      const member = await loginInto(server.base, phone, companyId);
      members[key] = { id, client: templateClient(server.base, member.access_token) };
    }
  });

  const saveCategory = async (name: string) => {
    const saved = await admin.post<CategorySaved>('categorySave', { name });
    expect(saved.status).toBe(200);
    return saved.body.data.id;
  };

  const createTemplate = (client: Client, name: string, classifyId?: string) =>
    author.newTemplate(name, { classifyId, client });

  const grant = (classifyId: string, userId: number, right: 'use' | 'manage' | 'none') =>
    admin.post('categoryGrant', { grants: [{ classifyId, userId, right }] });

  const visibleTo = async (client: Client) =>
    (await client.get<TemplateListPage>('templatePage', { size: 100 })).body.data.records.map(
      (record) => record.name,
    );

  it('saves, renames and removes categories, with the spec’s name rules', async () => {
    const id = await saveCategory('Leases');
    expect((await admin.post('categorySave', { name: 'leases' })).body.msg).toBe(
      'Name must be unique',
    );
    const tooLong = await admin.post('categorySave', { name: 'x'.repeat(21) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.msg).toBe(
      'name: Category name length is too long, not more than 20 characters',
    );
    expect((await adminZh.post('categorySave', { name: 'x'.repeat(21) })).body.msg).toBe(
      'name: 分类名称过长，不能超过 20 个字符',
    );
    expect((await admin.post('categorySave', { name: '   ' })).body.msg).toBe(
      'name: The category name cannot be empty',
    );
    expect((await admin.post('categorySave', { name: '二十个字以内的中文分类名称' })).status).toBe(
      200,
    );

    expect((await admin.post('categoryRename', { id, name: 'Rentals' })).body.data).toEqual({
      id,
      name: 'Rentals',
    });
    await saveCategory('Sales');
    expect((await admin.post('categoryRename', { id, name: 'SALES' })).body.msg).toBe(
      'Name must be unique',
    );

    // A category that holds templates stays until they are moved out.
    const template = await createTemplate(admin, 'Flat rental', id);
    const held = await admin.post('categoryRemove', { id });
    expect(held.status).toBe(400);
    expect(held.body.msg).toBe(
      'This category still holds templates: move them to another category first',
    );
    expect((await adminZh.post('categoryRemove', { id })).body.msg).toBe(
      '该分类下仍有模板，请先将模板移出再删除',
    );
    const page = await admin.get<Page<TemplateCategory>>('categoryUserPage', { name: 'rent' });
    expect(page.body.data.records).toEqual([
      expect.objectContaining({ id, name: 'Rentals', right: 'manage', templateCount: 1 }),
    ]);
    expect((await admin.post('categoryUnfile', { templateIds: [template] })).status).toBe(200);
    expect((await admin.post('categoryRemove', { id })).status).toBe(200);
    expect((await admin.post('categoryRename', { id, name: 'Gone' })).status).toBe(404);
  });

  it('lets only the administrator change categories and grants', async () => {
    const id = await saveCategory('Admin only');
    const member = members.manager.client;
    const refused = await member.post('categorySave', { name: 'Mine' });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('No permission for now');
    await grant(id, members.manager.id, 'manage');
    expect((await member.post('categoryRename', { id, name: 'Renamed' })).status).toBe(403);
    expect((await member.post('categoryRemove', { id })).status).toBe(403);
    expect((await member.get('categoryGrants', { classifyId: id })).status).toBe(403);
    expect(
      (
        await member.post('categoryGrant', {
          grants: [{ classifyId: id, userId: members.none.id, right: 'use' }],
        })
      ).status,
    ).toBe(403);
    expect((await member.post('staffList', {})).status).toBe(403);
    await grant(id, members.manager.id, 'none');
  });

  it('shows, uses and changes a category’s templates by the member’s grant', async () => {
    const classifyId = await saveCategory('Confidential');
    const secret = await createTemplate(admin, 'Secret deal', classifyId);
    const open = await createTemplate(admin, 'Open letter');

    // No grant: the category's templates do not exist for the member; uncategorised ones do.
    const none = members.none.client;
    expect(await visibleTo(none)).toContain('Open letter');
    expect(await visibleTo(none)).not.toContain('Secret deal');
    for (const attempt of [
      none.get('templateDetail', { id: secret }),
      none.get('templateFieldDetail', { id: secret }),
      none.post('templateEdit', { id: secret, project: {} }),
      none.post('templateUpdateStatus', { id: secret, status: 0 }),
      none.post('templatePreviewTicket', { id: secret }),
      none.post('templateRemove', undefined, { ids: secret }),
      none.get('categoryTemplates', { classifyId }),
    ]) {
      const answer = await attempt;
      expect(answer.status).toBe(403);
      expect(answer.body.msg).toBe('No permission for now');
    }
    expect((await none.get<Page<TemplateCategory>>('categoryUserPage')).body.data.records).toEqual(
      [],
    );
    // Every member uses an uncategorised template; its creator and the administrator manage it.
    expect((await none.get('templateDetail', { id: open })).status).toBe(200);
    expect((await none.post('templateUpdateStatus', { id: open, status: 0 })).status).toBe(403);

    // use: sees and previews, cannot change.
    await grant(classifyId, members.user.id, 'use');
    const user = members.user.client;
    const listed = await user.get<TemplateListPage>('templatePage', { classifyId });
    expect(listed.body.data.records).toEqual([
      expect.objectContaining({ name: 'Secret deal', right: 'use', classifyName: 'Confidential' }),
    ]);
    const seen = await user.get<TemplateDetail<TemplateProject>>('templateDetail', { id: secret });
    expect(seen.status).toBe(200);
    expect((await user.post('templatePreviewTicket', { id: secret })).status).toBe(200);
    expect((await user.get('categoryTemplates', { classifyId })).status).toBe(200);
    const project = designedProject(seen.body.data.project);
    for (const attempt of [
      user.post('templateEdit', { id: secret, project }),
      user.post('templateUpdateStatus', { id: secret, status: 0 }),
      user.post('templateEditComponents', { id: secret, participants: TWO_PARTIES }),
      user.post('templateRemove', undefined, { ids: secret }),
    ]) {
      expect((await attempt).status).toBe(403);
    }
    expect((await user.get<Page<TemplateCategory>>('categoryUserPage')).body.data.records).toEqual([
      expect.objectContaining({ id: classifyId, right: 'use', templateCount: 1 }),
    ]);

    // manage: also edits, enables and files templates in the category.
    await grant(classifyId, members.manager.id, 'manage');
    const manager = members.manager.client;
    expect((await manager.post('templateEdit', { id: secret, project })).status).toBe(200);
    expect((await manager.post('templateUpdateStatus', { id: secret, status: 1 })).status).toBe(
      200,
    );
    const own = await createTemplate(manager, 'Manager’s own', classifyId);
    expect((await manager.get<TemplateDetail>('templateDetail', { id: own })).body.data.right).toBe(
      'manage',
    );
    // The member may not file the administrator's uncategorised template away from everyone.
    expect((await manager.post('categoryFile', { classifyId, templateIds: [open] })).status).toBe(
      403,
    );
    // Creating in a category needs manage on it.
    const useOnly = await user.post('templateSaveInfo', {
      name: 'Not allowed',
      classifyId,
      documentId: await addDocument(server.database, server.files, { userId: adminId, companyId }),
      participants: TWO_PARTIES,
    });
    expect(useOnly.status).toBe(403);

    // A grant taken away hides the templates again; the creator keeps their own.
    await grant(classifyId, members.manager.id, 'none');
    expect((await manager.get('templateDetail', { id: secret })).status).toBe(403);
    expect((await manager.get('templateDetail', { id: own })).status).toBe(200);
  });

  it('files templates in categories and takes them out', async () => {
    const from = await saveCategory('Inbox');
    const to = await saveCategory('Archive');
    const one = await createTemplate(admin, 'Filed one', from);
    const two = await createTemplate(admin, 'Filed two');
    expect(
      (await admin.post('categoryFile', { classifyId: to, templateIds: [one, two] })).status,
    ).toBe(200);
    const filed = await admin.get<TemplateListPage>('categoryTemplates', { classifyId: to });
    expect(filed.body.data.records.map((record) => record.name).sort()).toEqual([
      'Filed one',
      'Filed two',
    ]);
    expect(
      (await admin.get<TemplateListPage>('categoryTemplates', { classifyId: from })).body.data
        .total,
    ).toBe(0);
    expect((await admin.post('categoryUnfile', { templateIds: [one] })).status).toBe(200);
    expect(
      (await admin.get<TemplateDetail>('templateDetail', { id: one })).body.data.classifyId,
    ).toBeNull();
    expect((await admin.post('categoryFile', { classifyId: to, templateIds: [] })).status).toBe(
      400,
    );
  });

  it('lists and sets grants per category and per member', async () => {
    const classifyId = await saveCategory('Granted');
    await admin.post('categoryGrant', {
      grants: [
        { classifyId, userId: members.user.id, right: 'use' },
        { classifyId, userId: members.manager.id, right: 'manage' },
      ],
    });
    const grants = await admin.get<Page<CategoryGrant>>('categoryGrants', { classifyId });
    expect(grants.body.data.records).toEqual([
      expect.objectContaining({
        userId: String(members.user.id),
        name: 'Member user',
        right: 'use',
      }),
      expect.objectContaining({ userId: String(members.manager.id), right: 'manage' }),
    ]);
    const grantable = await admin.get<StaffMember[]>('categoryGrantableMembers', { classifyId });
    expect(grantable.body.data.map((member) => member.name)).toEqual(['Member none']);
    const searched = await admin.get<StaffMember[]>('categoryGrantableMembers', {
      classifyId,
      keyword: '0101',
    });
    expect(searched.body.data.map((member) => member.phone)).toEqual(['13900000101']);

    const rights = await admin.get<MemberCategoryRight[]>('categoryMemberRights', {
      userId: members.user.id,
    });
    expect(rights.body.data).toContainEqual({ classifyId, classifyName: 'Granted', right: 'use' });
    // Every category of the company is listed, those without a grant with none.
    const ungranted = await saveCategory('Not granted');
    expect(
      (await admin.get<MemberCategoryRight[]>('categoryMemberRights', { userId: members.user.id }))
        .body.data,
    ).toContainEqual({ classifyId: ungranted, classifyName: 'Not granted', right: null });

    // Someone outside the company is not a member to grant to.
    const outsider = await addUser(server.database, { phone: '13900000199' });
    expect((await grant(classifyId, outsider, 'use')).status).toBe(404);
    expect((await admin.get('categoryMemberRights', { userId: outsider })).status).toBe(404);
    const bad = await admin.post('categoryGrant', {
      grants: [{ classifyId, userId: members.user.id, right: 'owner' }],
    });
    expect(bad.status).toBe(400);
  });

  it('lists the company’s staff by name or phone, a page at a time', async () => {
    const all = await admin.post<Page<StaffMember>>('staffList', { current: 1, size: 2 });
    expect(all.body.data.total).toBe(4);
    expect(all.body.data.records[0]).toMatchObject({
      id: String(adminId),
      name: 'Demo Admin',
      phone: ADMIN,
      role: 'admin',
    });
    expect(all.body.data.records).toHaveLength(2);
    const found = await admin.post<Page<StaffMember>>('staffList', { keyword: 'member m' });
    expect(found.body.data.records.map((member) => member.name)).toEqual(['Member manager']);
    const byPhone = await admin.post<Page<StaffMember>>('staffList', { keyword: '0000010' });
    expect(byPhone.body.data.total).toBe(3);
    const { access_token } = await login(server.base, PERSON);
    const personal = await templateClient(server.base, access_token).post<Page<StaffMember>>(
      'staffList',
      {},
    );
    expect(personal.body.data).toEqual({ records: [], total: 0, current: 1, size: 10 });
  });

  it('never lets templates or categories cross companies or tenants', async () => {
    const classifyId = await saveCategory('Ours');
    const template = await createTemplate(admin, 'Ours only', classifyId);
    for (const tenantId of ['000000', '000777']) {
      const otherCompany = await addCompany(server.database, {
        name: `Rival ${tenantId}`,
        tenantId,
      });
      const phone = tenantId === '000000' ? '13900000201' : '13900000202';
      const otherAdmin = await addUser(server.database, {
        phone,
        tenantId,
        company: { id: otherCompany, role: 'admin' },
      });
      const session = await signInto(server.base, phone, tenantId, otherCompany);
      const rival = templateClient(server.base, session.access_token);
      const documentId = await addDocument(server.database, server.files, {
        tenantId,
        userId: otherAdmin,
        companyId: otherCompany,
      });
      for (const attempt of [
        rival.get('templateDetail', { id: template }),
        rival.get('templateComponents', { id: template }),
        rival.post('templateEdit', { id: template, project: {} }),
        rival.post('templateUpdateStatus', { id: template, status: 0 }),
        rival.post('templatePreviewTicket', { id: template }),
        rival.post('templateRemove', undefined, { ids: template }),
        rival.post('templateSaveInfo', {
          name: 'Theirs',
          classifyId,
          documentId,
          participants: TWO_PARTIES,
        }),
        rival.post('categoryRename', { id: classifyId, name: 'Taken' }),
        rival.post('categoryRemove', { id: classifyId }),
        rival.get('categoryTemplates', { classifyId }),
        rival.post('categoryFile', { classifyId, templateIds: [template] }),
        rival.get('categoryGrants', { classifyId }),
        rival.post('categoryGrant', {
          grants: [{ classifyId, userId: otherAdmin, right: 'manage' }],
        }),
      ]) {
        const answer = await attempt;
        expect(answer.status).toBe(404);
      }
      expect(await visibleTo(rival)).toEqual([]);
      // Our document is not theirs to draw on either.
      const ours = await addDocument(server.database, server.files, { userId: adminId, companyId });
      const borrowed = await rival.post('templateSaveInfo', {
        name: 'Borrowed',
        documentId: ours,
        participants: TWO_PARTIES,
      });
      expect(borrowed.status).toBe(404);
      // The same names are free in another company.
      expect((await rival.post('categorySave', { name: 'Ours' })).status).toBe(200);
    }
    expect((await admin.get('templateDetail', { id: template })).status).toBe(200);
  });
});
