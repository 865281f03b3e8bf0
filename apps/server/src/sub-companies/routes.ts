import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** Affiliated companies (sub-company): page, invitations, status. */
export async function subCompanyRoutes(
  _app: FastifyInstance,
  _context: AppContext,
): Promise<void> {}
