/**
 * How one app delivers callbacks: whether callback URLs may resolve to private addresses
 * (ALLOW_PRIVATE_CALLBACKS=1: development and the tests, whose receivers listen on 127.0.0.1) and
 * the wait before the first retry (each next one three times as long; tests make it short).
 */
import type { AppContext } from '../context';

export interface CallbackSettings {
  /** Private, loopback and link-local addresses are allowed (never in production). */
  allowPrivate: boolean;
  /** The wait before the first retry, in ms (60 s by default). */
  retryBaseMs: number;
}

export const DEFAULT_CALLBACK_RETRY_BASE_MS = 60_000;

const configured = new WeakMap<AppContext, CallbackSettings>();

/** Sets one app's callback settings (`buildApp`). */
export function configureCallbacks(context: AppContext, settings: Partial<CallbackSettings>): void {
  configured.set(context, {
    allowPrivate: settings.allowPrivate ?? false,
    retryBaseMs: settings.retryBaseMs ?? DEFAULT_CALLBACK_RETRY_BASE_MS,
  });
}

/** The app's settings: private addresses refused and a minute's first wait unless configured. */
export function callbackSettings(context: AppContext): CallbackSettings {
  return (
    configured.get(context) ?? { allowPrivate: false, retryBaseMs: DEFAULT_CALLBACK_RETRY_BASE_MS }
  );
}
