/** The demo API's answers to the enterprise console's calls about affiliated companies, by path. */
import type { ConsoleCall } from './demoTemplates';

export const SUB_COMPANY_CALLS: Record<string, ConsoleCall> = {};
