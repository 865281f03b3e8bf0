import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** Personal real-name verification (busi-user): the methods, their providers, and the operators' reviews. */
export async function realNameRoutes(_app: FastifyInstance, _context: AppContext): Promise<void> {}
