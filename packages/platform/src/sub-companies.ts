/**
 * Affiliated companies (spec 001 §7 Sub-companies): a main company's affiliates, each with its launchAuth.
 * Paths, schemas, shapes and messages shared by the server and the web app.
 */

/** The calls of this area, under /api (joined into `PATHS`). */
export const SUB_COMPANY_PATHS = {} as const;

/** The messages of this area in English and Chinese (joined into `MESSAGES`). */
export const SUB_COMPANY_MESSAGES = {} as const satisfies Record<
  string,
  { en: string; zh: string }
>;
