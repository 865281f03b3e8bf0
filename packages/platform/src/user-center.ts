/**
 * The user center (spec 001 §2 personal areas): basic information and avatar, addresses, account, agreement, contact and about.
 * Paths, schemas, shapes and messages shared by the server and the web app.
 */

/** The calls of this area, under /api (joined into `PATHS`). */
export const USER_CENTER_PATHS = {} as const;

/** The messages of this area in English and Chinese (joined into `MESSAGES` by index.ts). */
export const USER_CENTER_MESSAGES = {} as const satisfies Record<
  string,
  { en: string; zh: string }
>;
