/**
 * Ids and paging as the calls take them in query strings and bodies, shared by the server (which
 * checks them) and the web app (which sends them).
 */
import * as z from 'zod/mini';
import { MESSAGE_PAGE_SIZE } from './constants';

const invalid = { error: 'invalidValue' } as const;

/** A whole number from 1 in a query string: an id, a page number. */
export const positiveInt = () => z.coerce.number().check(z.int(invalid), z.minimum(1, invalid));

/** The paging of a list call as the original back end names it: `current` from 1, `size` ≤ 100. */
export const pageQuery = {
  current: z._default(positiveInt(), 1),
  size: z._default(positiveInt().check(z.maximum(100, invalid)), MESSAGE_PAGE_SIZE),
};

/**
 * A record's id in a JSON body: a whole number from 1, as a number or as the string of digits the
 * answers give (ids are strings there, being bigints). Unlike `positiveInt`, true or null are not
 * taken for 1 or 0.
 */
export const recordIdSchema = z.pipe(
  z.union([
    z.number().check(z.int(invalid), z.minimum(1, invalid), z.maximum(Number.MAX_SAFE_INTEGER)),
    z.string().check(z.regex(/^[1-9]\d{0,15}$/, invalid)),
  ]),
  z.transform((value: number | string) => Number(value)),
);

/** A list of record ids in a body, 1 to `max` of them. */
export const recordIdsSchema = (max = 100) =>
  z.array(recordIdSchema).check(z.minLength(1, invalid), z.maxLength(max, invalid));

/** The paging of a list call whose JSON body carries it: numbers, never strings or booleans. */
const bodyInt = () => z.number().check(z.int(invalid), z.minimum(1, invalid));
export const pageBody = {
  current: z._default(bodyInt(), 1),
  size: z._default(bodyInt().check(z.maximum(100, invalid)), MESSAGE_PAGE_SIZE),
};
