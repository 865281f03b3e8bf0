import type { Queryable } from '../db';
import { addMember, createBuiltinRoles } from '../companies/roles';
import { ApiError } from '../http/route';
import { lockBuckets } from '../rate-limits';

type Sql = Pick<Queryable, 'query'>;

/**
 * Refuses a company name or credit code the tenant already has: a verified company of that name
 * ('apply to join it instead'), any other company row of that name (names are unique per tenant),
 * or a verified company with that credit code.
 */
export async function refuseTaken(
  db: Sql,
  tenantId: string,
  fullName: string,
  creditCode: string,
): Promise<void> {
  const [taken] = await db.query<{ by_name: boolean }>(
    `SELECT lower(full_name) = lower($2) AS by_name FROM companies
     WHERE tenant_id = $1 AND (lower(full_name) = lower($2)
       OR (upper(credit_code) = upper($3) AND auth_status = 1 AND written_off_at IS NULL))
     ORDER BY 1 DESC LIMIT 1`,
    [tenantId, fullName, creditCode],
  );
  if (taken) {
    throw new ApiError(taken.by_name ? 'companyAuthNameTaken' : 'companyAuthCreditCodeTaken', 409);
  }
}

/**
 * Approves an unfinished application in `tx`: makes the company (authStatus 1, with its credit
 * code and legal representative), its built-in roles, and the applicant its system administrator;
 * the application then names the company. The name and credit code are locked first, so that two
 * applications for one company never both make it. The operator's review calls this too, with
 * `reviewerId`. Gives the new company's id.
 */
export async function approveApplication(
  tx: Sql,
  applicationId: number,
  reviewerId: number | null = null,
): Promise<number> {
  const [application] = await tx.query<{
    tenant_id: string;
    user_id: string;
    full_name: string;
    credit_code: string;
    legal_name: string;
    legal_phone: string;
    status: string;
  }>('SELECT * FROM company_auth_applications WHERE id = $1 FOR UPDATE', [applicationId]);
  if (!application) throw new ApiError('companyAuthNotFound', 404);
  if (application.status !== 'pending' && application.status !== 'pending_review') {
    throw new ApiError('companyAuthFinished', 409);
  }
  const { tenant_id: tenantId, full_name: fullName, credit_code: creditCode } = application;
  await lockBuckets(tx, [
    `company-name:${tenantId}:${fullName.toLowerCase()}`,
    `company-credit-code:${tenantId}:${creditCode.toUpperCase()}`,
  ]);
  await refuseTaken(tx, tenantId, fullName, creditCode);
  const [company] = await tx.query<{ id: string }>(
    `INSERT INTO companies (tenant_id, full_name, auth_status, credit_code, legal_name, legal_phone)
     VALUES ($1, $2, 1, $3, $4, $5) RETURNING id`,
    [tenantId, fullName, creditCode, application.legal_name, application.legal_phone],
  );
  const companyId = Number(company!.id);
  await createBuiltinRoles(tx, companyId);
  await addMember(tx, companyId, Number(application.user_id), 'admin');
  await tx.query(
    `UPDATE company_auth_applications SET status = 'approved', company_id = $2,
       reviewed_by = $3, reviewed_at = CASE WHEN $3::bigint IS NULL THEN NULL ELSE now() END,
       updated_at = now()
     WHERE id = $1`,
    [applicationId, companyId, reviewerId],
  );
  return companyId;
}
