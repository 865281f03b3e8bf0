/**
 * The session ended while this tab was open: the server refused it (HTTP 401), or the user logged
 * out in another tab. The tab leaves for /login at once — unless a screen holds unsaved work:
 * then it stays, and layout/SessionEnded.tsx asks the user, offering to sign in again in a new
 * tab (this tab takes that session and the work can be saved) or to leave without saving.
 */
import { createStore } from 'zustand/vanilla';
import { hasUnsavedWork } from './unsavedWork';

export type SessionEndReason = 'expired' | 'loggedOutElsewhere';

interface SessionEnd {
  /** Why the session ended, while the user decides; null otherwise. */
  pending: SessionEndReason | null;
}

export const sessionEnd = createStore<SessionEnd>()(() => ({ pending: null }));

/**
 * Leaves for the login page now (`leave`), or, with unsaved work on screen, keeps the page and
 * asks the user first.
 */
export function endSession(reason: SessionEndReason, leave: () => void): void {
  if (hasUnsavedWork()) sessionEnd.setState({ pending: reason });
  else leave();
}
