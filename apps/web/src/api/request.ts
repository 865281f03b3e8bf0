/**
 * The one request module (spec 000 §7–8): every call goes through `createRequest`, which attaches
 * the platform's headers and turns answers and failures into what the screens rely on. The toast
 * and what happens after a 401 are injected, so the rules are testable without a browser.
 */
import {
  API_BASE,
  CLIENT_ID,
  CLIENT_SECRET,
  CODES,
  REQUEST_TIMEOUT_MS,
  isEnvelope,
  message,
  type Locale,
} from '@esign/platform';
import axios, {
  AxiosError,
  type AxiosAdapter,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * The caller shows a failure in place (an empty state, a field error) instead of a toast.
     * A 401 still logs out.
     */
    quiet?: boolean;
  }
}

/** What a request needs to know about the session at the moment it is sent. */
export interface RequestCredentials {
  /** The access token, sent as `Blade-Auth: bearer …`; null when logged out. */
  token: string | null;
  tenantId: string;
  /** The company authorisation of the current console (cookie), '' for none. */
  companyAuth: string;
  /** The graphic captcha the user typed; sent only when both parts are set. */
  captcha: { key: string; code: string } | null;
}

export interface RequestContext {
  credentials(): RequestCredentials;
  locale(): Locale;
  /**
   * Runs before every call but the token endpoint's: renews a session that is due (a page left
   * open for a long time, such as the template editor, keeps its session while it calls).
   */
  beforeSend?(): Promise<void>;
  /** Shows an error toast (de-duplicated by the caller's toaster). */
  toast(text: string): void;
  /**
   * The server refused the session (HTTP 401) of the request that carried `refusedToken` (null
   * when it carried none): log out and go to /login?time=….
   */
  expire(refusedToken: string | null): void;
  /**
   * The session's company no longer lets this user in (HTTP 403, code `companyAccessEnded`: they
   * were forbidden or removed): move the session to the personal console and go home.
   */
  leftCompany?(): void;
  /**
   * Answers requests without a network (tests, Storybook's demo API). Read on every request, so
   * that it may be bound after the module was created.
   */
  adapter?: AxiosAdapter;
}

/** A failed request: its HTTP status (null without an answer), the body, and the text shown. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** The fixed client of the platform, as `Authorization: Basic` (spec 000 §7). */
export const CLIENT_AUTHORIZATION = `Basic ${btoa(`${CLIENT_ID}:${CLIENT_SECRET}`)}`;

/** The real-name face check's result call answers its own shape: it is returned untouched. */
const FACE_AUTH_RESULT = 'face-auth-result';

function withHeaders(
  config: InternalAxiosRequestConfig,
  context: RequestContext,
): InternalAxiosRequestConfig {
  const { token, tenantId, companyAuth, captcha } = context.credentials();
  const headers = config.headers;
  headers.set('Authorization', CLIENT_AUTHORIZATION);
  headers.set('Tenant-Id', tenantId);
  headers.set('Lang', context.locale());
  if (companyAuth) headers.set('Company-Auth', companyAuth);
  if (token) headers.set('Blade-Auth', `bearer ${token}`);
  if (captcha?.key && captcha.code) {
    headers.set('Captcha-Key', captcha.key);
    headers.set('Captcha-Code', captcha.code);
  }
  return config;
}

/** Answers with HTTP 2xx: the body is what the caller gets, whatever its `code`. */
function onAnswer(response: AxiosResponse, context: RequestContext): unknown {
  const body: unknown = response.data;
  if (response.config.url?.includes(FACE_AUTH_RESULT)) return body;
  if (!isEnvelope(body) || body.code === CODES.success || body.code === CODES.silent) return body;
  if (!response.config.quiet) context.toast(body.msg);
  return body;
}

/** Whether a query or a form names a field (axios has already serialised a form to a string). */
function names(value: unknown, field: string): boolean {
  if (value instanceof URLSearchParams) return value.has(field);
  if (typeof value === 'string') return new URLSearchParams(value).has(field);
  return typeof value === 'object' && value !== null && field in value;
}

/** A login request: one that carries `grant_type` in its query or its form. */
function isLogin(config: AxiosRequestConfig | undefined): boolean {
  return (
    config !== undefined && (names(config.params, 'grant_type') || names(config.data, 'grant_type'))
  );
}

/** The server's own explanation of a failure: OAuth2's `error_description` or the envelope's `msg`. */
function describedBy(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const { error_description: description, msg } = body as Record<string, unknown>;
  if (typeof description === 'string' && description) return description;
  return typeof msg === 'string' ? msg : '';
}

/** The text shown for a failed request (spec 000 §8). */
function failureText(status: number | null, body: unknown, login: boolean, locale: Locale): string {
  switch (status) {
    case 401:
      return describedBy(body) || message('loginExpired', locale);
    case 500:
      return message(login ? 'loginFailure' : 'serverException', locale);
    default:
      return describedBy(body) || message('requestException', locale);
  }
}

/** The access token a request carried in `Blade-Auth`, or null. */
function sentToken(config: InternalAxiosRequestConfig | undefined): string | null {
  const header = config?.headers?.get('Blade-Auth');
  return typeof header === 'string' && header.startsWith('bearer ') ? header.slice(7) : null;
}

/** Failures (HTTP 4xx/5xx, timeouts, no network): a toast, a logout on 401, always a rejection. */
function onFailure(error: unknown, context: RequestContext): Promise<never> {
  const response = error instanceof AxiosError ? error.response : undefined;
  const config = error instanceof AxiosError ? error.config : undefined;
  const status = response?.status ?? null;
  const text = failureText(status, response?.data, isLogin(config), context.locale());
  if (status === 401 || !config?.quiet) context.toast(text);
  if (status === 401) context.expire(sentToken(config));
  if (status === 403 && isEnvelope(response?.data)) {
    if (response.data.code === CODES.companyAccessEnded) context.leftCompany?.();
  }
  return Promise.reject(new RequestError(text, status, response?.data));
}

/** Sends a request and resolves with the answer's body (typed by the caller). */
export type Send = <T>(config: AxiosRequestConfig) => Promise<T>;

/** Requests under /api with the platform's headers and answer handling. */
export function createRequest(context: RequestContext): Send {
  const instance = axios.create({ baseURL: API_BASE, timeout: REQUEST_TIMEOUT_MS });
  instance.interceptors.request.use(async (config) => {
    if (context.adapter) config.adapter = context.adapter;
    if (!isLogin(config)) await context.beforeSend?.();
    return withHeaders(config, context);
  });
  instance.interceptors.response.use(
    // The interceptor hands callers the body, not axios' response object.
    (response) => onAnswer(response, context) as AxiosResponse,
    (error: unknown) => onFailure(error, context),
  );
  // The response interceptor resolves with the body, which axios' types cannot express.
  return <T>(config: AxiosRequestConfig) => instance.request<T, T>(config) as Promise<T>;
}
