import {
  UNFINISHED_CONTRACT_STATUSES,
  certificationOf,
  message,
  type CompanyInfo,
  type Locale,
  type PendingCompanyChange,
} from '@esign/platform';
import { maskPhone } from '../contracts/auth-codes';
import type { Database, Queryable } from '../db';
import { ApiError } from '../http/route';
import { insertMessage } from '../messages/write';

type Sql = Pick<Queryable, 'query'>;

/** A person of the company with their unmasked phone, for the server's own use. */
export interface Person {
  userId: number;
  name: string;
  phone: string;
}

/** A change begun: the new legal representative or the new name, and who asked. */
export interface PendingPayload {
  legal?: { name: string; phone: string; idHash: string };
  companyName?: string;
}

/** The company's system administrator, or null (a company always has one; an old row may not). */
export async function administratorOf(sql: Sql, companyId: number): Promise<Person | null> {
  const [row] = await sql.query<{ id: string; name: string; phone: string }>(
    `SELECT u.id, u.name, u.phone FROM company_members m
     JOIN company_roles r ON r.id = m.role_id JOIN users u ON u.id = m.user_id
     WHERE m.company_id = $1 AND r.builtin = 'admin' ORDER BY m.joined_at, u.id LIMIT 1`,
    [companyId],
  );
  return row ? { userId: Number(row.id), name: row.name, phone: row.phone } : null;
}

/** The administrator, or 409 when there is none to confirm a change. */
export async function requireAdministrator(sql: Sql, companyId: number): Promise<Person> {
  const admin = await administratorOf(sql, companyId);
  if (!admin) throw new ApiError('companyAdminMissing', 409);
  return admin;
}

export async function pendingChange(
  sql: Sql,
  companyId: number,
  kind: 'legal' | 'name',
): Promise<PendingPayload | null> {
  const [row] = await sql.query<{ payload: PendingPayload }>(
    'SELECT payload FROM company_pending_changes WHERE company_id = $1 AND kind = $2',
    [companyId, kind],
  );
  return row?.payload ?? null;
}

/** A pending change as the client sees it: phones masked, the ID number never. */
export function shownPending(payload: PendingPayload, codePhone: string): PendingCompanyChange {
  return {
    ...(payload.legal
      ? { legal: { name: payload.legal.name, phone: maskPhone(payload.legal.phone) } }
      : {}),
    ...(payload.companyName !== undefined ? { companyName: payload.companyName } : {}),
    codePhone: maskPhone(codePhone),
  };
}

/** GET company-info: a company of the tenant that is not written off, or 404. */
export async function companyInfoOf(
  database: Database,
  tenantId: string,
  companyId: number,
): Promise<CompanyInfo> {
  const [row] = await database.query<{
    full_name: string;
    credit_code: string;
    legal_name: string;
    legal_phone: string;
    auth_status: number;
    created_at: Date | string;
    members: string | number;
  }>(
    `SELECT c.full_name, c.credit_code, c.legal_name, c.legal_phone, c.auth_status, c.created_at,
       (SELECT count(*) FROM company_members m WHERE m.company_id = c.id AND m.status = 'active')
         AS members
     FROM companies c WHERE c.id = $1 AND c.tenant_id = $2 AND c.written_off_at IS NULL`,
    [companyId, tenantId],
  );
  if (!row) throw new ApiError('notFound', 404);
  const admin = await administratorOf(database, companyId);
  const legal = await pendingChange(database, companyId, 'legal');
  const name = await pendingChange(database, companyId, 'name');
  return {
    companyId,
    companyName: row.full_name,
    creditCode: row.credit_code,
    legal: row.legal_name ? { name: row.legal_name, phone: maskPhone(row.legal_phone) } : null,
    admin: admin ? { name: admin.name, phone: maskPhone(admin.phone) } : null,
    certification: certificationOf(Number(row.auth_status)),
    authStatus: Number(row.auth_status),
    memberCount: Number(row.members),
    createdAt: new Date(row.created_at).toISOString(),
    pending: {
      legal: legal?.legal ? shownPending(legal, legal.legal.phone) : null,
      name: name && admin ? shownPending(name, admin.phone) : null,
    },
  };
}

/**
 * Locks the company's row for the rest of the transaction (every change of its data, its
 * administrator or its existence goes through here, so they happen one after another); 404 when
 * it is not a live company of the tenant.
 */
export async function lockCompany(tx: Sql, tenantId: string, companyId: number): Promise<string> {
  const [row] = await tx.query<{ full_name: string }>(
    `SELECT full_name FROM companies
     WHERE id = $1 AND tenant_id = $2 AND written_off_at IS NULL FOR UPDATE`,
    [companyId, tenantId],
  );
  if (!row) throw new ApiError('notFound', 404);
  return row.full_name;
}

/** Appends to the company's change log (append-only table). */
export async function recordChange(
  tx: Sql,
  companyId: number,
  kind: 'legal' | 'name' | 'admin' | 'writeOff',
  actorUserId: number,
  details: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    `INSERT INTO company_changes (company_id, kind, actor_user_id, details)
     VALUES ($1, $2, $3, $4::jsonb)`,
    [companyId, kind, actorUserId, JSON.stringify(details)],
  );
}

/** A notice in both languages, as the message centre keeps them. */
export interface Notice {
  en: { title: string; content: string };
  zh: { title: string; content: string };
}

/**
 * Tells users through the message centre, once each. `companyId` is the console the message
 * belongs to: null (the personal console) once the company is written off.
 */
export async function notify(
  tx: Sql,
  tenantId: string,
  companyId: number | null,
  userIds: readonly number[],
  notice: Notice,
): Promise<void> {
  for (const userId of [...new Set(userIds)]) {
    await insertMessage(tx, {
      tenantId,
      userId,
      companyId,
      title: { en: notice.en.title, zh: notice.zh.title },
      content: { en: notice.en.content, zh: notice.zh.content },
    });
  }
}

/** The active members of a company. */
export async function activeMemberIds(sql: Sql, companyId: number): Promise<number[]> {
  const rows = await sql.query<{ user_id: string }>(
    `SELECT user_id FROM company_members WHERE company_id = $1 AND status = 'active'`,
    [companyId],
  );
  return rows.map((row) => Number(row.user_id));
}

/**
 * Makes `toUserId` the system administrator and the administrator `fromUserId` (whose phone
 * confirmed it) an employee, in one transaction holding the company's row: two transfers at once
 * run one after the other, and the second finds the administrator changed (409) instead of
 * leaving two administrators, or none.
 */
export async function transferAdministrator(
  database: Database,
  input: {
    tenantId: string;
    companyId: number;
    fromUserId: number;
    toUserId: number;
    actorUserId: number;
  },
): Promise<void> {
  const { tenantId, companyId, fromUserId, toUserId, actorUserId } = input;
  await database.transaction(async (tx) => {
    const companyName = await lockCompany(tx, tenantId, companyId);
    const admins = await tx.query<{ user_id: string }>(
      `SELECT m.user_id FROM company_members m JOIN company_roles r ON r.id = m.role_id
       WHERE m.company_id = $1 AND r.builtin = 'admin'`,
      [companyId],
    );
    if (admins.length !== 1 || Number(admins[0]!.user_id) !== fromUserId) {
      throw new ApiError('companyAdminChanged', 409);
    }
    const [target] = await tx.query<{ name: string }>(
      `SELECT u.name FROM company_members m JOIN users u ON u.id = m.user_id
       WHERE m.company_id = $1 AND m.user_id = $2 AND m.status = 'active' AND u.tenant_id = $3`,
      [companyId, toUserId, tenantId],
    );
    if (!target || toUserId === fromUserId) {
      throw new ApiError('companyAdminCandidateInvalid', 400);
    }
    const roleOf = `(SELECT id FROM company_roles WHERE company_id = $1 AND builtin = $3)`;
    await tx.query(
      `UPDATE company_members SET role_id = ${roleOf} WHERE company_id = $1 AND user_id = $2`,
      [companyId, toUserId, 'admin'],
    );
    await tx.query(
      `UPDATE company_members SET role_id = ${roleOf} WHERE company_id = $1 AND user_id = $2`,
      [companyId, fromUserId, 'employee'],
    );
    await recordChange(tx, companyId, 'admin', actorUserId, { fromUserId, toUserId });
    await notify(tx, tenantId, companyId, [fromUserId, toUserId, actorUserId], {
      en: {
        title: 'System administrator transferred',
        content: `${target.name || 'Another member'} is now the system administrator of ${companyName}; the previous administrator is an employee.`,
      },
      zh: {
        title: '系统管理员已移交',
        content: `${target.name || '其他成员'}已成为${companyName}的系统管理员，原管理员已成为员工。`,
      },
    });
  });
}

/**
 * How many contracts of the company are not finished: those it initiated and those it is a party
 * to, each counted once.
 */
export async function unfinishedContracts(sql: Sql, companyId: number): Promise<number> {
  const [row] = await sql.query<{ count: string | number }>(
    `SELECT count(*) AS count FROM contracts c
     WHERE c.status = ANY($2::text[])
       AND (c.company_id = $1
         OR EXISTS (SELECT 1 FROM contract_participants p
                    WHERE p.contract_id = c.id AND p.company_id = $1))`,
    [companyId, [...UNFINISHED_CONTRACT_STATUSES]],
  );
  return Number(row?.count ?? 0);
}

/** 409 naming how many unfinished contracts stand in the way of a write-off. */
export function unfinishedRefusal(count: number, locale: Locale): ApiError {
  return new ApiError(
    'companyUnfinishedContracts',
    409,
    409,
    { count },
    message('companyUnfinishedContracts', locale).replace('{count}', String(count)),
  );
}

/**
 * Writes the company off: refuses (409, with how many) while it has unfinished contracts; else
 * marks it written off, ends every session in it (refresh tokens revoked; access tokens fail at
 * once because no console is found in a written-off company) and tells its members.
 */
export async function writeOffCompany(
  database: Database,
  input: { tenantId: string; companyId: number; actorUserId: number; locale: Locale },
): Promise<void> {
  const { tenantId, companyId, actorUserId, locale } = input;
  await database.transaction(async (tx) => {
    const companyName = await lockCompany(tx, tenantId, companyId);
    const count = await unfinishedContracts(tx, companyId);
    if (count > 0) throw unfinishedRefusal(count, locale);
    const members = await activeMemberIds(tx, companyId);
    await tx.query(
      'UPDATE companies SET written_off_at = now(), written_off_by = $2 WHERE id = $1',
      [companyId, actorUserId],
    );
    await tx.query('DELETE FROM company_pending_changes WHERE company_id = $1', [companyId]);
    await tx.query(
      'UPDATE refresh_tokens SET revoked_at = now() WHERE company_id = $1 AND revoked_at IS NULL',
      [companyId],
    );
    await recordChange(tx, companyId, 'writeOff', actorUserId, { companyName });
    await notify(tx, tenantId, null, [...members, actorUserId], {
      en: {
        title: 'Company written off',
        content: `${companyName} has been written off: it no longer appears in your companies.`,
      },
      zh: {
        title: '企业已注销',
        content: `${companyName}已注销，将不再出现在您的企业列表中。`,
      },
    });
  });
}
