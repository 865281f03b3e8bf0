import {
  PATHS,
  contractMyPageQuery,
  contractQuickPageQuery,
  type ContractListPage,
  type ContractStatistics,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import { sessionConsole } from '../companies/console';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { signingAuthorityRoutes } from './authority-routes';
import { contractCreateRoutes } from './create-routes';
import { EXAMPLE_LIST_ITEM, EXAMPLE_LIST_PAGE } from './examples';
import { contractLifeRoutes } from './life-routes';
import { listContracts } from './lists';
import { contractSigningRoutes } from './sign-routes';
import { countContracts } from './statistics';
import { rescissionRoutes } from './rescind';

/** The contract calls of sicpay-contract that read the session's console's contracts. */
export async function contractRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;
  contractCreateRoutes(app, context);
  contractLifeRoutes(app, context);
  await contractSigningRoutes(app, context);
  rescissionRoutes(app, context);
  signingAuthorityRoutes(app, context);

  route(app, context, {
    method: 'GET',
    path: PATHS.dashboard,
    summary: 'The console’s contracts counted by status, for the home screen',
    tag: 'sicpay-contract',
    permission: 'signedIn',
    example: {
      answer: {
        filling: 3,
        signing: 5,
        refused: 1,
        approvalRejected: 0,
        completed: 42,
        expired: 2,
      } satisfies ContractStatistics,
    },
    handler: async ({ session }): Promise<ContractStatistics> => {
      await sessionConsole(database, session);
      return countContracts(database, session);
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.contractQuickPage,
    summary:
      'The contract list’s tabs of work (tab: todo = handled by me, waiting = handled by others, completed), searched and paged, newest first',
    tag: 'sicpay-contract',
    permission: 'signedIn',
    query: contractQuickPageQuery,
    example: {
      query: { tab: 'todo', current: 1, size: 10, name: 'Service', status: 'filling' },
      answer: EXAMPLE_LIST_PAGE,
    },
    handler: async ({ session, query }): Promise<ContractListPage> => {
      await sessionConsole(database, session);
      return listContracts(database, session, query);
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.contractMyPage,
    summary:
      'My contracts (tab: all, initiated, received, copied = copy recipient), searched and paged, newest first',
    tag: 'sicpay-contract',
    permission: 'signedIn',
    query: contractMyPageQuery,
    example: {
      query: {
        tab: 'initiated',
        current: 1,
        size: 10,
        signFrom: '2026-11-01T00:00:00+08:00',
        signTo: '2026-11-30T23:59:59+08:00',
        participant: '13800000001',
      },
      answer: { ...EXAMPLE_LIST_PAGE, records: [{ ...EXAMPLE_LIST_ITEM, myAction: null }] },
    },
    handler: async ({ session, query }): Promise<ContractListPage> => {
      await sessionConsole(database, session);
      return listContracts(database, session, query);
    },
  });
}
