/**
 * Company real-name verification (spec 000 §7 real-name, busi-company): company checks, the legal representative's confirmation, micro-payment, authorisation letter and company face check.
 * Paths, schemas, shapes and messages shared by the server and the web app.
 */

/** The calls of this area, under /api (joined into `PATHS`). */
export const COMPANY_AUTH_PATHS = {} as const;

/** The messages of this area in English and Chinese (joined into `MESSAGES` by index.ts). */
export const COMPANY_AUTH_MESSAGES = {} as const satisfies Record<
  string,
  { en: string; zh: string }
>;
