/**
 * Custom-made signing: a partner system sends a signer to `/custom-made?ticket=…&returnUrl=…`.
 * The page clears what an earlier visitor left on the device and keeps the ticket for this tab
 * only (sessionStorage), so that the signing screens can use it; while a ticket exists the top bar
 * is replaced by an "Exit signing" button (spec 000 §2), which ends it and returns the signer to
 * the partner's `returnUrl` (http or https only) or to the login page.
 */
import type { KeyValueStorage } from './keys';

export interface CustomMadeTicket {
  ticket: string;
  /** Where "Exit signing" goes: the partner's page, or null for the login page. */
  returnUrl: string | null;
}

/** The sessionStorage key of the ticket (spec 000 §3 names it `customMade` in the session). */
export const CUSTOM_MADE_KEY = 'customMade';

/** Tickets are opaque URL-safe tokens of a sensible length. */
const TICKET = /^[A-Za-z0-9._~-]{8,512}$/;

/** A partner's return address, when it is an absolute http(s) URL; anything else is dropped. */
function safeReturnUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The ticket a /custom-made link carries, or null when it carries none (or a malformed one). */
export function customMadeFromQuery(query: URLSearchParams): CustomMadeTicket | null {
  const ticket = query.get('ticket')?.trim() ?? '';
  if (!TICKET.test(ticket)) return null;
  return { ticket, returnUrl: safeReturnUrl(query.get('returnUrl')) };
}

/** The ticket kept for this tab, if any. */
export function readCustomMade(storage: KeyValueStorage): CustomMadeTicket | null {
  try {
    const value = JSON.parse(storage.getItem(CUSTOM_MADE_KEY) ?? 'null') as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { ticket, returnUrl } = value as Record<string, unknown>;
    if (typeof ticket !== 'string' || !TICKET.test(ticket)) return null;
    return { ticket, returnUrl: safeReturnUrl(typeof returnUrl === 'string' ? returnUrl : null) };
  } catch {
    return null;
  }
}
