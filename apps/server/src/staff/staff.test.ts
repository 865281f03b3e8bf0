import {
  CODES,
  PATHS,
  type BuiltinRole,
  type EntryApplyInfo,
  type MyStaffRequests,
  type OutboxMessage,
  type Page,
  type StaffListItem,
  type StaffRejectReason,
  type StaffRequest,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db';
import { register, withQuery } from '../test-support/account';
import { addCompany, addUser, loginInto } from '../test-support/companies';
import { addContract } from '../test-support/contracts';
import { addDocument } from '../test-support/ready-documents';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';

/** A signed-in session's calls. */
function client(base: string, token: string) {
  return {
    post: <T = unknown>(path: string, body: unknown = {}) =>
      call<T>(base, 'POST', path, { token, body }),
    get: <T = unknown>(path: string, query: Record<string, string> = {}) =>
      call<T>(base, 'GET', Object.keys(query).length ? withQuery(path, query) : path, { token }),
  };
}
type Client = ReturnType<typeof client>;

async function roleId(database: Database, companyId: number, builtin: BuiltinRole) {
  const [row] = await database.query<{ id: string }>(
    'SELECT id FROM company_roles WHERE company_id = $1 AND builtin = $2',
    [companyId, builtin],
  );
  return Number(row!.id);
}

/** Adds a custom role to a company and gives it to a member. */
async function customRole(
  database: Database,
  companyId: number,
  name: string,
  grants: string[],
  holder?: number,
): Promise<number> {
  const [row] = await database.query<{ id: string }>(
    `INSERT INTO company_roles (company_id, name, grants) VALUES ($1, $2, $3::text[]) RETURNING id`,
    [companyId, name, grants],
  );
  if (holder) {
    await database.query(
      'UPDATE company_members SET role_id = $3 WHERE company_id = $1 AND user_id = $2',
      [companyId, holder, row!.id],
    );
  }
  return Number(row!.id);
}

async function membership(database: Database, companyId: number, userId: number) {
  const [row] = await database.query<{ role_id: string; status: string }>(
    'SELECT role_id, status FROM company_members WHERE company_id = $1 AND user_id = $2',
    [companyId, userId],
  );
  return row ? { roleId: Number(row.role_id), status: row.status } : null;
}

describe.each(BACKENDS)('staff on $name', (backend) => {
  const server = useTestServer(backend);
  const PHONES = {
    admin: '13900000601',
    member: '13900000602',
    colleague: '13900000603',
    editor: '13900000604',
    auditor: '13900000605',
    otherAdmin: '13900000611',
    otherMember: '13900000612',
    person: '13900000621',
  };
  let company: number;
  let other: number;
  let ids: Record<keyof typeof PHONES, number>;
  let admin: Client;
  let otherAdmin: Client;

  beforeAll(async () => {
    const { database, base } = server;
    company = await addCompany(database, { name: 'Staff Test Co., Ltd.' });
    other = await addCompany(database, { name: 'Other Staff Co., Ltd.' });
    ids = {
      admin: await addUser(database, {
        phone: PHONES.admin,
        company: { id: company, role: 'admin' },
      }),
      member: await addUser(database, {
        phone: PHONES.member,
        company: { id: company, role: 'employee' },
      }),
      colleague: await addUser(database, {
        phone: PHONES.colleague,
        company: { id: company, role: 'employee' },
      }),
      editor: await addUser(database, {
        phone: PHONES.editor,
        company: { id: company, role: 'employee' },
      }),
      auditor: await addUser(database, {
        phone: PHONES.auditor,
        company: { id: company, role: 'employee' },
      }),
      otherAdmin: await addUser(database, {
        phone: PHONES.otherAdmin,
        company: { id: other, role: 'admin' },
      }),
      otherMember: await addUser(database, {
        phone: PHONES.otherMember,
        company: { id: other, role: 'employee' },
      }),
      person: await addUser(database, { phone: PHONES.person }),
    };
    // A custom role that may edit staff and holds what an employee holds, nothing about seals.
    await customRole(
      database,
      company,
      'Staff editor',
      [
        'staff:view',
        'staff:edit',
        'company:view',
        'template:view',
        'template:add',
        'contract:launch',
        'counterpart:view',
      ],
      ids.editor,
    );
    // A custom role that may only view the staff list.
    await customRole(database, company, 'Staff viewer', ['staff:view'], ids.auditor);
    admin = client(base, (await loginInto(base, PHONES.admin, company)).access_token);
    otherAdmin = client(base, (await loginInto(base, PHONES.otherAdmin, other)).access_token);
  });

  it('lists the members with their role, status and joined time, by name or phone, a page at a time', async () => {
    const page = await admin.post<Page<StaffListItem>>(PATHS.staffList, { current: 1, size: 2 });
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(5);
    expect(page.body.data.records).toHaveLength(2);
    expect(page.body.data.records[0]).toMatchObject({
      id: String(ids.admin),
      phone: PHONES.admin,
      role: 'admin',
      roleBuiltin: 'admin',
      status: 'active',
    });
    expect(page.body.data.records[0]!.joinedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const byPhone = await admin.post<Page<StaffListItem>>(PATHS.staffList, {
      keyword: PHONES.editor.slice(-4),
    });
    expect(byPhone.body.data.records).toHaveLength(1);
    expect(byPhone.body.data.records[0]).toMatchObject({
      roleBuiltin: null,
      roleName: 'Staff editor',
    });
    // Company B's administrator never sees company A's people.
    const theirs = await otherAdmin.post<Page<StaffListItem>>(PATHS.staffList, {});
    expect(theirs.body.data.records.map((row) => row.phone).sort()).toEqual([
      PHONES.otherAdmin,
      PHONES.otherMember,
    ]);
    // The personal console has no staff.
    const personal = client(server.base, (await login(server.base, PHONES.admin)).access_token);
    const empty = await personal.post<Page<StaffListItem>>(PATHS.staffList, {});
    expect(empty.body.data).toEqual({ records: [], total: 0, current: 1, size: 10 });
    expect((await personal.post(PATHS.staffForbid, { userId: ids.member })).status).toBe(400);
  });

  it('moves a member to another role, refusing the administrator role, the administrator, oneself and other companies', async () => {
    const { database } = server;
    const sealUser = await roleId(database, company, 'sealUser');
    const ok = await admin.post(PATHS.staffSetRole, { userId: ids.member, roleId: sealUser });
    expect(ok.status).toBe(200);
    expect((await membership(database, company, ids.member))!.roleId).toBe(sealUser);

    const adminRole = await roleId(database, company, 'admin');
    const giveAdmin = await admin.post(PATHS.staffSetRole, {
      userId: ids.member,
      roleId: adminRole,
    });
    expect(giveAdmin.status).toBe(400);
    expect(giveAdmin.body.msg).toMatch(/administrator transfer/);
    // The last (only) administrator cannot demote themselves.
    const demote = await admin.post(PATHS.staffSetRole, { userId: ids.admin, roleId: sealUser });
    expect(demote.status).toBe(400);
    expect((await membership(database, company, ids.admin))!.roleId).toBe(adminRole);

    // Company B's administrator names company A's member, or company A's role: 404, no change.
    const otherSealUser = await roleId(database, other, 'sealUser');
    const employee = await roleId(database, company, 'employee');
    const crossMember = await otherAdmin.post(PATHS.staffSetRole, {
      userId: ids.member,
      roleId: otherSealUser,
    });
    expect(crossMember.status).toBe(404);
    const crossRole = await admin.post(PATHS.staffSetRole, {
      userId: ids.member,
      roleId: await roleId(database, other, 'employee'),
    });
    expect(crossRole.status).toBe(404);
    expect((await membership(database, company, ids.member))!.roleId).toBe(sealUser);

    // A custom role with staff:edit may give roles within its own grants only, never to itself.
    const editor = client(
      server.base,
      (await loginInto(server.base, PHONES.editor, company)).access_token,
    );
    const beyond = await editor.post(PATHS.staffSetRole, {
      userId: ids.colleague,
      roleId: await roleId(database, company, 'sealManager'),
    });
    expect(beyond.status).toBe(403);
    const self = await editor.post(PATHS.staffSetRole, { userId: ids.editor, roleId: employee });
    expect(self.status).toBe(400);
    const viewerRole = await customRole(database, company, 'Viewer only', ['staff:view']);
    const within = await editor.post(PATHS.staffSetRole, {
      userId: ids.colleague,
      roleId: viewerRole,
    });
    expect(within.status).toBe(200);
    await admin.post(PATHS.staffSetRole, { userId: ids.colleague, roleId: employee });
    // A custom role without staff:edit may not change roles at all.
    const viewer = client(
      server.base,
      (await loginInto(server.base, PHONES.auditor, company)).access_token,
    );
    const refused = await viewer.post(PATHS.staffSetRole, {
      userId: ids.member,
      roleId: employee,
    });
    expect(refused.status).toBe(403);
    expect((await membership(database, company, ids.member))!.roleId).toBe(sealUser);
    await admin.post(PATHS.staffSetRole, { userId: ids.member, roleId: employee });
  });

  it('keeps one consistent role when set-role calls race', async () => {
    const { database } = server;
    const roles = await Promise.all(
      (['legal', 'sealUser', 'sealManager', 'employee'] as const).map((builtin) =>
        roleId(database, company, builtin),
      ),
    );
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        admin.post(PATHS.staffSetRole, { userId: ids.colleague, roleId: roles[index % 4] }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const rows = await database.query<{ role_id: string }>(
      'SELECT role_id FROM company_members WHERE company_id = $1 AND user_id = $2',
      [company, ids.colleague],
    );
    expect(rows).toHaveLength(1);
    expect(roles).toContain(Number(rows[0]!.role_id));
    const listed = await admin.post<Page<StaffListItem>>(PATHS.staffList, {
      keyword: PHONES.colleague,
    });
    expect(listed.body.data.records[0]!.roleId).toBe(String(rows[0]!.role_id));
    await admin.post(PATHS.staffSetRole, { userId: ids.colleague, roleId: roles[3] });
  });

  it('forbids a member, whose session in the company ends at once, and lets them back', async () => {
    const member = client(
      server.base,
      (await loginInto(server.base, PHONES.member, company)).access_token,
    );
    expect((await member.get(PATHS.myStaffRequests)).status).toBe(200);
    expect((await admin.post(PATHS.staffForbid, { userId: ids.member })).status).toBe(200);
    const ended = await member.get(PATHS.myStaffRequests);
    expect(ended.status).toBe(403);
    expect(ended.body.code).toBe(CODES.companyAccessEnded);
    const listed = await admin.post<Page<StaffListItem>>(PATHS.staffList, {
      status: 'forbidden',
    });
    expect(listed.body.data.records.map((row) => row.id)).toEqual([String(ids.member)]);
    expect((await admin.post(PATHS.staffForbid, { userId: ids.member })).status).toBe(409);

    // Never the administrator, never oneself, never another company's member.
    expect((await admin.post(PATHS.staffForbid, { userId: ids.admin })).status).toBe(400);
    expect((await otherAdmin.post(PATHS.staffUnforbid, { userId: ids.member })).status).toBe(404);
    expect((await membership(server.database, company, ids.member))!.status).toBe('forbidden');
    // Forbidding needs staff:forbid.
    const editor = client(
      server.base,
      (await loginInto(server.base, PHONES.editor, company)).access_token,
    );
    expect((await editor.post(PATHS.staffUnforbid, { userId: ids.member })).status).toBe(403);

    expect((await admin.post(PATHS.staffUnforbid, { userId: ids.member })).status).toBe(200);
    expect((await member.get(PATHS.myStaffRequests)).status).toBe(200);
    expect((await admin.post(PATHS.staffUnforbid, { userId: ids.member })).status).toBe(409);
  });

  it('invites a phone without an account: an SMS now, and the invitation once they register; they join in the chosen role', async () => {
    const { database, base } = server;
    const phone = '13900000631';
    const sealUser = await roleId(database, company, 'sealUser');
    const invited = await admin.post<{ id: string }>(PATHS.staffInvite, {
      phone,
      roleId: sealUser,
    });
    expect(invited.status).toBe(200);
    const outbox = await call<OutboxMessage[]>(base, 'GET', withQuery(PATHS.devOutbox, { phone }));
    expect(outbox.body.data[0]).toMatchObject({ purpose: 'staff-invite' });
    // Twice, a member, or into the administrator role: refused, clearly.
    const twice = await admin.post(PATHS.staffInvite, { phone });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toMatch(/pending invitation/);
    const member = await admin.post(PATHS.staffInvite, { phone: PHONES.member });
    expect(member.status).toBe(409);
    expect(member.body.msg).toMatch(/already belongs/);
    const asAdmin = await admin.post(PATHS.staffInvite, {
      phone: '13900000632',
      roleId: await roleId(database, company, 'admin'),
    });
    expect(asAdmin.status).toBe(400);
    const pending = await admin.post<Page<StaffRequest>>(PATHS.staffRequests, {
      kind: 'invitation',
    });
    expect(pending.body.data.records).toEqual([
      expect.objectContaining({ id: invited.body.data.id, phone, roleBuiltin: 'sealUser' }),
    ]);
    // Company B cannot withdraw company A's invitation.
    expect(
      (await otherAdmin.post(PATHS.staffCancelInvite, { requestId: invited.body.data.id })).status,
    ).toBe(404);

    const tokens = await register(base, phone, 'Invitee123');
    const invitee = client(base, tokens.access_token);
    const mine = await invitee.get<MyStaffRequests>(PATHS.myStaffRequests);
    expect(mine.body.data.invitations.map((row) => row.companyName)).toEqual([
      'Staff Test Co., Ltd.',
    ]);
    // Someone else cannot accept it.
    const stranger = client(base, (await login(base, PHONES.person)).access_token);
    expect(
      (await stranger.post(PATHS.staffAcceptInvite, { requestId: invited.body.data.id })).status,
    ).toBe(404);
    expect(
      (await invitee.post(PATHS.staffAcceptInvite, { requestId: invited.body.data.id })).status,
    ).toBe(200);
    const [user] = await database.query<{ id: string }>('SELECT id FROM users WHERE phone = $1', [
      phone,
    ]);
    expect(await membership(database, company, Number(user!.id))).toEqual({
      roleId: sealUser,
      status: 'active',
    });
    expect(
      (await invitee.post(PATHS.staffAcceptInvite, { requestId: invited.body.data.id })).status,
    ).toBe(409);
  });

  it('invites a registered person with a message; declining and expiry are final', async () => {
    const { database } = server;
    const invited = await admin.post<{ id: string }>(PATHS.staffInvite, {
      phone: PHONES.person,
    });
    expect(invited.status).toBe(200);
    const [note] = await database.query<{ redirect_type: number; content: string }>(
      `SELECT redirect_type, content FROM messages WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
      [ids.person],
    );
    expect(note).toMatchObject({ redirect_type: 1 });
    expect(note!.content).toMatch(/Staff Test Co/);
    const person = client(server.base, (await login(server.base, PHONES.person)).access_token);
    expect(
      (await person.post(PATHS.staffDeclineInvite, { requestId: invited.body.data.id })).status,
    ).toBe(200);
    expect(await membership(database, company, ids.person)).toBeNull();

    // An invitation past its expiry cannot be accepted; the phone may be invited again.
    const again = await admin.post<{ id: string }>(PATHS.staffInvite, { phone: PHONES.person });
    expect(again.status).toBe(200);
    await database.query(
      `UPDATE staff_requests SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [again.body.data.id],
    );
    const late = await person.post(PATHS.staffAcceptInvite, { requestId: again.body.data.id });
    expect(late.status).toBe(410);
    expect(late.body.msg).toMatch(/expired/);
    expect(await membership(database, company, ids.person)).toBeNull();
    const third = await admin.post<{ id: string }>(PATHS.staffInvite, { phone: PHONES.person });
    expect(third.status).toBe(200);
    expect(
      (await admin.post(PATHS.staffCancelInvite, { requestId: third.body.data.id })).status,
    ).toBe(200);
    expect(
      (await person.post(PATHS.staffAcceptInvite, { requestId: third.body.data.id })).status,
    ).toBe(409);
  });

  it('takes an application, rejected with a reason only the applicant reads, then approved into a role', async () => {
    const { database, base } = server;
    const person = client(base, (await login(base, PHONES.person)).access_token);
    const info = await person.get<EntryApplyInfo>(PATHS.entryApplyInfo, {
      keyword: 'staff test co., ltd.',
    });
    expect(info.body.data).toEqual({
      companyId: String(company),
      fullName: 'Staff Test Co., Ltd.',
      authStatus: 1,
      member: false,
      applied: false,
    });
    expect((await person.get(PATHS.entryApplyInfo, { keyword: 'Nobody Ltd.' })).status).toBe(404);
    await database.query('UPDATE companies SET credit_code = $2 WHERE id = $1', [
      company,
      '91310000MA1K000001',
    ]);
    const byCode = await person.get<EntryApplyInfo>(PATHS.entryApplyInfo, {
      keyword: '91310000ma1k000001',
    });
    expect(byCode.body.data.fullName).toBe('Staff Test Co., Ltd.');
    // Another company's empty credit code never matches an empty-looking search.
    expect((await person.get(PATHS.entryApplyInfo, { keyword: '' })).status).toBe(400);
    const applied = await person.post<{ id: string }>(PATHS.applyEntry, { companyId: company });
    expect(applied.status).toBe(200);
    expect((await person.post(PATHS.applyEntry, { companyId: company })).status).toBe(409);
    const [note] = await database.query<{ company_id: string; redirect_type: number }>(
      `SELECT company_id, redirect_type FROM messages WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
      [ids.admin],
    );
    expect({ ...note, company_id: Number(note!.company_id) }).toEqual({
      company_id: company,
      redirect_type: 1,
    });
    const listed = await admin.post<Page<StaffRequest>>(PATHS.staffRequests, {
      kind: 'application',
    });
    expect(listed.body.data.records.map((row) => row.phone)).toEqual([PHONES.person]);

    const requestId = applied.body.data.id;
    // Company B's administrator cannot decide it; a reason is required to reject.
    const cross = await otherAdmin.post(PATHS.staffAudit, {
      requestId,
      approve: false,
      reason: 'No',
    });
    expect(cross.status).toBe(404);
    const noReason = await admin.post(PATHS.staffAudit, { requestId, approve: false, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toMatch(/reason/);
    expect(
      (await admin.post(PATHS.staffAudit, { requestId, approve: false, reason: 'Unknown to us' }))
        .status,
    ).toBe(200);
    const reason = await person.get<StaffRejectReason>(PATHS.staffReason, { requestId });
    expect(reason.body.data.reason).toBe('Unknown to us');
    const someoneElse = client(base, (await login(base, PHONES.member)).access_token);
    expect((await someoneElse.get(PATHS.staffReason, { requestId })).status).toBe(404);
    expect(
      (await admin.post(PATHS.staffAudit, { requestId, approve: false, reason: 'Again' })).status,
    ).toBe(409);

    const second = await person.post<{ id: string }>(PATHS.applyEntry, { companyId: company });
    const legal = await roleId(database, company, 'legal');
    // Approving needs staff:audit, and never into the administrator role.
    const viewer = client(base, (await loginInto(base, PHONES.auditor, company)).access_token);
    expect(
      (
        await viewer.post(PATHS.staffAudit, {
          requestId: second.body.data.id,
          approve: true,
          roleId: legal,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await admin.post(PATHS.staffAudit, {
          requestId: second.body.data.id,
          approve: true,
          roleId: await roleId(database, company, 'admin'),
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await admin.post(PATHS.staffAudit, {
          requestId: second.body.data.id,
          approve: true,
          roleId: legal,
        })
      ).status,
    ).toBe(200);
    expect(await membership(database, company, ids.person)).toEqual({
      roleId: legal,
      status: 'active',
    });
    expect((await person.get(PATHS.staffReason, { requestId: second.body.data.id })).status).toBe(
      409,
    );
  });

  describe('deleting a member', () => {
    let leaver: number;
    let contracts: { signing: number; filling: number; completed: number; personal: number };
    let templateId: number;
    let categories: number[];

    beforeAll(async () => {
      const { database, files } = server;
      leaver = await addUser(database, {
        phone: '13900000641',
        company: { id: company, role: 'employee' },
      });
      contracts = {
        signing: await addContract(database, {
          companyId: company,
          initiator: leaver,
          status: 'signing',
        }),
        filling: await addContract(database, {
          companyId: company,
          initiator: leaver,
          status: 'filling',
        }),
        completed: await addContract(database, {
          companyId: company,
          initiator: leaver,
          status: 'completed',
        }),
        personal: await addContract(database, { initiator: leaver, status: 'signing' }),
      };
      const documentId = await addDocument(database, files, { userId: leaver, companyId: company });
      const [template] = await database.query<{ id: string }>(
        `INSERT INTO templates (tenant_id, company_id, creator_user_id, document_id, name,
           page_sizes, project)
         VALUES ('000000', $1, $2, $3, 'Leaver template', '[]'::jsonb, '{}'::jsonb) RETURNING id`,
        [company, leaver, documentId],
      );
      templateId = Number(template!.id);
      categories = [];
      for (const name of ['Sales', 'Purchase']) {
        const [row] = await database.query<{ id: string }>(
          `INSERT INTO template_categories (tenant_id, company_id, owner_user_id, name)
           VALUES ('000000', $1, $2, $3) RETURNING id`,
          [company, ids.admin, name],
        );
        categories.push(Number(row!.id));
      }
      // The leaver manages Sales and uses Purchase; the colleague already uses Sales.
      await database.query(
        `INSERT INTO template_category_grants (category_id, user_id, access)
         VALUES ($1, $3, 'manage'), ($2, $3, 'use'), ($1, $4, 'use')`,
        [categories[0], categories[1], leaver, ids.colleague],
      );
    });

    const initiators = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(contracts).map(async ([key, id]) => {
            const [row] = await server.database.query<{ initiator_user_id: string }>(
              'SELECT initiator_user_id FROM contracts WHERE id = $1',
              [id],
            );
            return [key, Number(row!.initiator_user_id)];
          }),
        ),
      );

    it('refuses the administrator, oneself, a bad colleague and another company, changing nothing', async () => {
      expect(
        (await admin.post(PATHS.staffDelete, { userId: ids.admin, transferTo: ids.colleague }))
          .status,
      ).toBe(400);
      expect(
        (await admin.post(PATHS.staffDelete, { userId: leaver, transferTo: leaver })).status,
      ).toBe(400);
      expect(
        (await admin.post(PATHS.staffDelete, { userId: leaver, transferTo: ids.otherMember }))
          .status,
      ).toBe(400);
      await admin.post(PATHS.staffForbid, { userId: ids.member });
      const toForbidden = await admin.post(PATHS.staffDelete, {
        userId: leaver,
        transferTo: ids.member,
      });
      expect(toForbidden.status).toBe(400);
      expect(toForbidden.body.msg).toMatch(/active colleague/);
      await admin.post(PATHS.staffUnforbid, { userId: ids.member });
      expect(
        (await otherAdmin.post(PATHS.staffDelete, { userId: leaver, transferTo: ids.otherMember }))
          .status,
      ).toBe(404);
      const editor = client(
        server.base,
        (await loginInto(server.base, PHONES.editor, company)).access_token,
      );
      expect(
        (await editor.post(PATHS.staffDelete, { userId: leaver, transferTo: ids.colleague }))
          .status,
      ).toBe(403);
      expect(await membership(server.database, company, leaver)).not.toBeNull();
      expect((await initiators()).signing).toBe(leaver);
    });

    it('changes nothing when the transfer fails half way', async () => {
      const { database } = server;
      await database.transaction((tx) =>
        tx.exec(`
        CREATE FUNCTION refuse_template_move() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'templates cannot move now'; END $$;
        CREATE TRIGGER refuse_template_move BEFORE UPDATE ON templates
          FOR EACH ROW EXECUTE FUNCTION refuse_template_move();`),
      );
      try {
        const failed = await admin.post(PATHS.staffDelete, {
          userId: leaver,
          transferTo: ids.colleague,
        });
        expect(failed.status).toBe(500);
      } finally {
        await database.transaction((tx) =>
          tx.exec(`DROP TRIGGER refuse_template_move ON templates;
            DROP FUNCTION refuse_template_move();`),
        );
      }
      // The contracts moved before the failure moved back.
      expect(await initiators()).toEqual({
        signing: leaver,
        filling: leaver,
        completed: leaver,
        personal: leaver,
      });
      expect(await membership(database, company, leaver)).not.toBeNull();
    });

    it('moves unfinished company contracts, company templates and category grants to the colleague', async () => {
      const { database, base } = server;
      const leaverSession = client(
        base,
        (await loginInto(base, '13900000641', company)).access_token,
      );
      const removed = await admin.post(PATHS.staffDelete, {
        userId: leaver,
        transferTo: ids.colleague,
      });
      expect(removed.status).toBe(200);
      expect(removed.body.data).toEqual({ contracts: 2, templates: 1, categoryGrants: 2 });
      expect(await initiators()).toEqual({
        signing: ids.colleague,
        filling: ids.colleague,
        completed: leaver,
        personal: leaver,
      });
      const [template] = await database.query<{ creator_user_id: string }>(
        'SELECT creator_user_id FROM templates WHERE id = $1',
        [templateId],
      );
      expect(Number(template!.creator_user_id)).toBe(ids.colleague);
      const grants = await database.query<{ category_id: string; user_id: string; access: string }>(
        `SELECT category_id, user_id, access FROM template_category_grants
         WHERE category_id = ANY($1::bigint[]) ORDER BY category_id`,
        [categories],
      );
      expect(
        grants.map((row) => [Number(row.category_id), Number(row.user_id), row.access]),
      ).toEqual([
        [categories[0], ids.colleague, 'manage'],
        [categories[1], ids.colleague, 'use'],
      ]);
      expect(await membership(database, company, leaver)).toBeNull();
      const ended = await leaverSession.get(PATHS.myStaffRequests);
      expect(ended.body.code).toBe(CODES.companyAccessEnded);
    });
  });
});
