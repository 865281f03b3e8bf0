/** The demo API's answers to the calls of personal real-name verification, by path. */
import type { ConsoleCall } from './demoTemplates';

export const REAL_NAME_CALLS: Record<string, ConsoleCall> = {};
