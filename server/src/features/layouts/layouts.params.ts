import { z } from 'zod';
import { idSchema } from '../../../../common/src/api/common.ts';
import { commentThreadSorts } from '../../../../common/src/api/comments.ts';
import { discussionSorts } from '../../../../common/src/api/discussions.ts';
import type { LayoutViewType } from '../../../../common/src/api/layouts.ts';
import { MAX_TAG_NAME_LENGTH } from '../../../../common/src/api/tags.constants.ts';
import { parseOrThrow } from '../../http/validation.ts';

/** The params a layout understands (spec 000 §2): page, sort, a tag filter. */
export interface LayoutParams {
  page?: number | undefined;
  sort?: string | undefined;
  tagID?: number | undefined;
  /** A tag page's tag (issue 14): its URL code or name, resolved to `tagID` by the service. */
  tag?: string | undefined;
}

const page = z.coerce.number().int().min(1).max(1_000_000).optional();
const tagID = idSchema.optional();

const listParams = z.object({ page, sort: z.enum(discussionSorts).optional(), tagID });
const discussionListParams = listParams.extend({ tag: z.string().min(1).max(MAX_TAG_NAME_LENGTH).optional() });

const paramsSchemas: Record<LayoutViewType, z.ZodType<LayoutParams>> = {
  home: z.object({}),
  discussionList: discussionListParams,
  categoryList: listParams,
  post: z.object({ page, sort: z.enum(commentThreadSorts).optional() }),
  discussion: z.object({ page, sort: z.enum(commentThreadSorts).optional() }),
};

/**
 * Built once: a Zod object compiles its parser on first use, so one built per request cost ~1 % of
 * an uncached page (issue 18).
 */
const wrap = (schema: z.ZodType<LayoutParams>): z.ZodType<{ params: LayoutParams }> => z.object({ params: schema });
const wrappedSchemas: Record<LayoutViewType, z.ZodType<{ params: LayoutParams }>> = {
  home: wrap(paramsSchemas.home),
  discussionList: wrap(paramsSchemas.discussionList),
  categoryList: wrap(paramsSchemas.categoryList),
  post: wrap(paramsSchemas.post),
  discussion: wrap(paramsSchemas.discussion),
};

/**
 * The known params of a view type, validated; other keys are dropped (api-contract §1.1).
 * @throws AppError 422 with the field `params.<key>` for a malformed value.
 */
export function parseLayoutParams(viewType: LayoutViewType, raw: Readonly<Record<string, string>>): LayoutParams {
  return parseOrThrow(wrappedSchemas[viewType], { params: raw }).params;
}
