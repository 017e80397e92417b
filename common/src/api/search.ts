import { z } from 'zod';
import { breadcrumbSchema } from './categories.ts';
import {
  dateTime,
  expandParam,
  idSchema,
  limitParam,
  pageParam,
  queryArray,
  queryInt,
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

/** `sort` values: dates for every type; discussions add score and hot; members add their own (§17). */
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
  'dateLastActive',
  '-dateLastActive',
  'userID',
  '-userID',
  'points',
  '-points',
  'countPosts',
  '-countPosts',
  'name',
  '-name',
] as const;

/** `matchMode` (§17): accepted; Hearth has one full-text mode (docs/decisions.md "Issue 14: search, word for word"). */
export const searchMatchModeValues = ['fulltext', 'fulltext_extended', 'wildcard', 'vectorized'] as const;

/** `expand` values of `GET /search` (§17). */
export const searchExpandValues = ['insertUser', 'updateUser', 'breadcrumbs', 'image', 'excerpt', 'body', 'tagIDs', 'all'] as const;

/**
 * The most results a search counts and pages through (docs/decisions.md "Issue 14: bounded
 * candidates"): a total equal to it means "this many or more".
 */
export const SEARCH_RESULT_CAP = 1000;

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
  /** Discussions' `statusID` (comments pass, as in Vanilla) and post types (discussion sub-types). */
  statusID: queryArray(queryInt(0)),
  postTypeID: queryArray(z.string().min(1).max(100)),
  email: z.string().min(1).max(200).optional(),
  emailDomain: queryArray(z.string().min(1).max(200)),
  roleIDs: queryArray(idSchema),
  emailConfirmed: queryBoolean.optional(),
  dateLastActive: dateFilterParam('dateLastActive').optional(),
  includeBanned: queryBoolean.default(false),
  onlyBanned: queryBoolean.default(false),
  sort: z.enum(searchSortValues).default('relevance'),
  collapse: queryBoolean.default(false),
  matchMode: z.enum(searchMatchModeValues).optional(),
  /** Accepted and ignored: Hearth's search pages are numbered (`page`). */
  cursor: z.string().max(500).optional(),
  page: pageParam,
  limit: limitParam(SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX),
  expand: expandParam(searchExpandValues),
  includeTypeaheads: queryBoolean.default(false),
  includeResults: queryBoolean.default(true),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;
export type SearchQueryInput = z.input<typeof searchQuerySchema>;

/** A result's first image (contract §1.8 `image`). */
export const searchImageSchema = z.object({ url: z.string(), alt: z.string() });

/** One search result (api-contract §17). */
export const searchResultSchema = z.object({
  recordType: z.enum(searchRecordTypeValues),
  type: z.string(),
  recordID: z.number().int(),
  name: z.string().optional(),
  url: z.string(),
  body: z.string().optional(),
  excerpt: z.string().optional(),
  image: z.union([z.string(), searchImageSchema]).optional(),
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
  status: z.string().optional(),
  isForeign: z.boolean(),
  counts: z.array(z.object({ labelCode: z.string(), count: z.number().int() })).optional(),
  labelCodes: z.array(z.string()).optional(),
  tagIDs: z.array(z.number().int()).optional(),
  searchScore: z.number().optional(),
  subqueryMatchCount: z.number().int(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
