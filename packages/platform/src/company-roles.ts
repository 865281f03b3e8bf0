/**
 * Company roles (spec 001 §7 blade-system/company-role): the roles of a company, their grants from the permission tree, and who holds them.
 * Paths, schemas, shapes and messages shared by the server and the web app.
 */

/** The calls of this area, under /api (joined into `PATHS`). */
export const COMPANY_ROLE_PATHS = {} as const;

/** The messages of this area in English and Chinese (joined into `MESSAGES`). */
export const COMPANY_ROLE_MESSAGES = {} as const satisfies Record<
  string,
  { en: string; zh: string }
>;
