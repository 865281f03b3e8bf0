import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** The user center: basic information and avatar, addresses. */
export async function userCenterRoutes(_app: FastifyInstance, _context: AppContext): Promise<void> {}
