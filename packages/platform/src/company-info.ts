/**
 * The company's information (spec 001 §7 Company): its data and certification, the changes of legal representative, name and administrator confirmed by SMS code, and write-off.
 * Paths, schemas, shapes and messages shared by the server and the web app.
 */

/** The calls of this area, under /api (joined into `PATHS`). */
export const COMPANY_INFO_PATHS = {} as const;

/** The messages of this area in English and Chinese (joined into `MESSAGES`). */
export const COMPANY_INFO_MESSAGES = {} as const satisfies Record<
  string,
  { en: string; zh: string }
>;
