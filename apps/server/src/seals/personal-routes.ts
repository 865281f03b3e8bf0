import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** A person's own seals (/user-center/seal) and the phone handwriting through a QR ticket. */
export async function personalSealRoutes(
  _app: FastifyInstance,
  _context: AppContext,
): Promise<void> {}
