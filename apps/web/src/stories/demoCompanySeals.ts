/** The demo API's answers to the enterprise console's seal calls, by path. */
import type { ConsoleCall } from './demoTemplates';

export const COMPANY_SEAL_CALLS: Record<string, ConsoleCall> = {};
