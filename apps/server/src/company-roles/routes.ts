import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** Company roles (blade-system/company-role): list, grant tree, grants, create, rename, delete. */
export async function companyRoleRoutes(
  _app: FastifyInstance,
  _context: AppContext,
): Promise<void> {}
