/**
 * The seals a signer may use for one contract on one day (issue 14, "Signing draws from here"):
 * seal/listContractSeal offers exactly these and contract/sign accepts nothing else.
 *
 * - In the personal console: the person's own seals in normal use (never another person's).
 * - In a company console: the company's seals in normal use, the company verified and the person
 *   an active member, and either the person is the company's system administrator (who grants the
 *   authorisations, so holds every seal) or an authorisation not withdrawn covers them — all staff
 *   or them by name, all contracts or the contract's template, and the day between its start and
 *   end dates (both included). Either right (use or manage) allows stamping. For one contract
 *   (`contractId`), an approved signing approval the member applied for because they held no seal
 *   (approvals/, `because` 'seal') lets them use the company's seals on it too.
 *
 * One query, run on whatever connection the caller holds: contract/sign asks again inside its
 * transaction, so that an authorisation withdrawn a moment before signing is not used.
 */
import { PERSONAL_CONSOLE_ID } from '@esign/platform';
import type { AccessClaims } from '../auth/tokens';
import type { Queryable } from '../db';

/** A seal the session may sign the contract with, and what allows it. */
export interface UsableSeal {
  id: number;
  kind: 'personal' | 'company';
  name: string;
  imageId: string;
  storageKey: string;
  sha256: string;
  /** The PNG's size in pixels: a stamp keeps its proportions. */
  width: number;
  height: number;
  isDefault: boolean;
  /** The authorisation that allows it; null for one's own seal or the administrator's. */
  authorizationId: number | null;
}

interface UsableRow {
  id: string;
  name: string;
  image_id: string;
  storage_key: string;
  image_sha256: string;
  width: number;
  height: number;
  is_default: boolean;
  authorization_id: string | null;
}

/**
 * The seals `session` may use on `day` (yyyy-MM-dd, China's calendar) for a contract made from
 * `templateId` (null for a contract from a file), in the order to offer them: the default first.
 */
export async function usableSeals(
  db: Pick<Queryable, 'query'>,
  session: AccessClaims,
  {
    templateId,
    day,
    contractId,
  }: { templateId: number | null; day: string; contractId?: number | undefined },
): Promise<UsableSeal[]> {
  if (session.companyId === PERSONAL_CONSOLE_ID) {
    const rows = await db.query<UsableRow>(
      `SELECT s.id, s.name, s.image_id, s.storage_key, s.image_sha256, s.width, s.height, s.is_default,
              NULL AS authorization_id
       FROM seals s
       JOIN users u ON u.id = s.owner_user_id AND u.real_name_verified
       WHERE s.owner_user_id = $1 AND s.tenant_id = $2 AND s.status = 'normal'
       ORDER BY s.is_default DESC, s.created_at DESC, s.id DESC`,
      [session.userId, session.tenantId],
    );
    return rows.map((row) => usable(row, 'personal'));
  }
  const rows = await db.query<UsableRow>(
    `SELECT DISTINCT ON (s.id) s.id, s.name, s.image_id, s.storage_key, s.image_sha256,
            s.width, s.height,
            (s.type = 'contract') AS is_default, a.id AS authorization_id
     FROM seals s
     JOIN companies c ON c.id = s.company_id AND c.tenant_id = $3 AND c.auth_status = 1
     JOIN company_members m ON m.company_id = c.id AND m.user_id = $2 AND m.status = 'active'
     LEFT JOIN company_roles r ON r.id = m.role_id
     LEFT JOIN seal_authorizations a ON a.seal_id = s.id AND a.revoked_at IS NULL
       AND (a.staff_range = 'all' OR a.grantee_user_id = $2)
       AND (a.contract_range = 'all' OR a.template_id = $4)
       AND a.start_date <= $5::date AND a.end_date >= $5::date
     WHERE s.company_id = $1 AND s.status = 'normal'
       AND (r.builtin = 'admin' OR a.id IS NOT NULL OR EXISTS (
         SELECT 1 FROM approvals ap WHERE ap.contract_id = $6 AND ap.company_id = s.company_id
           AND ap.applicant_user_id = $2 AND ap.because = 'seal' AND ap.status = 'approved'))
     ORDER BY s.id, (a.grantee_user_id IS NULL), a.id`,
    [session.companyId, session.userId, session.tenantId, templateId, day, contractId ?? null],
  );
  const seals = rows.map((row) => usable(row, 'company'));
  // The contract seal first: it is what contracts are stamped with; then the newest.
  return seals.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || b.id - a.id);
}

function usable(row: UsableRow, kind: UsableSeal['kind']): UsableSeal {
  return {
    id: Number(row.id),
    kind,
    name: row.name,
    imageId: row.image_id,
    storageKey: row.storage_key,
    sha256: row.image_sha256,
    width: row.width,
    height: row.height,
    isDefault: row.is_default,
    authorizationId: row.authorization_id === null ? null : Number(row.authorization_id),
  };
}
