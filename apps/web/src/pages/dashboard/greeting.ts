/**
 * Whether the dashboard greets a person for the first time or welcomes them back. userInfo says
 * nothing of an account's age, so the browser remembers whom it has greeted: a brand-new user
 * (just registered) is greeted "Welcome", and "Welcome back" on every later visit.
 */

/** The users (ids) this browser has greeted, as a JSON list. */
export const GREETED_KEY = 'esign.greetedUsers';

/** The ids kept, the most recent last: enough for everyone who shares a browser. */
const KEPT = 20;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function greetedIn(store: Store): string[] {
  try {
    const list: unknown = JSON.parse(store.getItem(GREETED_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    // A value someone else wrote there: start again rather than fail the dashboard.
    return [];
  }
}

/** Whether this browser has not yet greeted user `userId`. */
export function isFirstVisit(userId: string, store: Store): boolean {
  return !greetedIn(store).includes(userId);
}

/** Remembers that user `userId` was greeted. */
export function rememberGreeted(userId: string, store: Store): void {
  const greeted = greetedIn(store).filter((id) => id !== userId);
  greeted.push(userId);
  try {
    store.setItem(GREETED_KEY, JSON.stringify(greeted.slice(-KEPT)));
  } catch {
    // Storage full or refused (private mode): the next visit greets as a first one again.
  }
}
