import type { CookieJar } from './keys';

/** The document's cookies, site-wide and sent only to this site. */
export const documentCookies: CookieJar = {
  get(name) {
    const prefix = `${encodeURIComponent(name)}=`;
    const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
    return entry === undefined ? null : decodeURIComponent(entry.slice(prefix.length));
  },
  set(name, value) {
    document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
  },
  remove(name) {
    document.cookie = `${encodeURIComponent(name)}=; path=/; max-age=0; SameSite=Lax`;
  },
};
