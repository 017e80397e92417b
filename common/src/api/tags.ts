import { z } from 'zod';
import { bodyIDSchema, idSchema, pageParam, pathIDSchema, queryArray, queryBoolean } from './common.ts';
import { DEFAULT_TAG_LIMIT, MAX_TAG_NAME_LENGTH } from './tags.constants.ts';
export * from './tags.constants.ts';

/** A tag on a discussion (api-contract §1.14 TagFragment); `type` "User" marks an ordinary tag. */
export const tagFragmentSchema = z.object({
  tagID: z.number().int(),
  name: z.string(),
  urlcode: z.string().optional(),
  type: z.string(),
});

export type TagFragment = z.infer<typeof tagFragmentSchema>;

/** A tag (api-contract §11), with both `urlcode` and its duplicate `urlCode`; `url` is absolute. */
export const tagSchema = z.object({
  tagID: z.number().int(),
  name: z.string(),
  urlcode: z.string(),
  urlCode: z.string(),
  type: z.string(),
  url: z.string(),
  parentTagID: z.number().int().nullable(),
  countDiscussions: z.number().int(),
});

export type Tag = z.infer<typeof tagSchema>;

export const tagSorts = [
  'countDiscussions',
  '-countDiscussions',
  'tagID',
  '-tagID',
  'name',
  '-name',
] as const;

export type TagSort = (typeof tagSorts)[number];

/** `GET /tags` query (api-contract §11): no maximum limit beyond the global APIv2 ceiling (500). */
export const tagListQuerySchema = z.object({
  query: z.string().max(MAX_TAG_NAME_LENGTH).optional(),
  tagID: queryArray(idSchema),
  type: queryArray(z.string().max(100)),
  parentID: queryArray(idSchema),
  page: pageParam,
  limit: z.coerce.number().int().min(1).max(500).default(DEFAULT_TAG_LIMIT),
  sort: z.enum(tagSorts).optional(),
  excludeNoCountDiscussion: queryBoolean.default(false),
});

export type TagListQuery = z.infer<typeof tagListQuerySchema>;

/** `{id}` of `/tags/{id}`. */
export const tagIDParamsSchema = z.object({ id: pathIDSchema('Tag') });

const tagNameSchema = z.string().trim().min(1).max(MAX_TAG_NAME_LENGTH);

/** A tag's URL code: letters, digits and hyphens (api-contract §11). */
export const tagUrlcodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(MAX_TAG_NAME_LENGTH)
  .regex(/^[\p{L}\p{N}-]+$/u, 'urlcode can only contain letters, numbers and hyphens.');

/** `POST /tags` body (api-contract §11); `urlcode` defaults to the slug of `name`, `type` to "User". */
export const createTagBodySchema = z.object({
  name: tagNameSchema,
  urlcode: tagUrlcodeSchema.optional(),
  parentTagID: bodyIDSchema.nullable().optional(),
  type: z.string().trim().min(1).max(100).nullable().optional(),
});

export type CreateTagBody = z.infer<typeof createTagBodySchema>;

/** `PATCH /tags/{id}` body: the same fields, all optional. */
export const patchTagBodySchema = createTagBodySchema.partial();

export type PatchTagBody = z.infer<typeof patchTagBodySchema>;

/** What sets a discussion's user tags: existing tag IDs and names of tags to create. */
export const discussionTagsInputSchema = z.object({
  tagIDs: z.array(bodyIDSchema).optional(),
  newTagNames: z.array(tagNameSchema).optional(),
});

export type DiscussionTagsInput = z.infer<typeof discussionTagsInputSchema>;
