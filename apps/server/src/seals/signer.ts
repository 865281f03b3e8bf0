import type { AccessClaims } from '../auth/tokens';
import type { Database } from '../db';
import { ApiError } from '../http/route';
import type { SealSigner } from './seal-image';

/** Whose seal: the signed-in person's own, or the company of the console the session acts in. */
export type SealKind = SealSigner['kind'];

/**
 * The generated seal a session may use: the person's name seal once their real name is verified,
 * the company's round seal once the company is verified and the person is its member. Throws
 * `ApiError` (403 outside a company console or the company, 400 before verification).
 */
export async function sealSignerOf(
  database: Database,
  session: AccessClaims,
  kind: SealKind,
): Promise<SealSigner> {
  if (kind === 'personal') {
    const [user] = await database.query<{ name: string; real_name_verified: boolean }>(
      'SELECT name, real_name_verified FROM users WHERE id = $1 AND tenant_id = $2',
      [session.userId, session.tenantId],
    );
    if (!user) throw new ApiError('notFound', 404);
    if (!user.real_name_verified || !user.name.trim()) throw new ApiError('sealNeedsRealName');
    return { kind: 'personal', name: user.name };
  }
  if (session.companyId === -1) throw new ApiError('noPermission', 403);
  const [company] = await database.query<{ full_name: string; auth_status: number }>(
    `SELECT c.full_name, c.auth_status
     FROM companies c
     JOIN company_members m ON m.company_id = c.id AND m.user_id = $2 AND m.status = 'active'
     WHERE c.id = $1 AND c.tenant_id = $3`,
    [session.companyId, session.userId, session.tenantId],
  );
  if (!company) throw new ApiError('noPermission', 403);
  if (company.auth_status !== 1) throw new ApiError('sealNeedsVerifiedCompany');
  return { kind: 'company', companyName: company.full_name };
}
