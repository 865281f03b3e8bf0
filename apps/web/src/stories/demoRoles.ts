/** The demo API's answers to the enterprise console's calls about company roles and their grants, by path. */
import type { ConsoleCall } from './demoTemplates';

export const ROLE_CALLS: Record<string, ConsoleCall> = {};
