/** The demo API's answers to the enterprise console's calls about staff list, invitations, applications, roles of members, forbidding, removal, by path. */
import type { ConsoleCall } from './demoTemplates';

export const STAFF_CALLS: Record<string, ConsoleCall> = {};
