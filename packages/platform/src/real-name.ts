/**
 * Personal real-name verification (spec 000 §2–§8 real-name): phone three-element, face, bank card four-element and manual review, and the operators who decide reviews.
 * Paths, schemas, shapes and messages shared by the server and the web app.
 */

/** The calls of this area, under /api (joined into `PATHS`). */
export const REAL_NAME_PATHS = {} as const;

/** The messages of this area in English and Chinese (joined into `MESSAGES` by index.ts). */
export const REAL_NAME_MESSAGES = {} as const satisfies Record<string, { en: string; zh: string }>;
