/**
 * The console each user of this browser last worked in, so that the next login lands there
 * (issue 29: an administrator who works only in the company should not start in the personal
 * console every time). It is kept apart from the session's keys because it outlives the session:
 * logout forgets the tokens, not where the user worked. Only the console's id and name are kept —
 * the server decides at the next login whether the user may still enter it.
 */
import type { TokenResponse } from '@esign/platform';
import type { KeyValueStorage } from './keys';

/** The localStorage key of the consoles last used, by user. */
export const LAST_CONSOLES_KEY = 'lastConsoles';

/** A console as the session keeps it (spec 000 §3's company_id and companyName). */
export interface RememberedConsole {
  companyId: number;
  companyName: string;
}

/** Who the console belongs to: a user of a tenant, as the token endpoint names them. */
export type ConsoleUser = Pick<TokenResponse, 'tenant_id' | 'user_id'>;

const userKey = ({ tenant_id, user_id }: ConsoleUser) => `${tenant_id}:${user_id}`;

function readAll(storage: KeyValueStorage): Record<string, RememberedConsole> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(LAST_CONSOLES_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, RememberedConsole>)
      : {};
  } catch {
    // Written by hand or by an older app: start again rather than fail the login.
    return {};
  }
}

/** The console `user` last worked in on this browser, or null. */
export function rememberedConsole(
  storage: KeyValueStorage,
  user: ConsoleUser,
): RememberedConsole | null {
  const entry = readAll(storage)[userKey(user)];
  return entry && Number.isSafeInteger(entry.companyId) && typeof entry.companyName === 'string'
    ? { companyId: entry.companyId, companyName: entry.companyName }
    : null;
}

/** Notes the console `user` works in now. */
export function rememberConsole(
  storage: KeyValueStorage,
  user: ConsoleUser,
  console: RememberedConsole,
): void {
  if (!user.user_id) return;
  const all = readAll(storage);
  all[userKey(user)] = console;
  storage.setItem(LAST_CONSOLES_KEY, JSON.stringify(all));
}
