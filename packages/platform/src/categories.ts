/**
 * What every kind of category shares — the template categories (spec 001 §6–§7: templateclassify,
 * templateClassifyAuth) and the contract archive's (issue 30: contractclassify,
 * contractClassifyAuth): the rights a member is granted on one, and the calls that name, rename,
 * remove a category and grant rights on it. One rule a field: a category's name is
 * `categoryNameSchema` (not empty, at most 20 characters, the spec's messages).
 */
import * as z from 'zod/mini';
import type { MessageKey } from './messages';
import { pageQuery, positiveInt, recordIdSchema } from './paging';
import { categoryNameSchema } from './validation';

const err = (key: MessageKey) => ({ error: key });

/**
 * What a member may do with a category: `use` (see it and what it holds; for templates, preview
 * and start contracts) or `manage` (also file in and out; for templates, edit, enable, disable,
 * delete). See templates/CONTEXT.md and contract-archive/CONTEXT.md for who has which.
 */
export const CATEGORY_RIGHTS = ['use', 'manage'] as const;
export type CategoryRight = (typeof CATEGORY_RIGHTS)[number];

/** POST …classify/save: a new category. */
export const categorySaveBody = z.object({ name: categoryNameSchema });
/** POST …classify/rename */
export const categoryRenameBody = z.object({ id: recordIdSchema, name: categoryNameSchema });
/** POST …classify/remove */
export const categoryRemoveBody = z.object({ id: recordIdSchema });
/** GET …ClassifyAuth/page: the grants on a category. */
export const categoryGrantsQuery = z.object({ ...pageQuery, classifyId: positiveInt() });
/** POST …ClassifyAuth/addOrUpdateAuth: sets rights; 'none' takes a grant away. */
export const categoryGrantBody = z.object({
  grants: z
    .array(
      z.object({
        classifyId: recordIdSchema,
        userId: recordIdSchema,
        right: z.enum([...CATEGORY_RIGHTS, 'none'], err('invalidValue')),
      }),
    )
    .check(z.minLength(1, err('invalidValue')), z.maxLength(200, err('invalidValue'))),
});
/** One change of POST …ClassifyAuth/addOrUpdateAuth. */
export type CategoryGrantChange = z.output<typeof categoryGrantBody>['grants'][number];

/** POST …classify/save and rename */
export interface CategorySaved {
  id: string;
  name: string;
}

/** A row of GET …ClassifyAuth/page */
export interface CategoryGrant {
  userId: string;
  name: string;
  phone: string;
  right: CategoryRight;
  createTime: string;
}
