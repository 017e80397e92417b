import { z } from 'zod';
import { dateTime, pageParam, pathIDSchema } from './common.ts';
import { userFragmentSchema } from './users.ts';

/** Reaction classes (api-contract §10); each has its `reactions.<class>.add` permission. */
export const reactionClasses = ['Positive', 'Negative', 'Flag'] as const;

export type ReactionClass = (typeof reactionClasses)[number];

/** Records that take reactions, as the paths name them (`/discussions/{id}`, `/comments/{id}`). */
export const reactionRecordTypes = ['discussion', 'comment'] as const;

export type ReactionRecordType = (typeof reactionRecordTypes)[number];

/** `GET /{recordType}s/{id}/reactions` page size: default 30, at most 100 (api-contract §10). */
export const DEFAULT_REACTION_LOG_LIMIT = 30;
export const MAX_REACTION_LOG_LIMIT = 100;
export const MAX_REACTION_LOG_PAGE = 100;

/**
 * One reaction type's count on a record (api-contract §1.14 ReactionSummary item). Zero counts are
 * dropped (spec 001 §9); Flag-class types are shown to `community.moderate` holders only.
 */
export const reactionSummarySchema = z.object({
  tagID: z.number().int(),
  urlcode: z.string(),
  name: z.string(),
  class: z.enum(reactionClasses),
  hasReacted: z.boolean().optional(),
  reactionValue: z.number().int().optional(),
  count: z.number().int(),
});

export type ReactionSummary = z.infer<typeof reactionSummarySchema>;

/** The reaction type embedded in a log entry. */
export const reactionTypeRefSchema = z.object({
  tagID: z.number().int(),
  urlcode: z.string(),
  name: z.string(),
  class: z.enum(reactionClasses),
  reactionValue: z.number().int(),
});

/** One user's reaction to a record (api-contract §1.14 ReactionLog item). */
export const reactionLogSchema = z.object({
  recordType: z.enum(reactionRecordTypes),
  recordID: z.number().int(),
  tagID: z.number().int(),
  userID: z.number().int(),
  dateInserted: dateTime,
  user: userFragmentSchema,
  reactionType: reactionTypeRefSchema,
});

export type ReactionLog = z.infer<typeof reactionLogSchema>;

/** A reaction type (`GET /reactions`, api-contract §10); `urlcode` repeats `urlCode` (§1.4). */
export const reactionTypeSchema = z.object({
  urlCode: z.string(),
  urlcode: z.string(),
  name: z.string(),
  description: z.string(),
  points: z.number().int(),
  class: z.enum(reactionClasses),
  tagID: z.number().int(),
  attributes: z.record(z.string(), z.unknown()),
  sort: z.number().int(),
  active: z.boolean(),
  custom: z.boolean(),
  hidden: z.boolean(),
  reactionValue: z.number().int(),
});

export type ReactionType = z.infer<typeof reactionTypeSchema>;

/** `{id}` of `/discussions/{id}/reactions` and `/comments/{id}/reactions`, per record type. */
export const reactionRecordParamsSchemas = {
  discussion: z.object({ id: pathIDSchema('Discussion') }),
  comment: z.object({ id: pathIDSchema('Comment') }),
} as const satisfies Record<ReactionRecordType, z.ZodType>;

/** `{id}` and `{userID}` of `DELETE /{recordType}s/{id}/reactions/{userID}`, per record type. */
export const reactionUserParamsSchemas = {
  discussion: z.object({ id: pathIDSchema('Discussion'), userID: pathIDSchema('User') }),
  comment: z.object({ id: pathIDSchema('Comment'), userID: pathIDSchema('User') }),
} as const satisfies Record<ReactionRecordType, z.ZodType>;

/** `{urlCode}` of `/reactions/{urlCode}`. */
export const reactionTypeParamsSchema = z.object({ urlCode: z.string().min(1).max(100) });

/** `POST /{recordType}s/{id}/reactions` body: the reaction type's urlcode. */
export const postReactionBodySchema = z.object({
  reactionType: z.string().trim().min(1).max(100),
});

export type PostReactionBody = z.infer<typeof postReactionBodySchema>;

/** `GET /{recordType}s/{id}/reactions` query (api-contract §10). */
export const reactionLogQuerySchema = z.object({
  type: z.string().trim().min(1).max(100).optional(),
  page: pageParam.pipe(z.number().max(MAX_REACTION_LOG_PAGE)),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_REACTION_LOG_LIMIT)
    .default(DEFAULT_REACTION_LOG_LIMIT),
});

export type ReactionLogQuery = z.infer<typeof reactionLogQuerySchema>;

/** `PATCH /reactions/{urlCode}` body (api-contract §10, `community.manage`). */
export const patchReactionTypeBodySchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  description: z.string().max(1000).optional(),
  class: z.enum(reactionClasses).optional(),
  points: z.number().int().min(-1000).max(1000).optional(),
  active: z.boolean().optional(),
});

export type PatchReactionTypeBody = z.infer<typeof patchReactionTypeBodySchema>;
