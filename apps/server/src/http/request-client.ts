/**
 * Who is at the other end of the request being handled — the signed-in user and the device their
 * browser names (User-Agent) — for the audit trail, which records each action's device beside its
 * address (evidence reports show both per party). The route helper runs every handler inside
 * `withRequestClient`; `appendAudit` reads it for an entry of that same user, so no call site has
 * to pass the device along. The job worker runs its handlers outside any request
 * (`outsideRequestClient`): a job's entries never take the device of the request that woke it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestClient {
  /** The session's user; null for a public call. */
  userId: number | null;
  /** The User-Agent the client sent, trimmed to `DEVICE_MAX` characters; null without one. */
  device: string | null;
}

/** The longest device text kept (a User-Agent is about 120–250 characters). */
export const DEVICE_MAX = 300;

const store = new AsyncLocalStorage<RequestClient>();

/** Runs `fn` (a handler) with `client` as the request's client. */
export function withRequestClient<T>(client: RequestClient, fn: () => T): T {
  return store.run(client, fn);
}

/** Runs `fn` outside any request's client (a job). */
export function outsideRequestClient<T>(fn: () => T): T {
  return store.exit(fn);
}

/** The client of the request being handled, if any. */
export function currentRequestClient(): RequestClient | undefined {
  return store.getStore();
}

/** A User-Agent header as the trail keeps it: one line, at most `DEVICE_MAX` characters. */
export function deviceOf(userAgent: string | string[] | undefined): string | null {
  const text = [userAgent ?? ''].flat().join(' ').replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, DEVICE_MAX) : null;
}
