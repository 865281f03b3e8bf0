import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** Company real-name verification (busi-company): checks, legal representative, micro-payment, letter, face; the company exists once approved. */
export async function companyAuthRoutes(_app: FastifyInstance, _context: AppContext): Promise<void> {}
