/** The localStorage keys of the session, exactly as spec 000 §3 names them. */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  expiresIn: 'expires_in',
  lastStamp: 'lastStamp',
  companyId: 'company_id',
  companyName: 'companyName',
  companyAuth: 'Company-Auth',
  locale: 'locale',
} as const;

/** Cookies of the current console: its id (spec 000 §3) and the `Company-Auth` header (§7). */
export const COOKIE_KEYS = {
  companyId: 'company_id',
  companyAuth: 'Company-Auth',
} as const;

/** The part of `Storage` the session uses: `window.localStorage` in the browser, a map in tests. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

/** Cookies by name: `document.cookie` in the browser, a map in tests. */
export interface CookieJar {
  get(name: string): string | null;
  set(name: string, value: string): void;
  remove(name: string): void;
}
