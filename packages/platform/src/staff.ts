/**
 * The company's people (spec 001 §7 Staff, §3 Role and employee): staff list, invitations and applications to join, roles of members, forbidding, removal with work transfer.
 * Paths, schemas, shapes and messages shared by the server and the web app.
 */

/** The calls of this area, under /api (joined into `PATHS`). */
export const STAFF_PATHS = {} as const;

/** The messages of this area in English and Chinese (joined into `MESSAGES`). */
export const STAFF_MESSAGES = {} as const satisfies Record<string, { en: string; zh: string }>;
