import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** A company's seals (/enterprise-console/seal…): statuses and authorisations. */
export async function companySealRoutes(
  _app: FastifyInstance,
  _context: AppContext,
): Promise<void> {}
