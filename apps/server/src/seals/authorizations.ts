/**
 * Authorisations of company seals (issue 14; spec 001 §5 Seal): who may use or manage a seal, for
 * which contracts, from a start date to an end date (days of China's calendar, both included).
 *
 * A withdrawn authorisation keeps its row (`revoked_at`): the audit trails of contracts it allowed
 * name it. Its state on a day is `sealAuthorizationState`, computed from the dates, never stored.
 */
import {
  sealAuthorizationState,
  type SealAuthorization,
  type SealContractRange,
  type SealRight,
  type SealStaffRange,
} from '@esign/platform';
import { ApiError } from '../http/route';
import { listTime } from '../templates/access';
import { notifySeal, type SealCompany, type Tx } from './company';

interface AuthorizationRow {
  id: string;
  seal_id: string;
  seal_name: string;
  grant_right: SealRight;
  staff_range: SealStaffRange;
  grantee_user_id: string | null;
  grantee_name: string | null;
  grantee_phone: string | null;
  contract_range: SealContractRange;
  template_id: string | null;
  template_name: string | null;
  start_date: string;
  end_date: string;
  granted_by: string | null;
  granter_name: string | null;
  granted_at: string;
}

const AUTHORIZATION_SELECT = `SELECT a.id, a.seal_id, s.name AS seal_name, a.grant_right,
    a.staff_range, a.grantee_user_id, g.name AS grantee_name, g.phone AS grantee_phone,
    a.contract_range, a.template_id, t.name AS template_name,
    to_char(a.start_date, 'YYYY-MM-DD') AS start_date, to_char(a.end_date, 'YYYY-MM-DD') AS end_date,
    a.granted_by, b.name AS granter_name, ${listTime('a.granted_at')} AS granted_at
  FROM seal_authorizations a
  JOIN seals s ON s.id = a.seal_id
  LEFT JOIN users g ON g.id = a.grantee_user_id
  LEFT JOIN templates t ON t.id = a.template_id
  LEFT JOIN users b ON b.id = a.granted_by`;

const ORDER = 'ORDER BY a.granted_at DESC, a.id DESC';

function toSealAuthorization(row: AuthorizationRow, today: string): SealAuthorization {
  const dates = { startDate: row.start_date, endDate: row.end_date };
  return {
    id: String(row.id),
    sealId: String(row.seal_id),
    sealName: row.seal_name,
    right: row.grant_right,
    staffRange: row.staff_range,
    grantee:
      row.grantee_user_id === null
        ? null
        : {
            id: String(row.grantee_user_id),
            name: row.grantee_name ?? '',
            phone: row.grantee_phone ?? '',
          },
    contractRange: row.contract_range,
    template:
      row.template_id === null
        ? null
        : { id: String(row.template_id), name: row.template_name ?? '' },
    ...dates,
    state: sealAuthorizationState(dates, today),
    grantedBy: {
      id: row.granted_by === null ? '' : String(row.granted_by),
      name: row.granter_name ?? '',
    },
    grantedAt: row.granted_at,
  };
}

/** Whether `text` (yyyy-MM-dd) is a day of the calendar (not 2026-02-30). */
function isDay(text: string): boolean {
  const time = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/**
 * The date rules of granting and re-granting: both days given and real (`sealAuthTimeRequired`),
 * the start not after the end (`sealAuthEndBeforeStart`), the end not before today
 * (`sealAuthEndPassed`).
 */
export function checkAuthorizationDates(
  { startDate, endDate }: { startDate: string; endDate: string },
  today: string,
): void {
  if (!isDay(startDate) || !isDay(endDate)) throw new ApiError('sealAuthTimeRequired');
  if (startDate > endDate) throw new ApiError('sealAuthEndBeforeStart');
  if (endDate < today) throw new ApiError('sealAuthEndPassed');
}

/** The authorisations of a seal not withdrawn, newest first, with their states on `today`. */
export async function authorizationsOfSeal(
  tx: Tx,
  sealId: number | string,
  today: string,
): Promise<SealAuthorization[]> {
  const rows = await tx.query<AuthorizationRow>(
    `${AUTHORIZATION_SELECT} WHERE a.seal_id = $1 AND a.revoked_at IS NULL ${ORDER}`,
    [sealId],
  );
  return rows.map((row) => toSealAuthorization(row, today));
}

/**
 * The authorisations covering a member (by name or as all staff) of the company's seals, not
 * withdrawn and not yet ended, newest first.
 */
export async function authorizationsOfMember(
  tx: Tx,
  company: Pick<SealCompany, 'id' | 'tenantId'>,
  userId: number,
  today: string,
): Promise<SealAuthorization[]> {
  const rows = await tx.query<AuthorizationRow>(
    `${AUTHORIZATION_SELECT}
     WHERE a.company_id = $1 AND s.tenant_id = $2 AND a.revoked_at IS NULL
       AND (a.staff_range = 'all' OR a.grantee_user_id = $3) AND a.end_date >= $4::date
     ${ORDER}`,
    [company.id, company.tenantId, userId, today],
  );
  return rows.map((row) => toSealAuthorization(row, today));
}

/** An authorisation of the company not withdrawn (its row locked), or 404 `sealAuthNotFound`. */
export async function authorizationOf(
  tx: Tx,
  company: Pick<SealCompany, 'id'>,
  id: number | string,
): Promise<{ id: string; seal_id: string }> {
  const [row] = await tx.query<{ id: string; seal_id: string }>(
    `SELECT id, seal_id FROM seal_authorizations
     WHERE id = $1 AND company_id = $2 AND revoked_at IS NULL FOR UPDATE`,
    [id, company.id],
  );
  if (!row) throw new ApiError('sealAuthNotFound', 404);
  return row;
}

/** What granting asks for, checked by the schema (`sealAuthorizeBody`). */
export interface AuthorizationGrant {
  right: SealRight;
  staffRange: SealStaffRange;
  granteeIds: readonly (number | string)[];
  contractRange: SealContractRange;
  templateId?: number | string | undefined;
  startDate: string;
  endDate: string;
}

/**
 * Grants a seal (already found normal in the company) to staff: one row per member named, or one
 * for all staff. The members must be active staff of the company (`sealAuthGranteeNotStaff`), the
 * template one of the company's (404 otherwise). Tells each grantee (every active member for all
 * staff). Answers the rows made.
 */
export async function grantSeal(
  tx: Tx,
  company: SealCompany,
  seal: { id: string; name: string },
  grant: AuthorizationGrant,
  { granterId, today }: { granterId: number; today: string },
): Promise<SealAuthorization[]> {
  checkAuthorizationDates(grant, today);
  const granteeIds = [...new Set(grant.granteeIds.map(String))];
  if (grant.staffRange === 'specified') {
    if (granteeIds.length === 0) throw new ApiError('sealAuthGranteeRequired');
    const staff = await tx.query<{ user_id: string }>(
      `SELECT user_id FROM company_members
       WHERE company_id = $1 AND status = 'active' AND user_id = ANY($2::bigint[])`,
      [company.id, granteeIds],
    );
    if (staff.length !== granteeIds.length) throw new ApiError('sealAuthGranteeNotStaff');
  }
  let templateId: string | null = null;
  if (grant.contractRange === 'template') {
    if (!grant.templateId) throw new ApiError('sealAuthTemplateRequired');
    const [template] = await tx.query<{ id: string }>(
      'SELECT id FROM templates WHERE id = $1 AND company_id = $2 AND tenant_id = $3',
      [grant.templateId, company.id, company.tenantId],
    );
    if (!template) throw new ApiError('notFound', 404);
    templateId = template.id;
  }
  const ids: string[] = [];
  for (const granteeId of grant.staffRange === 'all' ? [null] : granteeIds) {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO seal_authorizations (seal_id, company_id, grant_right, staff_range,
         grantee_user_id, contract_range, template_id, start_date, end_date, granted_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9::date, $10) RETURNING id`,
      [
        seal.id,
        company.id,
        grant.right,
        grant.staffRange,
        granteeId,
        grant.contractRange,
        templateId,
        grant.startDate,
        grant.endDate,
        granterId,
      ],
    );
    ids.push(row!.id);
  }
  const rows = await tx.query<AuthorizationRow>(
    `${AUTHORIZATION_SELECT} WHERE a.id = ANY($1::bigint[]) ORDER BY a.id`,
    [ids],
  );
  const made = rows.map((row) => toSealAuthorization(row, today));
  for (const authorization of made) await tellGrantees(tx, company, authorization, 'granted');
  return made;
}

/**
 * New dates for an authorisation of the company not withdrawn (the same date rules as granting);
 * its grantees are told again. Answers it.
 */
export async function regrantSeal(
  tx: Tx,
  company: SealCompany,
  id: number | string,
  dates: { startDate: string; endDate: string },
  today: string,
): Promise<SealAuthorization> {
  checkAuthorizationDates(dates, today);
  await tx.query(
    `UPDATE seal_authorizations SET start_date = $2::date, end_date = $3::date
     WHERE id = $1 AND revoked_at IS NULL`,
    [id, dates.startDate, dates.endDate],
  );
  const [row] = await tx.query<AuthorizationRow>(`${AUTHORIZATION_SELECT} WHERE a.id = $1`, [id]);
  const authorization = toSealAuthorization(row!, today);
  await tellGrantees(tx, company, authorization, 'renewed');
  return authorization;
}

/** Withdraws an authorisation: kept, marked revoked, no longer counted anywhere. */
export async function revokeAuthorization(tx: Tx, id: number | string): Promise<void> {
  await tx.query('UPDATE seal_authorizations SET revoked_at = now() WHERE id = $1', [id]);
}

const RIGHT_NAMES: Record<SealRight, { en: string; zh: string }> = {
  use: { en: 'use', zh: '使用' },
  manage: { en: 'manage', zh: '管理' },
};

/** Writes each member an authorisation covers a message naming the seal, the right and the dates. */
async function tellGrantees(
  tx: Tx,
  company: SealCompany,
  authorization: SealAuthorization,
  how: 'granted' | 'renewed',
): Promise<void> {
  const userIds = authorization.grantee
    ? [authorization.grantee.id]
    : (
        await tx.query<{ user_id: string }>(
          "SELECT user_id FROM company_members WHERE company_id = $1 AND status = 'active'",
          [company.id],
        )
      ).map((row) => row.user_id);
  const right = RIGHT_NAMES[authorization.right];
  const { sealName, startDate, endDate } = authorization;
  const template = authorization.template
    ? {
        en: ` for contracts of the template "${authorization.template.name}"`,
        zh: `（限模板“${authorization.template.name}”的合同）`,
      }
    : { en: '', zh: '' };
  await notifySeal(
    tx,
    company,
    userIds.map(Number),
    how === 'granted'
      ? { en: 'A seal was authorised to you', zh: '印章授权通知' }
      : { en: 'Your seal authorisation was renewed', zh: '印章重新授权通知' },
    {
      en: `You may ${right.en} the seal "${sealName}"${template.en} from ${startDate} to ${endDate}.`,
      zh: `您已获得印章“${sealName}”的${right.zh}权限${template.zh}，有效期${startDate}至${endDate}。`,
    },
  );
}
