import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { closingRoutes } from './closing';
import { passwordRoutes } from './password';
import { phoneRoutes } from './phone';
import { signUpRoutes } from './sign-up';

/** The account calls of spec 000 §7 that take codes and passwords: sign-up, password, phone, closing. */
export async function accountRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  signUpRoutes(app, context);
  passwordRoutes(app, context);
  phoneRoutes(app, context);
  closingRoutes(app, context);
}
