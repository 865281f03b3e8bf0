import {
  DEFAULT_TENANT_ID,
  PERSONAL_CONSOLE_ID,
  type SystemInfo,
  type TokenResponse,
  type UserInfo,
} from '@esign/platform';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { CUSTOM_MADE_KEY, readCustomMade, type CustomMadeTicket } from './customMade';
import { COOKIE_KEYS, STORAGE_KEYS, type CookieJar, type KeyValueStorage } from './keys';
import {
  LAST_CONSOLES_KEY,
  rememberConsole,
  rememberedConsole,
  type ConsoleUser,
  type RememberedConsole,
} from './lastConsole';

/** A graphic captcha the user typed, attached to the next password login. */
export interface Captcha {
  key: string;
  code: string;
}

/** The session of spec 000 §3: tokens, console, system type and the user (spec 000 §3–4). */
export interface SessionState {
  token: string | null;
  refreshToken: string | null;
  /** Seconds the access token lived when it was issued. */
  expiresIn: number;
  /** When the access token was issued, in ms since the epoch. */
  lastStamp: number;
  /** The console: a company id, or -1 for the personal console. */
  companyId: number;
  companyName: string;
  companyAuth: string;
  tenantId: string;
  /** 0 shows the fee center; 1 hides the personal account page. */
  sysType: SystemInfo['sysType'];
  /** Fetched by the route guard when empty. */
  userInfo: UserInfo | null;
  captcha: Captcha | null;
  /** A custom-made signing ticket of this tab: the top bar then offers only "Exit signing". */
  customMade: CustomMadeTicket | null;
}

export interface SessionActions {
  /** Keeps what a login (any grant type) answered, stamped with the time it arrived. */
  signIn(tokens: TokenResponse, now: number): void;
  setUserInfo(userInfo: UserInfo): void;
  setSystem(system: Pick<SystemInfo, 'tenantId' | 'sysType'>): void;
  setCaptcha(captcha: Captcha | null): void;
  /**
   * Clears localStorage (keeping the language and the consoles last used) and the session: a
   * logout, for every tab.
   */
  logout(): void;
  /** The console `user` last worked in on this browser (every sign-in notes it), or null. */
  lastConsoleOf(user: ConsoleUser): RememberedConsole | null;
  /**
   * Takes the session another tab of this browser wrote to localStorage (a renewal, a login, a
   * company switch). Nothing changes when localStorage holds no session: a tab whose session ended
   * finds out with its own next call. The user is fetched again when the console changed.
   */
  adopt(): void;
  /**
   * Forgets the session in this tab after the server refused it. localStorage loses the refused
   * tokens only when it still holds them: another tab that has renewed or logged in since keeps
   * its session, and other tabs are left to find out for themselves.
   */
  drop(refused: { token: string | null; refreshToken: string | null }): void;
  /** Keeps a custom-made signing ticket for this tab (or forgets it, given null). */
  setCustomMade(ticket: CustomMadeTicket | null): void;
}

export type Session = SessionState & SessionActions;
export type SessionStore = StoreApi<Session>;

/** The session without a login, as logout leaves it (the tenant, system type and ticket stay). */
export const SIGNED_OUT = {
  token: null,
  refreshToken: null,
  expiresIn: 0,
  lastStamp: 0,
  companyId: PERSONAL_CONSOLE_ID,
  companyName: '',
  companyAuth: '',
  userInfo: null,
  captcha: null,
} satisfies Partial<SessionState>;

/** The localStorage keys a session writes (the language is not one of them). */
const SESSION_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.expiresIn,
  STORAGE_KEYS.lastStamp,
  STORAGE_KEYS.companyId,
  STORAGE_KEYS.companyName,
  STORAGE_KEYS.companyAuth,
] as const;

function restore(storage: KeyValueStorage): Partial<SessionState> {
  const number = (key: string, fallback: number) => {
    const value = Number(storage.getItem(key) ?? Number.NaN);
    return Number.isFinite(value) ? value : fallback;
  };
  return {
    token: storage.getItem(STORAGE_KEYS.token),
    refreshToken: storage.getItem(STORAGE_KEYS.refreshToken),
    expiresIn: number(STORAGE_KEYS.expiresIn, 0),
    lastStamp: number(STORAGE_KEYS.lastStamp, 0),
    companyId: number(STORAGE_KEYS.companyId, PERSONAL_CONSOLE_ID),
    companyName: storage.getItem(STORAGE_KEYS.companyName) ?? '',
    companyAuth: storage.getItem(STORAGE_KEYS.companyAuth) ?? '',
  };
}

/**
 * The session store, restored from and written through to localStorage under the keys of spec
 * 000 §3; the current company is also kept in cookies.
 */
export function createSessionStore(
  storage: KeyValueStorage,
  cookies: CookieJar,
  /** Per-tab storage (sessionStorage) for the custom-made signing ticket. */
  tabStorage?: KeyValueStorage,
): SessionStore {
  return createStore<Session>()((set, get) => ({
    ...SIGNED_OUT,
    tenantId: DEFAULT_TENANT_ID,
    sysType: 0,
    ...restore(storage),
    customMade: tabStorage ? readCustomMade(tabStorage) : null,

    setCustomMade(customMade) {
      if (customMade) tabStorage?.setItem(CUSTOM_MADE_KEY, JSON.stringify(customMade));
      else tabStorage?.removeItem(CUSTOM_MADE_KEY);
      set({ customMade });
    },

    signIn(tokens, now) {
      // Servers that predate the company login leave these two out.
      const companyAuth = tokens.company_auth ?? '';
      const companyName = tokens.company_name ?? '';
      const entries: [string, string][] = [
        [STORAGE_KEYS.token, tokens.access_token],
        [STORAGE_KEYS.refreshToken, tokens.refresh_token],
        [STORAGE_KEYS.expiresIn, String(tokens.expires_in)],
        [STORAGE_KEYS.lastStamp, String(now)],
        [STORAGE_KEYS.companyId, String(tokens.company_id)],
        [STORAGE_KEYS.companyName, companyName],
        [STORAGE_KEYS.companyAuth, companyAuth],
      ];
      for (const [key, value] of entries) storage.setItem(key, value);
      rememberConsole(storage, tokens, { companyId: tokens.company_id, companyName });
      cookies.set(COOKIE_KEYS.companyId, String(tokens.company_id));
      if (companyAuth) cookies.set(COOKIE_KEYS.companyAuth, companyAuth);
      else cookies.remove(COOKIE_KEYS.companyAuth);
      set({
        token: tokens.access_token,
        refreshToken: tokens.refresh_token,
        expiresIn: tokens.expires_in,
        lastStamp: now,
        companyId: tokens.company_id,
        companyName,
        companyAuth,
        tenantId: tokens.tenant_id || DEFAULT_TENANT_ID,
        // A new console means new user info (roles, launchAuth); the guard fetches it again.
        userInfo: null,
        captcha: null,
      });
    },

    setUserInfo: (userInfo) => set({ userInfo }),
    setSystem: ({ tenantId, sysType }) => set({ tenantId, sysType }),
    setCaptcha: (captcha) => set({ captcha }),

    adopt() {
      const stored = restore(storage);
      if (!stored.token) return;
      const current = get();
      const sameConsole =
        stored.companyId === current.companyId && stored.companyAuth === current.companyAuth;
      set({ ...stored, userInfo: sameConsole ? current.userInfo : null });
    },

    drop(refused) {
      const storedToken = storage.getItem(STORAGE_KEYS.token);
      const storedRefresh = storage.getItem(STORAGE_KEYS.refreshToken);
      if (storedToken === refused.token && storedRefresh === refused.refreshToken) {
        for (const key of SESSION_KEYS) storage.removeItem(key);
        cookies.remove(COOKIE_KEYS.companyId);
        cookies.remove(COOKIE_KEYS.companyAuth);
      }
      set(SIGNED_OUT);
    },

    lastConsoleOf: (user) => rememberedConsole(storage, user),

    logout() {
      const kept = [STORAGE_KEYS.locale, LAST_CONSOLES_KEY].map(
        (key) => [key, storage.getItem(key)] as const,
      );
      storage.clear();
      for (const [key, value] of kept) if (value !== null) storage.setItem(key, value);
      cookies.remove(COOKIE_KEYS.companyId);
      cookies.remove(COOKIE_KEYS.companyAuth);
      set(SIGNED_OUT);
    },
  }));
}
