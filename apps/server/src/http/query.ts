import { MESSAGE_PAGE_SIZE } from '@esign/platform';
import * as z from 'zod/mini';

const invalid = { error: 'invalidValue' } as const;

/** A whole number from 1 in a query string: an id, a page number. */
export const positiveInt = () => z.coerce.number().check(z.int(invalid), z.minimum(1, invalid));

/** The paging of a list call as the original back end names it: `current` from 1, `size` ≤ 100. */
export const pageQuery = {
  current: z._default(positiveInt(), 1),
  size: z._default(positiveInt().check(z.maximum(100, invalid)), MESSAGE_PAGE_SIZE),
};
