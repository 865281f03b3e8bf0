/** The demo API's answers to the enterprise console's calls about company information and its changes, by path. */
import type { ConsoleCall } from './demoTemplates';

export const COMPANY_INFO_CALLS: Record<string, ConsoleCall> = {};
