import {
  PATHS,
  operatorDecideSchema,
  operatorReviewsQuerySchema,
  type OperatorReview,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { maskPhone } from '../contracts/auth-codes';
import type { Queryable } from '../db';
import { ApiError, route } from '../http/route';
import { insertMessage } from '../messages/write';
import { recordVerified, shownReview, type ReviewRow } from '../real-name/verify';
import { requireOperator } from './access';
import { operatorCompanyReviewRoutes } from './company-reviews';

const TAG = 'blade-user';

type Sql = Pick<Queryable, 'query'>;

const shownForOperator = (row: ReviewRow & { phone: string }): OperatorReview => ({
  ...shownReview(row),
  phone: maskPhone(row.phone),
  userId: Number(row.user_id),
});

/** Tells the applicant how their review ended, through the message centre (both languages). */
async function notifyApplicant(tx: Sql, row: ReviewRow, approved: boolean, reason: string) {
  const title = approved
    ? { en: 'Real-name verification approved', zh: '实名认证审核通过' }
    : { en: 'Real-name verification rejected', zh: '实名认证审核未通过' };
  const content = approved
    ? {
        en: 'Your manual review was approved: your real name is verified.',
        zh: '您的人工审核已通过，已完成实名认证。',
      }
    : { en: `Your manual review was rejected: ${reason}`, zh: `您的人工审核未通过：${reason}` };
  await insertMessage(tx, {
    tenantId: row.tenant_id,
    userId: row.user_id,
    companyId: null,
    title,
    content,
  });
}

/**
 * The platform operators' calls: manual real-name reviews of the operator's tenant, listed and
 * decided. Open to any signed-in account by the route helper (operators are not a company role);
 * each call refuses anyone not `users.platform_operator` with 403.
 */
export async function operatorRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;

  route(app, context, {
    method: 'GET',
    path: PATHS.operatorReviews,
    summary:
      "Operators only (403 otherwise): the tenant's manual real-name reviews by status (pending by default, oldest first; decided ones newest first), at most 200",
    tag: TAG,
    permission: 'signedIn',
    query: operatorReviewsQuerySchema,
    example: { query: { status: 'pending' } },
    handler: async ({ session, query }): Promise<OperatorReview[]> => {
      await requireOperator(database, session.userId);
      const status = query.status ?? 'pending';
      const rows = await database.query<ReviewRow & { phone: string }>(
        `SELECT r.*, u.phone FROM real_name_reviews r JOIN users u ON u.id = r.user_id
         WHERE r.tenant_id = $1 AND r.status = $2
         ORDER BY ${status === 'pending' ? 'r.created_at, r.id' : 'r.decided_at DESC, r.id DESC'}
         LIMIT 200`,
        [session.tenantId, status],
      );
      return rows.map(shownForOperator);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.operatorDecide,
    summary:
      'Operators only (403 otherwise): approves a pending review (the applicant is verified under its name, one ID number one account) or rejects it with a reason the applicant reads',
    tag: TAG,
    permission: 'signedIn',
    body: operatorDecideSchema,
    example: { body: { id: 1, approve: false, reason: 'The photo of the back is blurred' } },
    handler: async ({ session, body }): Promise<OperatorReview> => {
      await requireOperator(database, session.userId);
      const reason = body.reason?.trim() ?? '';
      if (!body.approve && !reason) throw new ApiError('reviewReasonRequired');
      return database.transaction(async (tx) => {
        const [row] = await tx.query<ReviewRow & { phone: string }>(
          `SELECT r.*, u.phone FROM real_name_reviews r JOIN users u ON u.id = r.user_id
           WHERE r.id = $1 AND r.tenant_id = $2 FOR UPDATE OF r`,
          [body.id, session.tenantId],
        );
        if (!row) throw new ApiError('notFound', 404);
        if (row.status !== 'pending') throw new ApiError('reviewDecided', 409);
        if (body.approve) {
          await recordVerified(tx, {
            tenantId: row.tenant_id,
            userId: Number(row.user_id),
            name: row.name,
            idHash: row.id_hash,
            method: 'manual',
          });
        }
        const [decided] = await tx.query<ReviewRow>(
          `UPDATE real_name_reviews SET status = $2, reason = $3, decided_by = $4, decided_at = now()
           WHERE id = $1 RETURNING *`,
          [
            row.id,
            body.approve ? 'approved' : 'rejected',
            body.approve ? null : reason,
            session.userId,
          ],
        );
        await notifyApplicant(tx, row, body.approve, reason);
        return shownForOperator({ ...decided!, phone: row.phone });
      });
    },
  });

  // Companies' authorisation letters (company-auth), decided by the same operators.
  await operatorCompanyReviewRoutes(app, context);
}
