import { PATHS, type ContractStatistics } from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import { sessionConsole } from '../companies/console';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { countContracts } from './statistics';

/** The contract calls of sicpay-contract that read the session's console's contracts. */
export async function contractRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;

  route(app, context, {
    method: 'GET',
    path: PATHS.dashboard,
    summary: 'The console’s contracts counted by status, for the home screen',
    tag: 'sicpay-contract',
    auth: 'user',
    handler: async ({ session }): Promise<ContractStatistics> => {
      await sessionConsole(database, session);
      return countContracts(database, session);
    },
  });
}
