import { reportMetaSchema } from './reports.ts';
import { z } from 'zod';
import { breadcrumbSchema, postFragmentSchema, rangeExpressionParam } from './categories.ts';
import {
  bodyIDSchema,
  dateTime,
  expandParam,
  idSchema,
  pathIDSchema,
  queryArray,
  queryBoolean,
  queryInt,
} from './common.ts';
import { contentFormatSchema } from './content.ts';
import { longRunnerResultSchema } from './long-runner.ts';
import { reactionSummarySchema } from './reactions.ts';
import { tagFragmentSchema } from './tags.ts';
import { dateFilterParam, userFragmentSchema } from './users.ts';
import { DISCUSSION_NAME_MAX_LENGTH, postableDiscussionTypes } from './discussions.constants.ts';
export {
  bulkMessages,
  DISCUSSION_NAME_MAX_LENGTH,
  postableDiscussionTypes,
  type PostableDiscussionType,
} from './discussions.constants.ts';

/** `GET /discussions` page size (`Vanilla.Discussions.PerPage`) and its ceiling. */
export const DEFAULT_DISCUSSIONS_LIMIT = 30;
export const MAX_DISCUSSIONS_LIMIT = 100;

/** `GET /discussions/bookmarked`: at most this many pages (api-contract §8). */
export const MAX_BOOKMARKED_PAGE = 100;

/** Bulk actions take at most this many IDs (api-contract §1.11). */
export const MAX_BULK_DISCUSSION_IDS = 50;

/** `snippet`: plain text of at most this many characters (api-contract §1.8). */
export const SNIPPET_LENGTH = 180;

/** Default `excerptLength` (Vanilla's excerpt: 325 characters). */
export const DEFAULT_EXCERPT_LENGTH = 325;

/** Every stored discussion type (api-contract §8): the postable ones and `redirect`. */
export const discussionRecordTypes = [...postableDiscussionTypes, 'redirect'] as const;

/** `pinLocation`: `recent` pins everywhere, `category` in its category only (api-contract §8). */
export const pinLocations = ['category', 'recent'] as const;

export type PinLocation = (typeof pinLocations)[number];

/**
 * Sorts of `GET /discussions` (api-contract §8), default `-dateLastComment`. Front-end labels:
 * `-dateLastComment` Recently Commented, `-dateInserted` Recently Added, `-score` Top, `-hot` Hot,
 * `dateInserted` Oldest.
 */
export const discussionSorts = [
  'dateLastComment',
  '-dateLastComment',
  'dateInserted',
  '-dateInserted',
  'discussionID',
  '-discussionID',
  'score',
  '-score',
  'hot',
  '-hot',
] as const;

export type DiscussionSort = (typeof discussionSorts)[number];

/** The default sort of discussion lists. */
export const DEFAULT_DISCUSSION_SORT: DiscussionSort = '-dateLastComment';

/** `category` expansion (api-contract §1.14 CategoryFragment). */
export const discussionCategoryFragmentSchema = z.object({
  categoryID: z.number().int(),
  name: z.string(),
  url: z.string(),
  description: z.string().optional(),
  allowedDiscussionTypes: z.array(z.string()).optional(),
});

export type DiscussionCategoryFragment = z.infer<typeof discussionCategoryFragmentSchema>;

/** The permission keys of a discussion's `permissions` map (api-contract §8). */
export const discussionPermissionKeys = [
  'comments.add',
  'comments.delete',
  'comments.edit',
  'discussions.add',
  'discussions.announce',
  'discussions.close',
  'discussions.delete',
  'discussions.edit',
  'discussions.sink',
  'discussions.view',
  'posts.moderate',
] as const;

export type DiscussionPermissionKey = (typeof discussionPermissionKeys)[number];

/** What the viewer may do with one discussion, from the policies (record-aware: ownership, edit window, closed). */
export const discussionPermissionsSchema = z.object({
  'comments.add': z.boolean(),
  'comments.delete': z.boolean(),
  'comments.edit': z.boolean(),
  'discussions.add': z.boolean(),
  'discussions.announce': z.boolean(),
  'discussions.close': z.boolean(),
  'discussions.delete': z.boolean(),
  'discussions.edit': z.boolean(),
  'discussions.sink': z.boolean(),
  'discussions.view': z.boolean(),
  'posts.moderate': z.boolean(),
});

export type DiscussionPermissions = z.infer<typeof discussionPermissionsSchema>;

/**
 * A discussion (api-contract §8). `body` is the rendered, sanitized HTML (on unless `-body`);
 * `insertUser`/`lastUser` are embedded unless excluded. Per-viewer fields (`bookmarked`, `unread`,
 * `countUnread`, `dismissed`, `muted`, `dateLastViewed`) describe the signed-in viewer; guests get
 * false/absent. `resolved`, `internalStatusID` and `resolvedUserID` are for `staff.allow` holders.
 */
export const discussionSchema = z.object({
  discussionID: z.number().int(),
  type: z.string(),
  name: z.string(),
  body: z.string().optional(),
  format: z.string(),
  excerpt: z.string().optional(),
  snippet: z.string().optional(),
  categoryID: z.number().int(),
  category: discussionCategoryFragmentSchema.optional(),
  dateInserted: dateTime,
  dateUpdated: dateTime.nullable(),
  dateLastComment: dateTime.nullable(),
  insertUserID: z.number().int(),
  insertUser: userFragmentSchema.optional(),
  updateUserID: z.number().int().nullable(),
  lastUserID: z.number().int(),
  lastUser: userFragmentSchema.optional(),
  lastPost: postFragmentSchema.nullable().optional(),
  pinned: z.boolean(),
  pinLocation: z.enum(pinLocations).nullable(),
  announce: z.boolean(),
  closed: z.boolean(),
  sink: z.boolean(),
  countComments: z.number().int(),
  countViews: z.number().int(),
  score: z.number().int().nullable(),
  hot: z.number().int().optional(),
  url: z.string(),
  canonicalUrl: z.string(),
  statusID: z.number().int(),
  attributes: z.record(z.string(), z.unknown()),
  breadcrumbs: z.array(breadcrumbSchema).optional(),
  reactions: z.array(reactionSummarySchema).optional(),
  tags: z.array(tagFragmentSchema).optional(),
  tagIDs: z.array(z.number().int()).optional(),
  countReports: z.number().int().optional(),
  /** api-contract §27.4: moderators of the discussion only. */
  reportMeta: reportMetaSchema.optional(),
  /** api-contract §27.5: moderators of the discussion only. */
  moderationStatus: z.enum(['accepted', 'pending', 'rejected']).optional(),
  permissions: discussionPermissionsSchema.optional(),
  bookmarked: z.boolean(),
  unread: z.boolean(),
  countUnread: z.number().int().optional(),
  dismissed: z.boolean(),
  muted: z.boolean(),
  dateLastViewed: dateTime.nullable().optional(),
  resolved: z.boolean().optional(),
  resolvedUserID: z.number().int().nullable().optional(),
  internalStatusID: z.number().int().optional(),
});

export type Discussion = z.infer<typeof discussionSchema>;

export const discussionListSchema = z.array(discussionSchema);

/**
 * `expand` of the discussion calls (api-contract §8). `insertUser`, `lastUser` and `body` are on
 * unless excluded with a leading `-`; `all` names every expansion.
 */
export const discussionExpandSchema = expandParam([
  'category',
  'insertUser',
  'lastUser',
  'lastPost',
  'lastPost.body',
  'lastPost.insertUser',
  'tagIDs',
  'tags',
  'breadcrumbs',
  'body',
  'excerpt',
  'snippet',
  'reactions',
  'permissions',
  'countReports',
  'reportMeta',
] as const);

/** `slotType`: created within the last day, week, month or year, or all time. */
export const slotTypes = ['d', 'w', 'm', 'y', 'a'] as const;

/** `GET /discussions` query (api-contract §8). */
export const discussionsQuerySchema = z.object({
  discussionID: rangeExpressionParam('discussionID').optional(),
  categoryID: queryArray(queryInt()),
  includeChildCategories: queryBoolean.default(false),
  siteSectionID: z.string().max(100).optional(),
  followed: queryBoolean.default(false),
  excludedCategoryIDs: queryArray(queryInt()),
  dateInserted: dateFilterParam('dateInserted').optional(),
  dateUpdated: dateFilterParam('dateUpdated').optional(),
  dateLastComment: dateFilterParam('dateLastComment').optional(),
  slotType: z.enum(slotTypes).optional(),
  tagID: rangeExpressionParam('tagID').optional(),
  type: queryArray(z.string().trim().toLowerCase().max(50)),
  score: rangeExpressionParam('score').optional(),
  pinned: queryBoolean.optional(),
  pinOrder: z.enum(['first', 'mixed']).default('mixed'),
  hasComments: queryBoolean.optional(),
  insertUserID: queryArray(queryInt(0)),
  bookmarkUserID: idSchema.optional(),
  participatedUserID: idSchema.optional(),
  statusID: queryArray(queryInt(0)),
  internalStatusID: queryArray(queryInt(0)),
  resolved: queryBoolean.optional(),
  excerptLength: z.coerce.number().int().min(1).max(1000).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_DISCUSSIONS_LIMIT)
    .default(DEFAULT_DISCUSSIONS_LIMIT),
  sort: z.enum(discussionSorts).default(DEFAULT_DISCUSSION_SORT),
  expand: discussionExpandSchema,
});

export type DiscussionsQuery = z.infer<typeof discussionsQuerySchema>;

/** What callers (layouts, widgets) may pass: the query before defaults apply. */
export type DiscussionsQueryInput = z.input<typeof discussionsQuerySchema>;

/** `GET /discussions/bookmarked` query (api-contract §8). */
export const bookmarkedQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_BOOKMARKED_PAGE).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_DISCUSSIONS_LIMIT)
    .default(DEFAULT_DISCUSSIONS_LIMIT),
  expand: discussionExpandSchema,
});

export type BookmarkedQuery = z.infer<typeof bookmarkedQuerySchema>;

/** `{id}` of `/discussions/{id}…`. */
export const discussionIDParamsSchema = z.object({ id: pathIDSchema('Discussion') });

/** `GET /discussions/{id}` query. */
export const discussionGetQuerySchema = z.object({ expand: discussionExpandSchema });

const nameSchema = z.string().trim().min(1).max(DISCUSSION_NAME_MAX_LENGTH);
const tagNamesSchema = z.array(z.string().trim().min(1).max(100)).max(20);
const tagIDsSchema = z.array(bodyIDSchema).max(20);

/**
 * `POST /discussions` body (api-contract §8). `body` length is checked on its plain text after
 * rendering (1..8000 characters). `draftID` names a draft deleted after posting (api-contract §23).
 */
export const createDiscussionBodySchema = z.object({
  name: nameSchema,
  body: z.string().max(200_000),
  format: contentFormatSchema,
  categoryID: bodyIDSchema,
  closed: z.boolean().optional(),
  sink: z.boolean().optional(),
  pinned: z.boolean().optional(),
  pinLocation: z.enum(pinLocations).optional(),
  announce: z.boolean().optional(),
  tagIDs: tagIDsSchema.optional(),
  newTagNames: tagNamesSchema.optional(),
  draftID: bodyIDSchema.optional(),
  resolved: z.boolean().optional(),
  expand: discussionExpandSchema.optional(),
});

export type CreateDiscussionBody = z.infer<typeof createDiscussionBodySchema>;
/** What a client sends to `POST /discussions` (before the schema's transforms: `format` is any case). */
export type CreateDiscussionInput = z.input<typeof createDiscussionBodySchema>;

/** `PATCH /discussions/{id}` body: the same fields, all optional, plus `insertUserID` (`site.manage`). */
export const patchDiscussionBodySchema = z.object({
  name: nameSchema.optional(),
  body: z.string().max(200_000).optional(),
  format: contentFormatSchema.optional(),
  categoryID: bodyIDSchema.optional(),
  closed: z.boolean().optional(),
  sink: z.boolean().optional(),
  pinned: z.boolean().optional(),
  pinLocation: z.enum(pinLocations).optional(),
  announce: z.boolean().optional(),
  insertUserID: bodyIDSchema.optional(),
  tagIDs: tagIDsSchema.optional(),
  newTagNames: tagNamesSchema.optional(),
  draftID: bodyIDSchema.optional(),
  resolved: z.boolean().optional(),
  expand: discussionExpandSchema.optional(),
});

export type PatchDiscussionBody = z.infer<typeof patchDiscussionBodySchema>;

/** The premoderation answer (api-contract §1.10, §27.5): 202, no record; `reportID` is the queue entry. */
export const premoderationResultSchema = z.object({
  message: z.string(),
  status: z.literal(202),
  reportID: z.number().int(),
  escalationID: z.number().int().optional(),
});

/** The message of a discussion that waits for approval (api-contract §1.10). */
export const DISCUSSION_PENDING_MESSAGE = 'Your discussion will appear after it is approved.';

/** `GET /discussions/{id}/edit` (api-contract §8): the raw source for editors. */
export const discussionEditSchema = z.object({
  discussionID: z.number().int(),
  name: z.string(),
  body: z.string(),
  format: z.string(),
  categoryID: z.number().int(),
  sink: z.boolean(),
  closed: z.boolean(),
  pinned: z.boolean(),
  pinLocation: z.enum(pinLocations).nullable(),
  type: z.string(),
  tagIDs: z.array(z.number().int()).optional(),
});

export type DiscussionEdit = z.infer<typeof discussionEditSchema>;

/** `GET /discussions/{id}/quote` (api-contract §8). */
export const discussionQuoteSchema = z.object({
  discussionID: z.number().int(),
  name: z.string(),
  bodyRaw: z.string(),
  dateInserted: dateTime,
  dateUpdated: dateTime.nullable(),
  insertUser: userFragmentSchema,
  url: z.string(),
  format: z.string(),
});

export type DiscussionQuote = z.infer<typeof discussionQuoteSchema>;

/** `PUT /discussions/{id}/bookmark` body and answer. */
export const bookmarkBodySchema = z.object({ bookmarked: z.boolean() });

/** `PUT /discussions/{id}/dismiss` body (default true) and answer. */
export const dismissBodySchema = z.object({ dismissed: z.boolean().default(true) });
export const dismissResultSchema = z.object({ dismissed: z.boolean() });

/** `PUT /discussions/{id}/mute` body and answer. */
export const muteBodySchema = z.object({ muted: z.boolean() });

/** `PUT /discussions/{id}/type` body: the new type (post types are not built). */
export const discussionTypeBodySchema = z.object({
  type: z.string().trim().toLowerCase().pipe(z.enum(postableDiscussionTypes)),
});

/**
 * `PUT` and `POST /discussions/{id}/tags` body: tag IDs and/or URL codes; any other key is refused
 * with 400 (api-contract §8).
 */
export const discussionTagsBodySchema = z
  .object({
    tagIDs: tagIDsSchema.optional(),
    urlcodes: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
  })
  .catchall(z.unknown())
  .superRefine((value, context) => {
    for (const key of Object.keys(value)) {
      if (key === 'tagIDs' || key === 'urlcodes') continue;
      context.addIssue({
        code: 'custom',
        path: [key],
        message: `${key} is not a valid field. Fields must be one of: tagIDs, urlcodes.`,
        params: { code: 'invalid', status: 400 },
      });
    }
  })
  .transform(({ tagIDs, urlcodes }) => ({ tagIDs, urlcodes }));

export type DiscussionTagsBody = z.infer<typeof discussionTagsBodySchema>;

const bulkIDsSchema = z.array(bodyIDSchema).min(1).max(MAX_BULK_DISCUSSION_IDS);

/** `DELETE /discussions/list` body. */
export const bulkDeleteBodySchema = z.object({ discussionIDs: bulkIDsSchema });

/** `PATCH /discussions/move` body. */
export const bulkMoveBodySchema = z.object({
  discussionIDs: bulkIDsSchema,
  categoryID: bodyIDSchema,
  addRedirects: z.boolean().default(false),
});

export type BulkMoveBody = z.infer<typeof bulkMoveBodySchema>;

/** `PATCH /discussions/close` body. */
export const bulkCloseBodySchema = z.object({
  discussionIDs: bulkIDsSchema,
  closed: z.boolean().default(true),
});

/** `PATCH /discussions/merge` body. */
export const bulkMergeBodySchema = z.object({
  discussionIDs: bulkIDsSchema,
  destinationDiscussionID: bodyIDSchema,
  addRedirects: z.boolean().default(false),
});

export type BulkMergeBody = z.infer<typeof bulkMergeBodySchema>;

/** `POST /discussions/split` body (api-contract §8). */
export const splitBodySchema = z.object({
  newPost: z.object({
    name: nameSchema,
    body: z.string().max(200_000).optional(),
    format: contentFormatSchema.optional(),
    categoryID: bodyIDSchema,
    postType: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(postableDiscussionTypes))
      .default('discussion'),
    authorType: z.enum(['me', 'system']).default('me'),
  }),
  commentIDs: z.array(bodyIDSchema).min(1).max(MAX_BULK_DISCUSSION_IDS),
});

export type SplitBody = z.infer<typeof splitBodySchema>;

/** A single move's answer (api-contract §8: one ID → plain 200). */
export const moveSuccessSchema = z.object({ status: z.literal('success') });

/** `POST /discussions/split` answer: the long runner's body plus the new discussion's URL. */
export const splitResultSchema = longRunnerResultSchema.extend({ newPostUrl: z.string() });

