import {
  PATHS,
  PERSONAL_CONSOLE_ID,
  beginChangeCompanyNameSchema,
  beginChangeLegalSchema,
  changeAdminSchema,
  companyCodeSchema,
  writeOffSchema,
  type AdminCandidate,
  type CompanyCodePurpose,
  type CompanyCodeSent,
  type CompanyInfo,
  type PendingCompanyChange,
  type UnfinishedContracts,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import { unfinishedContractsOfUser } from '../account/closing';
import type { AccessClaims } from '../auth/tokens';
import { signedInUser } from '../auth/users';
import type { SessionConsole } from '../companies/console';
import { refusingConflicts } from '../templates/access';
import type { AppContext } from '../context';
import { maskPhone } from '../contracts/auth-codes';
import { ApiError, route } from '../http/route';
import { keyedHash } from '../keyed-hash';
import { requireCode, sendCode, SMS_CODE_RATE_LIMIT } from '../sms/codes';
import {
  activeMemberIds,
  companyInfoOf,
  lockCompany,
  notify,
  pendingChange,
  recordChange,
  requireAdministrator,
  shownPending,
  transferAdministrator,
  unfinishedContracts,
  unfinishedRefusal,
  writeOffCompany,
} from './company';

const TAG = 'blade-system';
const EXAMPLE_CODE = { code: '123456' };

/** The session's company; every call here refuses (400) in the personal console. */
function companyOf(console: SessionConsole): number {
  if (console.companyId === PERSONAL_CONSOLE_ID) throw new ApiError('companyConsoleOnly', 400);
  return console.companyId;
}

/** The company's information (busi-company): data, certification, legal representative, name and administrator changes, write-off. */
export async function companyInfoRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;

  const codeTo = async (
    session: AccessClaims,
    phone: string,
    purpose: CompanyCodePurpose,
    ip: string,
  ): Promise<CompanyCodeSent> => {
    const sent = await sendCode(context, { tenantId: session.tenantId, phone, purpose }, ip);
    return { phone: maskPhone(phone), ...sent };
  };
  const checkCodeOf = (
    session: AccessClaims,
    phone: string,
    purpose: CompanyCodePurpose,
    code: string,
  ) => requireCode(context, { tenantId: session.tenantId, phone, purpose }, code, { spend: true });

  route(app, context, {
    method: 'GET',
    path: PATHS.companyInfo,
    summary:
      "The session's company: name, credit code, legal representative and administrator (phones masked), certification (auth_status 1 approved, 0/2 pending, 3 rejected, 4 unbanned), members, created time, changes awaiting their code; 400 in the personal console",
    tag: TAG,
    permission: 'company:view',
    handler: async ({ session, console }): Promise<CompanyInfo> =>
      companyInfoOf(database, session.tenantId, companyOf(console)),
  });

  // Legal representative: begin (kept until confirmed or begun again) → code to the new
  // representative's phone → change with that code.
  route(app, context, {
    method: 'POST',
    path: PATHS.beginChangeLegal,
    summary:
      "Begins a legal representative change: the new representative's name, phone and ID number (kept only as a keyed hash); replaces a change begun before",
    tag: TAG,
    permission: 'company:legal',
    body: beginChangeLegalSchema,
    example: { body: { name: 'Li Lei', phone: '13900000009', idNumber: '110101199003070011' } },
    handler: async ({ session, console, body }): Promise<PendingCompanyChange> => {
      const companyId = companyOf(console);
      const [current] = await database.query<{ legal_name: string; legal_phone: string }>(
        'SELECT legal_name, legal_phone FROM companies WHERE id = $1',
        [companyId],
      );
      if (current?.legal_name === body.name && current.legal_phone === body.phone) {
        throw new ApiError('companyLegalUnchanged', 400);
      }
      const legal = {
        name: body.name,
        phone: body.phone,
        idHash: keyedHash(context.key, 'legal-id', session.tenantId, body.idNumber.toUpperCase()),
      };
      await savePending(companyId, 'legal', { legal }, session.userId);
      return shownPending({ legal }, body.phone);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.sendMsgForChangeLegal,
    summary:
      "Sends the legal representative change's SMS code to the new representative's phone (the change begun last); 400 when none is begun",
    tag: TAG,
    permission: 'company:legal',
    rateLimited: SMS_CODE_RATE_LIMIT,
    handler: async ({ session, console, request }): Promise<CompanyCodeSent> => {
      const pending = await pendingChange(database, companyOf(console), 'legal');
      if (!pending?.legal) throw new ApiError('companyChangeNotBegun', 400);
      return codeTo(session, pending.legal.phone, 'company-legal', request.ip);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.changeLegal,
    summary:
      "Confirms the legal representative change with the code sent to the new representative's phone; tells the administrator and the requester",
    tag: TAG,
    permission: 'company:legal',
    body: companyCodeSchema,
    example: { body: EXAMPLE_CODE },
    handler: async ({ session, console, body }): Promise<CompanyInfo> => {
      const companyId = companyOf(console);
      const pending = await pendingChange(database, companyId, 'legal');
      if (!pending?.legal) throw new ApiError('companyChangeNotBegun', 400);
      await checkCodeOf(session, pending.legal.phone, 'company-legal', body.code);
      await database.transaction(async (tx) => {
        const companyName = await lockCompany(tx, session.tenantId, companyId);
        const now = await pendingChange(tx, companyId, 'legal');
        // Begun again with another phone since the code was sent: that code confirms nothing.
        if (now?.legal?.phone !== pending.legal!.phone) {
          throw new ApiError('companyChangeNotBegun', 400);
        }
        const { name, phone, idHash } = now.legal;
        await tx.query(
          'UPDATE companies SET legal_name = $2, legal_phone = $3, legal_id_hash = $4 WHERE id = $1',
          [companyId, name, phone, idHash],
        );
        await tx.query(
          "DELETE FROM company_pending_changes WHERE company_id = $1 AND kind = 'legal'",
          [companyId],
        );
        await recordChange(tx, companyId, 'legal', session.userId, {
          name,
          phone: maskPhone(phone),
        });
        const admin = await requireAdministrator(tx, companyId);
        await notify(tx, session.tenantId, companyId, [admin.userId, session.userId], {
          en: {
            title: 'Legal representative changed',
            content: `${name} is now the legal representative of ${companyName}.`,
          },
          zh: { title: '法定代表人已变更', content: `${companyName}的法定代表人已变更为${name}。` },
        });
      });
      return companyInfoOf(database, session.tenantId, companyId);
    },
  });

  // Company name: begin → code to the administrator's phone → change with that code.
  route(app, context, {
    method: 'POST',
    path: PATHS.beginChangeCompanyName,
    summary:
      "Begins a company name change: the new full name, unique in the tenant (409 when taken); the code goes to the system administrator's phone",
    tag: TAG,
    permission: 'company:name',
    body: beginChangeCompanyNameSchema,
    example: { body: { companyName: 'Demo Technology Group Co., Ltd.' } },
    handler: async ({ session, console, body }): Promise<PendingCompanyChange> => {
      const companyId = companyOf(console);
      await refuseTakenName(session.tenantId, companyId, body.companyName);
      const admin = await requireAdministrator(database, companyId);
      await savePending(companyId, 'name', { companyName: body.companyName }, session.userId);
      return shownPending({ companyName: body.companyName }, admin.phone);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.sendMsgForChangeCompanyName,
    summary:
      "Sends the company name change's SMS code to the system administrator's phone; 400 when no change is begun",
    tag: TAG,
    permission: 'company:name',
    rateLimited: SMS_CODE_RATE_LIMIT,
    handler: async ({ session, console, request }): Promise<CompanyCodeSent> => {
      const companyId = companyOf(console);
      const pending = await pendingChange(database, companyId, 'name');
      if (pending?.companyName === undefined) throw new ApiError('companyChangeNotBegun', 400);
      const admin = await requireAdministrator(database, companyId);
      return codeTo(session, admin.phone, 'company-name', request.ip);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.changeCompanyName,
    summary:
      "Confirms the company name change with the administrator's code; the name stays unique in the tenant (409); tells every active member",
    tag: TAG,
    permission: 'company:name',
    body: companyCodeSchema,
    example: { body: EXAMPLE_CODE },
    handler: async ({ session, console, body }): Promise<CompanyInfo> => {
      const companyId = companyOf(console);
      const pending = await pendingChange(database, companyId, 'name');
      if (pending?.companyName === undefined) throw new ApiError('companyChangeNotBegun', 400);
      const admin = await requireAdministrator(database, companyId);
      await checkCodeOf(session, admin.phone, 'company-name', body.code);
      await database.transaction(async (tx) => {
        const oldName = await lockCompany(tx, session.tenantId, companyId);
        const now = await pendingChange(tx, companyId, 'name');
        if (now?.companyName === undefined) throw new ApiError('companyChangeNotBegun', 400);
        const newName = now.companyName;
        await refusingConflicts(
          () => tx.query('UPDATE companies SET full_name = $2 WHERE id = $1', [companyId, newName]),
          { unique: new ApiError('companyNameTaken', 409) },
        );
        await tx.query(
          "DELETE FROM company_pending_changes WHERE company_id = $1 AND kind = 'name'",
          [companyId],
        );
        await recordChange(tx, companyId, 'name', session.userId, { oldName, newName });
        await notify(tx, session.tenantId, companyId, await activeMemberIds(tx, companyId), {
          en: { title: 'Company name changed', content: `${oldName} is now named ${newName}.` },
          zh: { title: '企业名称已变更', content: `${oldName}已更名为${newName}。` },
        });
      });
      return companyInfoOf(database, session.tenantId, companyId);
    },
  });

  // Administrator transfer: candidates → code to the current administrator's phone → change-admin.
  route(app, context, {
    method: 'GET',
    path: PATHS.adminCandidates,
    summary:
      'The active members the system administrator role may go to (everyone active but the administrator), phones masked',
    tag: TAG,
    permission: 'company:admin',
    handler: async ({ console }): Promise<AdminCandidate[]> => {
      const rows = await database.query<{ id: string; name: string; phone: string }>(
        `SELECT u.id, u.name, u.phone FROM company_members m
         JOIN users u ON u.id = m.user_id JOIN company_roles r ON r.id = m.role_id
         WHERE m.company_id = $1 AND m.status = 'active' AND r.builtin IS DISTINCT FROM 'admin'
         ORDER BY m.joined_at, u.id`,
        [companyOf(console)],
      );
      return rows.map((row) => ({
        userId: Number(row.id),
        name: row.name,
        phone: maskPhone(row.phone),
      }));
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.sendMsgForChangeAdmin,
    summary:
      "Sends the administrator transfer's SMS code to the current system administrator's phone (not in the spec: the transfer's confirmation)",
    tag: TAG,
    permission: 'company:admin',
    rateLimited: SMS_CODE_RATE_LIMIT,
    handler: async ({ session, console, request }): Promise<CompanyCodeSent> => {
      const admin = await requireAdministrator(database, companyOf(console));
      return codeTo(session, admin.phone, 'company-admin', request.ip);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.changeAdmin,
    summary:
      'Transfers the system administrator role to another active member, confirmed by the current administrator’s code: the old administrator becomes an employee in the same transaction (company row locked), so there is always exactly one',
    tag: TAG,
    permission: 'company:admin',
    body: changeAdminSchema,
    example: { body: { userId: 3, code: '123456' } },
    handler: async ({ session, console, body }): Promise<CompanyInfo> => {
      const companyId = companyOf(console);
      const admin = await requireAdministrator(database, companyId);
      if (body.userId === admin.userId) throw new ApiError('companyAdminCandidateInvalid', 400);
      await checkCodeOf(session, admin.phone, 'company-admin', body.code);
      await transferAdministrator(database, {
        tenantId: session.tenantId,
        companyId,
        fromUserId: admin.userId,
        toUserId: body.userId,
        actorUserId: session.userId,
      });
      return companyInfoOf(database, session.tenantId, companyId);
    },
  });

  // Write-off.
  route(app, context, {
    method: 'GET',
    path: PATHS.contractHasUnfinished,
    summary:
      "Whether the session's company has unfinished contracts (filling, approving, signing; initiated by it or with it as a party) and how many; asked before a write-off. In the personal console: the user's own (initiated, or theirs to fill or sign), asked before closing the account",
    tag: 'sicpay-contract',
    permission: 'company:writeOff',
    handler: async ({ console, session }): Promise<UnfinishedContracts> => {
      const count =
        console.companyId === PERSONAL_CONSOLE_ID
          ? await unfinishedContractsOfUser(database, {
              id: Number(session.userId),
              tenantId: session.tenantId,
              phone: (await signedInUser(database, session)).phone,
            })
          : await unfinishedContracts(database, companyOf(console));
      return { hasUnfinished: count > 0, count };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.sendMsgForWriteOff,
    summary:
      "Sends the write-off's SMS code to the system administrator's phone; refused (409, naming how many) while unfinished contracts exist (not in the spec)",
    tag: TAG,
    permission: 'company:writeOff',
    rateLimited: SMS_CODE_RATE_LIMIT,
    handler: async ({ session, console, request, locale }): Promise<CompanyCodeSent> => {
      const companyId = companyOf(console);
      const count = await unfinishedContracts(database, companyId);
      if (count > 0) throw unfinishedRefusal(count, locale);
      const admin = await requireAdministrator(database, companyId);
      return codeTo(session, admin.phone, 'company-write-off', request.ip);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.writeOff,
    summary:
      "Writes the company off with the administrator's code and its full name typed out: refused (409, naming how many) while unfinished contracts exist; then it leaves its members' lists and every session in it ends (not in the spec)",
    tag: TAG,
    permission: 'company:writeOff',
    body: writeOffSchema,
    example: { body: { code: '123456', companyName: 'Demo Technology Co., Ltd.' } },
    handler: async ({ session, console, body, locale }): Promise<{ writtenOff: true }> => {
      const companyId = companyOf(console);
      if (body.companyName.trim() !== console.companyName) {
        throw new ApiError('companyWriteOffNameMismatch', 400);
      }
      const count = await unfinishedContracts(database, companyId);
      if (count > 0) throw unfinishedRefusal(count, locale);
      const admin = await requireAdministrator(database, companyId);
      await checkCodeOf(session, admin.phone, 'company-write-off', body.code);
      await writeOffCompany(database, {
        tenantId: session.tenantId,
        companyId,
        actorUserId: session.userId,
        locale,
      });
      return { writtenOff: true };
    },
  });

  async function savePending(
    companyId: number,
    kind: 'legal' | 'name',
    payload: object,
    userId: number,
  ): Promise<void> {
    await database.query(
      `INSERT INTO company_pending_changes (company_id, kind, payload, requested_by)
       VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT (company_id, kind) DO UPDATE SET payload = EXCLUDED.payload,
         requested_by = EXCLUDED.requested_by, created_at = now()`,
      [companyId, kind, JSON.stringify(payload), userId],
    );
  }

  async function refuseTakenName(tenantId: string, companyId: number, name: string): Promise<void> {
    const [row] = await database.query<{ id: string }>(
      'SELECT id FROM companies WHERE tenant_id = $1 AND full_name = $2',
      [tenantId, name],
    );
    if (!row) return;
    throw new ApiError(
      Number(row.id) === companyId ? 'companyNameUnchanged' : 'companyNameTaken',
      Number(row.id) === companyId ? 400 : 409,
    );
  }
}
