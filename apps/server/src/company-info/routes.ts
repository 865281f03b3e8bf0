import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** The company's information (busi-company): data, certification, legal representative, name and administrator changes, write-off. */
export async function companyInfoRoutes(
  _app: FastifyInstance,
  _context: AppContext,
): Promise<void> {}
