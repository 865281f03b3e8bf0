/**
 * Whose certificates a call touches: the session's company (tenant and company from the session,
 * never from the body). Certificates belong to companies; the personal console has none.
 */
import { PERSONAL_CONSOLE_ID } from '@esign/platform';
import type { Queryable } from '../db';
import { ApiError } from '../http/route';
import type { CertificateHolder } from './issue';

export interface CertificateOwner {
  tenantId: string;
  companyId: number;
  /** Who acts. */
  userId: number;
}

/** The session's company as the owner of its certificates; 403 in the personal console. */
export function certificateOwnerOf(session: {
  tenantId: string;
  userId: number | string;
  companyId: number | string;
}): CertificateOwner {
  const companyId = Number(session.companyId);
  if (companyId === PERSONAL_CONSOLE_ID) throw new ApiError('certificatesCompanyOnly', 403);
  return { tenantId: session.tenantId, companyId, userId: Number(session.userId) };
}

/** The company as its certificates name it. */
export async function companyHolder(
  db: Pick<Queryable, 'query'>,
  owner: CertificateOwner,
  commonName?: (company: string) => string,
): Promise<CertificateHolder> {
  const [company] = await db.query<{ full_name: string; credit_code: string | null }>(
    'SELECT full_name, credit_code FROM companies WHERE id = $1 AND tenant_id = $2',
    [owner.companyId, owner.tenantId],
  );
  if (!company) throw new ApiError('notFound', 404);
  return {
    commonName: commonName ? commonName(company.full_name) : company.full_name,
    organisation: company.full_name,
    creditCode: company.credit_code,
  };
}

/** A timestamp column as the answers give it. */
export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();
