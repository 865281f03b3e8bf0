import { API_BASE, CODES, TOAST_MS, type Envelope } from '@esign/platform';
import type { AxiosAdapter, AxiosRequestConfig } from 'axios';
import { currentLocale } from '../i18n';
import { companyAuthCookie, session } from '../session';
import { endSession, sessionEnd } from '../session/sessionEnd';
import { queryClient } from './queryClient';
import { RequestError, createRequest } from './request';
import { createToaster, type ShowToast } from './toast';

/** The parts of the interface the request module drives, bound once the app is up. */
interface RequestUi {
  showToast: ShowToast;
  /** Navigates to the login page after the session expired. */
  toLogin(): void;
  /** Moves the session to the personal console and goes home (see `leftCompany`). */
  leaveCompany?(): Promise<void>;
}

let ui: RequestUi = { showToast: (_text, closed) => closed(), toLogin: () => {} };

/** Binds the toast (lite/toast.ts) and the router's navigation to the request module. */
export function bindRequestUi(bound: RequestUi): void {
  ui = bound;
}

/** How long an error toast stays, in seconds. */
export const TOAST_SECONDS = TOAST_MS / 1000;

const toast = createToaster((text, closed) => ui.showToast(text, closed));

let adapter: AxiosAdapter | undefined;

let renewal: () => Promise<void> = async () => undefined;

/** Binds the renewal of a due session that runs before each call (see `beforeSend`). */
export function bindRenewal(renew: () => Promise<void>): void {
  renewal = renew;
}

/**
 * Answers every request from now on without a network: Storybook's stories bind their demo API
 * here, so that no story reaches a server.
 */
export function bindRequestAdapter(bound: AxiosAdapter): void {
  adapter = bound;
}

/** Sends a request to the API with the session's headers (see request.ts). */
export const send = createRequest({
  credentials: () => {
    const { token, tenantId, captcha } = session.getState();
    return { token, tenantId, captcha, companyAuth: companyAuthCookie() };
  },
  locale: currentLocale,
  // A renewal that fails leaves the call to find out (a 401 ends the session as usual).
  beforeSend: () => renewal().catch(() => undefined),
  toast,
  expire: (refusedToken) => {
    const { token, refreshToken } = session.getState();
    // A call sent before this tab renewed its session says nothing about the new one.
    if (refusedToken !== null && token !== null && refusedToken !== token) return;
    session.getState().drop({ token, refreshToken });
    endSession('expired', leaveForLogin);
  },
  leftCompany: () => {
    // Every query of the page fails at once: one move is enough.
    leaving ??= (ui.leaveCompany?.() ?? Promise.resolve()).finally(() => {
      leaving = null;
    });
  },
  get adapter() {
    return adapter;
  },
});

let leaving: Promise<void> | null = null;

/**
 * Leaves for the login page after the session ended (see session/sessionEnd.ts): the cached
 * server state of the old session goes with it.
 */
export function leaveForLogin(): void {
  sessionEnd.setState({ pending: null });
  queryClient.clear();
  ui.toLogin();
}

/** An envelope that did not say success; its `msg` has been shown already (unless quiet). */
export class EnvelopeError extends Error {
  constructor(readonly envelope: Envelope) {
    super(envelope.msg);
    this.name = 'EnvelopeError';
  }
}

/** Sends a request and gives the envelope's `data`; any code but 200 rejects. */
export async function call<T>(config: AxiosRequestConfig): Promise<T> {
  const body = await send<Envelope<T>>(config);
  if (body.code !== CODES.success) throw new EnvelopeError(body);
  return body.data;
}

/** A failed call the request module has already told the user about (or the caller, when quiet). */
export function isShownFailure(error: unknown): boolean {
  return error instanceof RequestError || error instanceof EnvelopeError;
}

/**
 * A failed call that a form shows beside itself until the person acts (a refused login, a refused
 * form): its text, taken out of the passing toasts so that it is not shown twice; null for any
 * other error, which the caller lets through.
 */
export function claimFailure(error: unknown): string | null {
  if (!isShownFailure(error)) return null;
  const text = (error as Error).message;
  toast.withdraw(text);
  return text;
}

/**
 * The bytes of a private file under /api (a seal's PNG, an avatar, an ID photo): its link needs
 * the session's headers, which an `<img>` would not send. A data: or any other address is not
 * fetched (null). The link's query string travels as the call's parameters.
 */
export async function fetchSessionImage(link: string, signal?: AbortSignal): Promise<Blob | null> {
  if (!link.startsWith(`${API_BASE}/`)) return null;
  const address = new URL(link, 'http://session-image.invalid');
  return send<Blob>({
    url: address.pathname.slice(API_BASE.length),
    params: Object.fromEntries(address.searchParams),
    responseType: 'blob',
    signal,
    quiet: true,
  });
}
