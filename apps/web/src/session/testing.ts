/** What the session's tests share: storage in memory, and a token endpoint's answer. */
import type { TokenResponse } from '@esign/platform';
import type { CookieJar, KeyValueStorage } from './keys';

/** localStorage (or sessionStorage) in memory, with its map to look into. */
export function memoryStorage(
  entries: Record<string, string> = {},
): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
  };
}

/** A jar that keeps no cookie. */
export const noCookies: CookieJar = {
  get: () => null,
  set: () => undefined,
  remove: () => undefined,
};

/** The token endpoint's answer for the demo person, with `overrides`. */
export const tokenResponse = (overrides: Partial<TokenResponse> = {}): TokenResponse => ({
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  token_type: 'bearer',
  expires_in: 1800,
  tenant_id: '000000',
  user_id: '7',
  account: '13800000001',
  user_name: 'Demo',
  company_id: -1,
  company_auth: '',
  company_name: '',
  ...overrides,
});
