import {
  PATHS,
  operatorCompanyDecideSchema,
  operatorCompanyReviewsQuerySchema,
  type CompanyReviewStatus,
  type OperatorCompanyReview,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import { approveApplication } from '../company-auth/approve';
import type { AppContext } from '../context';
import { maskPhone } from '../contracts/auth-codes';
import type { Queryable } from '../db';
import { ApiError, route } from '../http/route';
import { insertMessage } from '../messages/write';
import { requireOperator } from './access';

const TAG = 'blade-user';

type Sql = Pick<Queryable, 'query'>;

interface CompanyReviewRow {
  id: string;
  tenant_id: string;
  user_id: string;
  kind: 'company' | 'business';
  full_name: string;
  credit_code: string;
  legal_name: string;
  letter_type: 'pdf' | 'jpeg' | 'png' | null;
  status: string;
  review_reason: string | null;
  company_id: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  reviewed_at: string | Date | null;
  applicant_name: string;
  applicant_phone: string;
}

const STORED: Record<CompanyReviewStatus, string> = {
  pendingReview: 'pending_review',
  approved: 'approved',
  rejected: 'rejected',
};

/** Letters only: an application approved by another method never reached an operator. */
const SELECT = `SELECT a.*, u.name AS applicant_name, u.phone AS applicant_phone
  FROM company_auth_applications a JOIN users u ON u.id = a.user_id
  WHERE a.method = 'letter'`;

const iso = (value: string | Date) => new Date(value).toISOString();

function shown(row: CompanyReviewRow): OperatorCompanyReview {
  const status: CompanyReviewStatus =
    row.status === 'pending_review' ? 'pendingReview' : (row.status as CompanyReviewStatus);
  return {
    id: String(row.id),
    kind: row.kind,
    companyName: row.full_name,
    creditCode: row.credit_code,
    legalName: row.legal_name,
    applicantName: row.applicant_name,
    applicantPhone: maskPhone(row.applicant_phone),
    letterType: row.letter_type,
    status,
    reason: row.review_reason,
    // The letter's upload is the application's last change until the decision; approving changes
    // updated_at, so an approved one shows when it began.
    submittedAt: iso(status === 'approved' ? row.created_at : row.updated_at),
    reviewedAt: row.reviewed_at ? iso(row.reviewed_at) : null,
    companyId: row.company_id === null ? null : Number(row.company_id),
  };
}

/** Tells the applicant how the review of their letter ended, through the message centre. */
async function notifyApplicant(tx: Sql, row: CompanyReviewRow, approved: boolean, reason: string) {
  const name = row.full_name;
  const title = approved
    ? { en: 'Company verification approved', zh: '企业认证审核通过' }
    : { en: 'Company verification rejected', zh: '企业认证审核未通过' };
  const content = approved
    ? {
        en: `The authorisation letter of ${name} was approved: the company is verified and you are its administrator.`,
        zh: `${name} 的授权书已审核通过，企业已完成认证，您是企业管理员。`,
      }
    : {
        en: `The authorisation letter of ${name} was rejected: ${reason}`,
        zh: `${name} 的授权书审核未通过：${reason}`,
      };
  await insertMessage(tx, {
    tenantId: row.tenant_id,
    userId: row.user_id,
    companyId: null,
    title,
    content,
  });
}

/**
 * The operators' review of companies' authorisation letters (company-auth certificate-auth leaves
 * them `pending_review`): listed, then approved (company-auth/approve.ts makes the company with
 * the applicant as its administrator) or rejected with a reason. Any signed-in account reaches the
 * route; each call refuses anyone not `users.platform_operator` with 403.
 */
export async function operatorCompanyReviewRoutes(
  app: FastifyInstance,
  context: AppContext,
): Promise<void> {
  const { database } = context;

  route(app, context, {
    method: 'GET',
    path: PATHS.operatorCompanyReviews,
    summary:
      "Operators only (403 otherwise): the tenant's company verifications by authorisation letter by status (pendingReview by default, oldest first; decided ones newest first), at most 200",
    tag: TAG,
    permission: 'signedIn',
    query: operatorCompanyReviewsQuerySchema,
    example: { query: { status: 'pendingReview' } },
    handler: async ({ session, query }): Promise<OperatorCompanyReview[]> => {
      await requireOperator(database, session.userId);
      const status = query.status ?? 'pendingReview';
      const rows = await database.query<CompanyReviewRow>(
        `${SELECT} AND a.tenant_id = $1 AND a.status = $2
         ORDER BY ${status === 'pendingReview' ? 'a.updated_at, a.id' : 'a.reviewed_at DESC NULLS LAST, a.id DESC'}
         LIMIT 200`,
        [session.tenantId, STORED[status]],
      );
      return rows.map(shown);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.operatorCompanyDecide,
    summary:
      "Operators only (403 otherwise): approves a company's authorisation letter (the company is made, verified, with the applicant as its administrator) or rejects it with a reason the applicant reads; a decided one answers 409",
    tag: TAG,
    permission: 'signedIn',
    body: operatorCompanyDecideSchema,
    example: { body: { id: 1, approve: false, reason: 'The letter is not stamped' } },
    handler: async ({ session, body }): Promise<OperatorCompanyReview> => {
      await requireOperator(database, session.userId);
      const reason = body.reason?.trim() ?? '';
      if (!body.approve && !reason) throw new ApiError('reviewReasonRequired');
      return database.transaction(async (tx) => {
        const [row] = await tx.query<CompanyReviewRow>(
          `${SELECT} AND a.id = $1 AND a.tenant_id = $2 FOR UPDATE OF a`,
          [body.id, session.tenantId],
        );
        if (!row) throw new ApiError('companyAuthNotFound', 404);
        if (row.status !== 'pending_review') throw new ApiError('companyReviewDecided', 409);
        if (body.approve) {
          await approveApplication(tx, body.id, session.userId);
        } else {
          await tx.query(
            `UPDATE company_auth_applications SET status = 'rejected', review_reason = $2,
               reviewed_by = $3, reviewed_at = now()
             WHERE id = $1 AND status = 'pending_review'`,
            [body.id, reason, session.userId],
          );
        }
        await notifyApplicant(tx, row, body.approve, reason);
        const [decided] = await tx.query<CompanyReviewRow>(`${SELECT} AND a.id = $1`, [body.id]);
        return shown(decided!);
      });
    },
  });
}
