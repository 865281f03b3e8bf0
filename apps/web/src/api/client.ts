import { CODES, TOAST_MS, type Envelope } from '@esign/platform';
import type { AxiosAdapter, AxiosRequestConfig } from 'axios';
import { currentLocale } from '../i18n';
import { companyAuthCookie, session } from '../session';
import { queryClient } from './queryClient';
import { RequestError, createRequest } from './request';
import { createToaster, type ShowToast } from './toast';

/** The parts of the interface the request module drives, bound once the app is up. */
interface RequestUi {
  showToast: ShowToast;
  /** Navigates to the login page after the session expired. */
  toLogin(): void;
}

let ui: RequestUi = { showToast: (_text, closed) => closed(), toLogin: () => {} };

/** Binds the toast (antd `message`) and the router's navigation to the request module. */
export function bindRequestUi(bound: RequestUi): void {
  ui = bound;
}

/** How long an error toast stays, in antd's seconds. */
export const TOAST_SECONDS = TOAST_MS / 1000;

const toast = createToaster((text, closed) => ui.showToast(text, closed));

let adapter: AxiosAdapter | undefined;

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
  toast,
  expire: () => {
    session.getState().logout();
    queryClient.clear();
    ui.toLogin();
  },
  get adapter() {
    return adapter;
  },
});

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
