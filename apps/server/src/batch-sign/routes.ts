/**
 * The calls of batch signing (issue 30; CONTEXT.md): contract/createBatchSign and
 * contract/getBatchSignInfo, and the job that signs a batch's contracts.
 */
import {
  BATCH_SIGN_EXAMPLES,
  PATHS,
  batchSignCreateBody,
  batchSignInfoQuery,
  type BatchSignInfo,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError, route } from '../http/route';
import { BATCH_SIGN_JOB, batchSignHandler, createBatchSign, readBatch } from './batch';

export async function batchSignRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  context.jobs.handle(BATCH_SIGN_JOB, batchSignHandler(context, app.log));

  route(app, context, {
    method: 'POST',
    path: PATHS.contractCreateBatchSign,
    example: BATCH_SIGN_EXAMPLES.create,
    summary:
      'Signs the selected contracts with one seal and one confirmation (an SMS code of sendAuthCode, or a ticket of validateAuthCode or getFaceResult for ids[0]), spent once for the batch. Contracts the session may not sign now are failed items at once, with their reason (409 when none is left); the others are signed by a job, one after the other, each exactly as contract/sign signs. Answers the batch at once, to poll with getBatchSignInfo',
    tag: 'sicpay-contract',
    permission: 'signedIn',
    body: batchSignCreateBody,
    handler: ({ session, body, locale, request }): Promise<BatchSignInfo> =>
      createBatchSign(context, session, request.ip, body, locale),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.contractBatchSignInfo,
    example: { query: { id: 58 }, answer: BATCH_SIGN_EXAMPLES.running },
    summary:
      'How a batch of createBatchSign stands: its counts (signed, failed, remaining) and each contract’s state, with the reason of a failure in the user’s language. Only its creator, in the console it was created in, reads it (404 otherwise)',
    tag: 'sicpay-contract',
    permission: 'signedIn',
    query: batchSignInfoQuery,
    handler: async ({ session, query, locale }): Promise<BatchSignInfo> => {
      const batch = await readBatch(context.database, session, query.id, locale);
      if (!batch) throw new ApiError('notFound', 404);
      return batch;
    },
  });
}
