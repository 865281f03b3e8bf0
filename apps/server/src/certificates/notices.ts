/**
 * Message-centre records about a company's certificates: to its administrators (the built-in
 * system administrator role, active members), in both languages, in the company's console.
 */
import type { Queryable } from '../db';
import type { Bilingual } from '../messages/write';

export interface AdministratorNotice {
  tenantId: string;
  companyId: number;
  /** Someone else to tell as well (the applicant), once even when an administrator. */
  alsoUserId: number | null;
  title: Bilingual;
  content: Bilingual;
  /** Where opening it leads (`MESSAGE_REDIRECT`). */
  redirectType: number;
}

/** Writes the notice for each administrator of the company (and `alsoUserId`); gives how many. */
export async function notifyAdministrators(
  tx: Pick<Queryable, 'query'>,
  notice: AdministratorNotice,
): Promise<number> {
  const rows = await tx.query(
    `WITH recipients AS (
       SELECT m.user_id FROM company_members m JOIN company_roles r ON r.id = m.role_id
        WHERE m.company_id = $2 AND m.status = 'active' AND r.builtin = 'admin'
       UNION
       SELECT $3::bigint WHERE $3::bigint IS NOT NULL)
     INSERT INTO messages (tenant_id, user_id, company_id, title, content, title_zh, content_zh,
       redirect_type)
     SELECT $1, user_id, $2, $4, $5, $6, $7, $8 FROM recipients ORDER BY user_id
     RETURNING id`,
    [
      notice.tenantId,
      notice.companyId,
      notice.alsoUserId,
      notice.title.en,
      notice.content.en,
      notice.title.zh,
      notice.content.zh,
      notice.redirectType,
    ],
  );
  return rows.length;
}
