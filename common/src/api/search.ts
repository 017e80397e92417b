import { z } from 'zod';
import { breadcrumbSchema } from './categories.ts';
import {
  dateTime,
  expandParam,
  idSchema,
  limitParam,
  pageParam,
  queryArray,
  queryBoolean,
} from './common.ts';
import { dateFilterParam, userFragmentSchema } from './users.ts';

/** The record types search knows (api-contract §17 `recordTypes`; installed types only). */
export const searchRecordTypeValues = ['discussion', 'comment', 'category', 'user'] as const;
export type SearchRecordTypeValue = (typeof searchRecordTypeValues)[number];

/** Sub-types (`types[]`): discussion types, and the record types themselves. */
export const searchTypeValues = [
  'discussion',
  'question',
  'idea',
  'poll',
  'comment',
  'category',
  'user',
] as const;

export const searchSortValues = [
  'relevance',
  'dateInserted',
  '-dateInserted',
  'dateUpdated',
  '-dateUpdated',
  'score',
  '-score',
  'hot',
  '-hot',
] as const;

/** The longest `query` or `name` accepted (characters). */
export const SEARCH_QUERY_MAX_LENGTH = 300;
/** `limit` default and maximum (api-contract §17). */
export const SEARCH_LIMIT_DEFAULT = 10;
export const SEARCH_LIMIT_MAX = 100;

const searchText = z.string().min(1).max(SEARCH_QUERY_MAX_LENGTH);

/** `GET /search` query (api-contract §17). */
export const searchQuerySchema = z.object({
  query: searchText.optional(),
  name: searchText.optional(),
  recordTypes: queryArray(z.enum(searchRecordTypeValues)),
  types: queryArray(z.enum(searchTypeValues)),
  queryOperator: z.enum(['and', 'or']).default('and'),
  discussionID: idSchema.optional(),
  categoryID: idSchema.optional(),
  categoryIDs: queryArray(idSchema),
  followedCategories: queryBoolean.default(false),
  includeChildCategories: queryBoolean.default(false),
  includeArchivedCategories: queryBoolean.default(false),
  tags: queryArray(z.string().min(1).max(100)),
  tagOperator: z.enum(['and', 'or']).default('or'),
  insertUserIDs: queryArray(idSchema),
  insertUserNames: queryArray(z.string().min(1).max(100)),
  includedInsertUserRoleIDs: queryArray(idSchema),
  excludedInsertUserRoleIDs: queryArray(idSchema),
  excludedInsertUserIDs: queryArray(idSchema),
  dateInserted: dateFilterParam('dateInserted').optional(),
  dateUpdated: dateFilterParam('dateUpdated').optional(),
  email: z.string().min(1).max(200).optional(),
  roleIDs: queryArray(idSchema),
  includeBanned: queryBoolean.default(false),
  onlyBanned: queryBoolean.default(false),
  sort: z.enum(searchSortValues).default('relevance'),
  collapse: queryBoolean.default(false),
  page: pageParam,
  limit: limitParam(SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX),
  expand: expandParam(['insertUser', 'updateUser', 'breadcrumbs', 'excerpt', 'body', 'all']),
  includeTypeaheads: queryBoolean.default(false),
  includeResults: queryBoolean.default(true),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;
export type SearchQueryInput = z.input<typeof searchQuerySchema>;

/** One search result (api-contract §17). */
export const searchResultSchema = z.object({
  recordType: z.enum(searchRecordTypeValues),
  type: z.string(),
  recordID: z.number().int(),
  name: z.string().optional(),
  url: z.string(),
  body: z.string().optional(),
  excerpt: z.string().optional(),
  categoryID: z.number().int().optional(),
  discussionID: z.number().int().optional(),
  dateInserted: dateTime.optional(),
  dateUpdated: dateTime.nullable().optional(),
  insertUserID: z.number().int().optional(),
  insertUser: userFragmentSchema.optional(),
  updateUserID: z.number().int().nullable().optional(),
  updateUser: userFragmentSchema.nullable().optional(),
  breadcrumbs: z.array(breadcrumbSchema).optional(),
  format: z.string().optional(),
  isForeign: z.boolean(),
  labelCodes: z.array(z.string()).optional(),
  searchScore: z.number().optional(),
  subqueryMatchCount: z.number().int(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
