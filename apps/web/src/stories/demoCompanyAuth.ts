/** The demo API's answers to the calls of company real-name verification, by path. */
import type { ConsoleCall } from './demoTemplates';

export const COMPANY_AUTH_CALLS: Record<string, ConsoleCall> = {};
