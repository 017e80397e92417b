import { z } from 'zod';
import { rangeExpressionParam } from './categories.ts';
import {
  bodyIDSchema,
  dateTime,
  expandParam,
  idSchema,
  pathIDSchema,
  queryArray,
  queryBoolean,
} from './common.ts';
import { contentFormatSchema } from './content.ts';
import { reactionSummarySchema } from './reactions.ts';
import { reportMetaSchema } from './reports.ts';
import { dateFilterParam, userFragmentSchema } from './users.ts';
import {
  DEFAULT_COLLAPSE_CHILD_DEPTH,
  DEFAULT_COLLAPSE_CHILD_LIMIT,
  DEFAULT_COMMENTS_LIMIT,
  DEFAULT_THREAD_LIMIT,
  MAX_BULK_COMMENT_IDS,
  MAX_COMMENT_DEPTH,
  MAX_COMMENTS_LIMIT,
  MAX_THREAD_LIMIT,
} from './comments.constants.ts';
export * from './comments.constants.ts';

/** Records a comment can belong to (api-contract §9): discussions, and escalations (moderators' notes, §27.7). */
export const commentParentRecordTypes = ['discussion', 'escalation'] as const;

export type CommentParentRecordType = (typeof commentParentRecordTypes)[number];

/** spec 000 §3 "Comment": moderation statuses. Lists and threads show accepted comments only. */
export const commentModerationStatuses = ['accepted', 'pending', 'rejected'] as const;

export type CommentModerationStatus = (typeof commentModerationStatuses)[number];

/** spec 000 §3 "Comment": display types; a tombstone is a deleted comment kept for its replies. */
export const commentDisplayTypes = ['full', 'tombstone'] as const;

export type CommentDisplayType = (typeof commentDisplayTypes)[number];

/** How `DELETE /comments/list` deletes (api-contract §9). */
export const commentDeleteMethods = ['tombstone', 'full'] as const;

export type CommentDeleteMethod = (typeof commentDeleteMethods)[number];

/** `category` expansion of a comment (api-contract §1.14 CategoryFragment). */
export const commentCategoryFragmentSchema = z.object({
  categoryID: z.number().int(),
  name: z.string(),
  url: z.string(),
});

/** `reportMeta` of a comment: moderators only (`posts.moderate` / `community.moderate`; api-contract §27.4). */
export const commentReportMetaSchema = reportMetaSchema;

/** What the viewer may do with a comment (computed by the comment policies). */
export const commentPermissionsSchema = z.object({
  'comments.add': z.boolean(),
  'comments.edit': z.boolean(),
  'comments.delete': z.boolean(),
});

export type CommentPermissions = z.infer<typeof commentPermissionsSchema>;

/**
 * A comment (api-contract §9). `body` is the rendered, sanitized HTML (empty for tombstones);
 * `insertUser` is embedded unless `expand=-insertUser`.
 */
export const commentSchema = z.object({
  commentID: z.number().int(),
  discussionID: z.number().int(),
  parentRecordType: z.literal('discussion'),
  parentRecordID: z.number().int(),
  parentCommentID: z.number().int().nullable(),
  depth: z.number().int(),
  countChildComments: z.number().int(),
  scoreChildComments: z.number().int(),
  /** "Re: <discussion title>". */
  name: z.string(),
  categoryID: z.number().int(),
  category: commentCategoryFragmentSchema.optional(),
  body: z.string().optional(),
  format: z.string(),
  dateInserted: dateTime,
  dateUpdated: dateTime.nullable(),
  insertUserID: z.number().int(),
  insertUser: userFragmentSchema.optional(),
  updateUserID: z.number().int().nullable(),
  updateUser: userFragmentSchema.optional(),
  score: z.number().int(),
  url: z.string(),
  attributes: z.record(z.string(), z.unknown()),
  reactions: z.array(reactionSummarySchema).optional(),
  reportMeta: commentReportMetaSchema.optional(),
  countReports: z.number().int().optional(),
  moderationStatus: z.enum(commentModerationStatuses),
  displayType: z.enum(commentDisplayTypes),
  permissions: commentPermissionsSchema,
  type: z.literal('comment'),
});

export type Comment = z.infer<typeof commentSchema>;

/** `expand` of the comment calls; `insertUser` and `body` are on unless excluded with `-`. */
export const commentExpandSchema = expandParam([
  'insertUser',
  'updateUser',
  'body',
  'reactions',
  'reportMeta',
  'countReports',
  'category',
  'attachments',
  'warnings',
] as const);

/** Sorts of `GET /comments` (api-contract §9); default `dateInserted`. */
export const commentListSorts = [
  'dateInserted',
  '-dateInserted',
  'commentID',
  '-commentID',
  'dateUpdated',
  '-dateUpdated',
  'score',
  '-score',
  'experimentalTrending',
  '-experimentalTrending',
] as const;

export type CommentListSort = (typeof commentListSorts)[number];

/** Sorts of `GET /comments/thread` (api-contract §9); default `dateInserted`. */
export const commentThreadSorts = [
  'dateInserted',
  '-dateInserted',
  'score',
  '-score',
  'experimentalTrending',
  '-experimentalTrending',
] as const;

export type CommentThreadSort = (typeof commentThreadSorts)[number];

/** `GET /comments` query (api-contract §9). */
export const commentsQuerySchema = z
  .object({
    commentID: rangeExpressionParam('commentID').optional(),
    discussionID: idSchema.optional(),
    parentRecordType: z.enum(commentParentRecordTypes).optional(),
    parentRecordID: idSchema.optional(),
    categoryID: rangeExpressionParam('categoryID').optional(),
    insertUserID: idSchema.optional(),
    insertUserRoleID: queryArray(idSchema),
    dateInserted: dateFilterParam('dateInserted').optional(),
    dateUpdated: dateFilterParam('dateUpdated').optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_COMMENTS_LIMIT).default(DEFAULT_COMMENTS_LIMIT),
    sort: z.enum(commentListSorts).default('dateInserted'),
    expand: commentExpandSchema,
    quoteParent: queryBoolean.default(true),
  })
  .superRefine((value, context) => {
    if ((value.parentRecordType === undefined) !== (value.parentRecordID === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [value.parentRecordType === undefined ? 'parentRecordType' : 'parentRecordID'],
        message: 'parentRecordType and parentRecordID must be given together.',
        params: { code: 'missingField', status: 400 },
      });
    }
  });

export type CommentsQuery = z.infer<typeof commentsQuerySchema>;

/** `GET /comments/thread` query (api-contract §9). `offset` (a Hearth extension) is what holes load from. */
export const commentThreadQuerySchema = z.object({
  parentRecordType: z.literal('discussion'),
  parentRecordID: idSchema,
  parentCommentID: idSchema.optional(),
  focusCommentID: idSchema.optional(),
  collapseChildDepth: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_COMMENT_DEPTH)
    .default(DEFAULT_COLLAPSE_CHILD_DEPTH),
  collapseChildLimit: z.coerce.number().int().min(1).max(100).default(DEFAULT_COLLAPSE_CHILD_LIMIT),
  sort: z.enum(commentThreadSorts).default('dateInserted'),
  /** Absent with `focusCommentID`: the page holding the focused comment. */
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_THREAD_LIMIT).default(DEFAULT_THREAD_LIMIT),
  expand: commentExpandSchema,
});

export type CommentThreadQuery = z.input<typeof commentThreadQuerySchema>;

/** A parsed `GET /comments/thread` query. */
export type ParsedCommentThreadQuery = z.output<typeof commentThreadQuerySchema>;

/** A comment's place in a thread. `path` is the dot-delimited chain of IDs from the thread root. */
export interface ThreadCommentItem {
  type: 'comment';
  commentID: number;
  parentCommentID: number | null;
  depth: number;
  path: string;
  children: ThreadItem[];
}

/** A collapsed branch: `apiUrl` loads it (api-contract §9). */
export interface ThreadHoleItem {
  type: 'hole';
  holeID: string;
  parentCommentID: number | null;
  depth: number;
  path: string;
  /** How many children of the parent come before the hole (where `apiUrl` starts). */
  offset: number;
  countAllComments: number;
  countAllInsertUsers: number;
  insertUsers: z.infer<typeof userFragmentSchema>[];
  apiUrl: string;
}

export type ThreadItem = ThreadCommentItem | ThreadHoleItem;

export const threadHoleItemSchema = z.object({
  type: z.literal('hole'),
  holeID: z.string(),
  parentCommentID: z.number().int().nullable(),
  depth: z.number().int(),
  path: z.string(),
  offset: z.number().int(),
  countAllComments: z.number().int(),
  countAllInsertUsers: z.number().int(),
  insertUsers: z.array(userFragmentSchema),
  apiUrl: z.string(),
});

export const threadItemSchema: z.ZodType<ThreadItem> = z.lazy(() =>
  z.union([
    z.object({
      type: z.literal('comment'),
      commentID: z.number().int(),
      parentCommentID: z.number().int().nullable(),
      depth: z.number().int(),
      path: z.string(),
      children: z.array(threadItemSchema),
    }),
    threadHoleItemSchema,
  ]),
);

/** `GET /comments/thread` answer: the structure and every comment it names. */
export const commentThreadSchema = z.object({
  threadStructure: z.array(threadItemSchema),
  commentsByID: z.record(z.string(), commentSchema),
});

export type CommentThread = z.infer<typeof commentThreadSchema>;

/** `{id}` of `/comments/{id}`. */
export const commentIDParamsSchema = z.object({ id: pathIDSchema('Comment') });

/** `GET /comments/{id}` query. */
export const commentGetQuerySchema = z.object({
  expand: commentExpandSchema,
  quoteParent: queryBoolean.default(true),
});

export type CommentGetQuery = z.infer<typeof commentGetQuerySchema>;

/** A comment body as written (the renderer bounds its length). */
const bodyField = z.string().min(1);

/** A body format (case-insensitive; unknown 422 "format must be one of: …", missing 400 "format is required."). */
const formatField = contentFormatSchema;

/**
 * `POST /comments` body (api-contract §9): `parentRecordType` + `parentRecordID`, or
 * `discussionID`. `draftID` names a draft deleted after posting (api-contract §23).
 */
export const createCommentBodySchema = z
  .object({
    body: bodyField,
    format: formatField,
    parentRecordType: z.enum(commentParentRecordTypes).optional(),
    parentRecordID: bodyIDSchema.optional(),
    discussionID: bodyIDSchema.optional(),
    parentCommentID: bodyIDSchema.nullable().optional(),
    draftID: bodyIDSchema.optional(),
    insertUserID: bodyIDSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.discussionID === undefined && value.parentRecordID === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['parentRecordID'],
        message: 'parentRecordID is required.',
        params: { code: 'missingField', status: 400 },
      });
    }
    if (
      value.discussionID !== undefined &&
      value.parentRecordID !== undefined &&
      value.discussionID !== value.parentRecordID
    ) {
      context.addIssue({
        code: 'custom',
        path: ['discussionID'],
        message: 'discussionID and parentRecordID must name the same discussion.',
        params: { code: 'invalid', status: 422 },
      });
    }
  });

export type CreateCommentBody = z.infer<typeof createCommentBodySchema>;

/** `PATCH /comments/{id}` body (api-contract §9); every field optional. */
export const patchCommentBodySchema = z.object({
  draftID: bodyIDSchema.optional(),
  body: bodyField.optional(),
  format: formatField.optional(),
  discussionID: bodyIDSchema.optional(),
  insertUserID: bodyIDSchema.optional(),
});

export type PatchCommentBody = z.infer<typeof patchCommentBodySchema>;

/** `GET /comments/{id}/edit` answer: the raw source (api-contract §1.8, §9). */
export const commentEditSchema = z.object({
  commentID: z.number().int(),
  discussionID: z.number().int(),
  parentRecordType: z.literal('discussion'),
  parentRecordID: z.number().int(),
  parentCommentID: z.number().int().nullable(),
  body: z.string(),
  format: z.string(),
});

export type CommentEdit = z.infer<typeof commentEditSchema>;

/** `GET /comments/{id}/quote` answer (api-contract §9). */
export const commentQuoteSchema = z.object({
  commentID: z.number().int(),
  bodyRaw: z.string(),
  dateInserted: dateTime,
  dateUpdated: dateTime.nullable(),
  insertUser: userFragmentSchema,
  url: z.string(),
  format: z.string(),
});

export type CommentQuote = z.infer<typeof commentQuoteSchema>;

/** `DELETE /comments/list` body (api-contract §9). */
export const deleteCommentsBodySchema = z.object({
  commentIDs: z.array(bodyIDSchema).min(1).max(MAX_BULK_COMMENT_IDS),
  deleteMethod: z.enum(commentDeleteMethods).default('tombstone'),
});

export type DeleteCommentsBody = z.infer<typeof deleteCommentsBodySchema>;

/** The premoderation answer (api-contract §1.10, §27.5): 202, no record; `reportID` is the queue entry. */
export const commentPendingSchema = z.object({
  message: z.string(),
  status: z.literal(202),
  reportID: z.number().int(),
  escalationID: z.number().int().optional(),
});

/** spec: the 202 message of a premoderated comment. */
export const COMMENT_PENDING_MESSAGE = 'Your comment will appear after it is approved.';
