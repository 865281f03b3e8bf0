/**
 * A company's seals (issue 14; spec 001 §3 Seal, §5 Seal; spec 000 §3): the rules and queries
 * behind the company seal calls of `SEAL_PATHS`.
 *
 * Every seal is looked up within the session's company and tenant: another company's seal answers
 * 404 `sealNotFound`, exactly as an id made up. The company must be verified (its seals are its
 * signature). Who may do what: the role's grants (the administrator holds them all), or, for one
 * seal, a current 'manage' authorisation of it (see `authorizations.ts`).
 */
import {
  MESSAGE_REDIRECT,
  PERSONAL_CONSOLE_ID,
  type CompanySeal,
  type CompanySealType,
  type Permission,
  type SealColour,
  type SealMakeWay,
  type SealStatus,
} from '@esign/platform';
import type { AccessClaims } from '../auth/tokens';
import type { SessionConsole } from '../companies/console';
import type { AppContext } from '../context';
import type { Queryable } from '../db';
import { ApiError } from '../http/route';
import { insertMessage } from '../messages/write';
import { listTime } from '../templates/access';
import type { SealImage } from './seal-image';
import { sealImageUrl, storeSealImage } from './store';
import { drawSealTemplate } from './templates';

export type Tx = Pick<Queryable, 'query'>;

/** The name of the seal a verified company is given before it makes any. */
export const DEFAULT_COMPANY_SEAL_NAME = '合同专用章';

/** The session's company as its seals need it. */
export interface SealCompany {
  id: number;
  tenantId: string;
  fullName: string;
  /** The legal representative's name; '' when not recorded. */
  legalName: string;
}

/**
 * The session's company, verified: 403 'No permission for now' in the personal console (as the
 * route helper answers a missing permission), 400 `sealNeedsVerifiedCompany` before verification.
 */
export async function sealCompanyOf(
  tx: Tx,
  session: AccessClaims,
  current: SessionConsole,
): Promise<SealCompany> {
  if (current.companyId === PERSONAL_CONSOLE_ID) throw new ApiError('noPermission', 403);
  const [row] = await tx.query<{ full_name: string; legal_name: string; auth_status: number }>(
    'SELECT full_name, legal_name, auth_status FROM companies WHERE id = $1 AND tenant_id = $2',
    [current.companyId, session.tenantId],
  );
  if (!row) throw new ApiError('noPermission', 403);
  if (row.auth_status !== 1) throw new ApiError('sealNeedsVerifiedCompany');
  return {
    id: current.companyId,
    tenantId: session.tenantId,
    fullName: row.full_name,
    legalName: row.legal_name.trim(),
  };
}

/** Whether the member's role grants `permission` (the administrator's grants everything). */
export function roleAllows(current: SessionConsole, permission: Permission): boolean {
  return current.admin || current.grants.has(permission);
}

/**
 * Whether the member sees every seal of the company (they manage seals in some way); a member
 * with seal:view only sees the seals an authorisation covers them for.
 */
export function seesEverySeal(current: SessionConsole): boolean {
  return (['seal:add', 'seal:edit', 'seal:delete', 'seal:authorize'] as const).some((grant) =>
    roleAllows(current, grant),
  );
}

/** The 403 the route helper answers a missing permission with. */
export function noPermission(): ApiError {
  return new ApiError('noPermission', 403);
}

/** A company seal's row with what its answer needs. */
export interface SealRow {
  id: string;
  name: string;
  make_way: SealMakeWay;
  type: CompanySealType;
  colour: SealColour;
  horizontal_text: string;
  below_text: string;
  aged: boolean;
  status: SealStatus;
  reject_reason: string;
  image_id: string;
  storage_key: string;
  width: number;
  height: number;
  used_count: number;
  created_by: string | null;
  creator_name: string | null;
  created_at: string;
  /** When it was made, for ordering. */
  created: Date | string;
  /** Whether a signature stamped it (counted, or named by a contract party). */
  used: boolean;
  /** Whether the session's member holds a current 'manage' authorisation of it. */
  managed: boolean;
}

/**
 * The columns of `SealRow` for seals `s`: `$user` is the session's user, `$day` today (yyyy-MM-dd)
 * — the placeholders given as SQL (e.g. '$3').
 */
export function sealColumns(user: string, day: string): string {
  return `s.id, s.name, s.make_way, s.type, s.colour, s.horizontal_text, s.below_text, s.aged,
    s.status, s.reject_reason, s.image_id, s.storage_key, s.width, s.height, s.used_count,
    s.created_by, creator.name AS creator_name, ${listTime('s.created_at')} AS created_at,
    s.created_at AS created,
    (s.used_count > 0 OR EXISTS (SELECT 1 FROM contract_participants p WHERE p.seal_id = s.id))
      AS used,
    EXISTS (
      SELECT 1 FROM seal_authorizations a
      WHERE a.seal_id = s.id AND a.revoked_at IS NULL AND a.grant_right = 'manage'
        AND (a.staff_range = 'all' OR a.grantee_user_id = ${user})
        AND a.start_date <= ${day}::date AND a.end_date >= ${day}::date
    ) AS managed`;
}

/** The seal `id` of the company, or 404 `sealNotFound`; `lock` keeps its row for the transaction. */
export async function sealOf(
  tx: Tx,
  company: SealCompany,
  id: number | string,
  { userId, day, lock = false }: { userId: number; day: string; lock?: boolean },
): Promise<SealRow> {
  const [row] = await tx.query<SealRow>(
    `SELECT ${sealColumns('$4', '$5')}
     FROM seals s LEFT JOIN users creator ON creator.id = s.created_by
     WHERE s.id = $1 AND s.company_id = $2 AND s.tenant_id = $3
     ${lock ? 'FOR UPDATE OF s' : ''}`,
    [id, company.id, company.tenantId, userId, day],
  );
  if (!row) throw new ApiError('sealNotFound', 404);
  return row;
}

/** May the member rename, retype, redraw, disuse and enable this seal? */
export function mayEdit(current: SessionConsole, seal: Pick<SealRow, 'managed'>): boolean {
  return roleAllows(current, 'seal:edit') || seal.managed;
}

/** May the member authorise staff to this seal, and change or withdraw its authorisations? */
export function mayAuthorize(current: SessionConsole, seal: Pick<SealRow, 'managed'>): boolean {
  return roleAllows(current, 'seal:authorize') || seal.managed;
}

/** A seal row as the calls answer it, with the buttons the session may use. */
export function toCompanySeal(row: SealRow, current: SessionConsole): CompanySeal {
  return {
    id: String(row.id),
    name: row.name,
    makeWay: row.make_way,
    type: row.type,
    colour: row.colour,
    horizontalText: row.horizontal_text,
    belowText: row.below_text,
    aged: row.aged,
    status: row.status,
    rejectReason: row.reject_reason,
    imageUrl: sealImageUrl(row.image_id),
    width: Number(row.width),
    height: Number(row.height),
    usedCount: Number(row.used_count),
    createdBy: {
      id: row.created_by === null ? '' : String(row.created_by),
      name: row.creator_name ?? '',
    },
    createdAt: row.created_at,
    can: {
      edit: mayEdit(current, row),
      authorize: row.status === 'normal' && mayAuthorize(current, row),
      remove: roleAllows(current, 'seal:delete'),
      approve: current.admin && row.status === 'pending',
    },
  };
}

/** What a company template seal is drawn from, as a seal row or a form keeps it. */
export interface CompanySealDrawing {
  type: CompanySealType;
  colour: SealColour;
  horizontalText: string;
  belowText: string;
  aged: boolean;
}

/**
 * Draws a company template seal with the company's full name (the legal representative's name for
 * `legal`: 400 `sealLegalNameMissing` when the company has none recorded).
 */
export function drawCompanySeal(
  company: SealCompany,
  drawing: CompanySealDrawing,
): Promise<SealImage> {
  if (drawing.type === 'legal' && !company.legalName) throw new ApiError('sealLegalNameMissing');
  return drawSealTemplate({
    kind: 'company',
    type: drawing.type,
    companyName: company.fullName,
    ...(drawing.type === 'legal' ? { legalName: company.legalName } : {}),
    horizontalText: drawing.horizontalText,
    belowText: drawing.belowText,
    colour: drawing.colour,
    aged: drawing.aged,
  });
}

/** Writes one message-centre row to each user, opening the company's seals (redirect type 6). */
export async function notifySeal(
  tx: Tx,
  company: SealCompany,
  userIds: Iterable<number | string>,
  title: { en: string; zh: string },
  content: { en: string; zh: string },
): Promise<void> {
  for (const userId of new Set([...userIds].map(Number))) {
    await insertMessage(tx, {
      tenantId: company.tenantId,
      userId,
      companyId: company.id,
      title,
      content,
      redirectType: MESSAGE_REDIRECT.companySeals,
    });
  }
}

/** The company's active administrators: they approve seals. */
export async function companyAdmins(tx: Tx, companyId: number): Promise<number[]> {
  const rows = await tx.query<{ user_id: string }>(
    `SELECT m.user_id FROM company_members m JOIN company_roles r ON r.id = m.role_id
     WHERE m.company_id = $1 AND m.status = 'active' AND r.builtin = 'admin'`,
    [companyId],
  );
  return rows.map((row) => Number(row.user_id));
}

/** Tells the administrators that a seal awaits their approval. */
export async function notifyAwaitingApproval(
  tx: Tx,
  company: SealCompany,
  sealName: string,
  makerName: string,
): Promise<void> {
  await notifySeal(
    tx,
    company,
    await companyAdmins(tx, company.id),
    { en: 'A seal awaits approval', zh: '印章待审核' },
    {
      en: `${makerName} made the seal "${sealName}"; it awaits your approval.`,
      zh: `${makerName}提交了印章“${sealName}”，请审核。`,
    },
  );
}

/** The name of a user, for messages. */
export async function userName(tx: Tx, userId: number): Promise<string> {
  const [row] = await tx.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [userId]);
  return row?.name ?? '';
}

/**
 * Gives a verified company that has no seal at all its contract seal (`DEFAULT_COMPANY_SEAL_NAME`,
 * from the template, normal, made by nobody): the seal page and signing call it before they look
 * for seals. Requests that race make one seal: the company's row is locked and the seals counted
 * again before the insert. Answers whether it made one.
 */
export async function ensureDefaultCompanySeal(
  context: Pick<AppContext, 'database' | 'storage'>,
  tenantId: string,
  companyId: number,
): Promise<boolean> {
  const [company] = await context.database.query<{
    full_name: string;
    legal_name: string;
    auth_status: number;
    has_seal: boolean;
  }>(
    `SELECT c.full_name, c.legal_name, c.auth_status,
       EXISTS (SELECT 1 FROM seals s WHERE s.company_id = c.id) AS has_seal
     FROM companies c WHERE c.id = $1 AND c.tenant_id = $2`,
    [companyId, tenantId],
  );
  if (!company || company.auth_status !== 1 || company.has_seal) return false;
  // Drawn and stored before the lock is taken, so that racing requests do not wait on the drawing;
  // the loser's file is removed.
  const drawing: CompanySealDrawing = {
    type: 'contract',
    colour: 'red',
    horizontalText: '',
    belowText: '',
    aged: false,
  };
  const image = await drawCompanySeal(
    { id: companyId, tenantId, fullName: company.full_name, legalName: company.legal_name },
    drawing,
  );
  const stored = await storeSealImage(context.storage, tenantId, image);
  let made = false;
  try {
    made = await context.database.transaction(async (tx) => {
      await tx.query('SELECT id FROM companies WHERE id = $1 FOR UPDATE', [companyId]);
      const [existing] = await tx.query('SELECT 1 FROM seals WHERE company_id = $1 LIMIT 1', [
        companyId,
      ]);
      if (existing) return false;
      await tx.query(
        `INSERT INTO seals (tenant_id, company_id, name, make_way, type, colour, horizontal_text,
         below_text, aged, status, image_id, storage_key, image_sha256, width, height, created_by)
       VALUES ($1, $2, $3, 'template', $4, $5, $6, $7, $8, 'normal', $9, $10, $11, $12, $13, NULL)`,
        [
          tenantId,
          companyId,
          DEFAULT_COMPANY_SEAL_NAME,
          drawing.type,
          drawing.colour,
          drawing.horizontalText,
          drawing.belowText,
          drawing.aged,
          stored.imageId,
          stored.storageKey,
          image.sha256,
          image.width,
          image.height,
        ],
      );
      return true;
    });
  } finally {
    if (!made) await context.storage.remove(stored.storageKey).catch(() => undefined);
  }
  return made;
}
