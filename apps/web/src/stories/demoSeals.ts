/** The demo API's answers to the personal seal calls, by path (signed in), and the phone page's (no session). */
import type { Answer, DemoRequest } from './demoApi';
import type { ConsoleCall } from './demoTemplates';

export const SEAL_CALLS: Record<string, ConsoleCall> = {};

/** The phone handwriting page's calls, answered without a session (the ticket is the right). */
export const SEAL_PUBLIC_CALLS: Record<string, (request: DemoRequest) => Answer> = {};
