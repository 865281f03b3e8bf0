/** The demo API's answers to the calls of the user center, by path. */
import type { ConsoleCall } from './demoTemplates';

export const USER_CENTER_CALLS: Record<string, ConsoleCall> = {};
