import { SEARCH_RESULT_CAP } from '../../../../common/src/api/search.ts';
import type { Db } from '../db/db.ts';
import type { SearchTerms } from './search-text.ts';

/** The record types the index holds (api-contract §17 `recordTypes`). */
export const searchRecordTypes = ['discussion', 'comment', 'category', 'user'] as const;
export type SearchRecordType = (typeof searchRecordTypes)[number];

export type SearchSort =
  | 'relevance'
  | 'dateInserted'
  | '-dateInserted'
  | 'dateUpdated'
  | '-dateUpdated'
  | 'score'
  | '-score'
  | 'hot'
  | '-hot'
  | 'dateLastActive'
  | '-dateLastActive'
  | 'userID'
  | '-userID'
  | 'points'
  | '-points'
  | 'countPosts'
  | '-countPosts'
  | 'name'
  | '-name';

/**
 * The most matches a search ranks and counts (docs/decisions.md "Issue 14: bounded candidates"):
 * each record type's newest matches in the viewer's scope, at most this many, are ranked and paged;
 * past it the total is this number and the pager ends here (as Sphinx's `max_matches` and
 * Elasticsearch's `track_total_hits` bound theirs).
 */
export const SEARCH_CANDIDATE_CAP = SEARCH_RESULT_CAP;

/** The candidate bound of typeahead answers (`includeTypeaheads`: the title bar shows 10, no pager). */
export const SEARCH_TYPEAHEAD_CAP = 100;

export interface DateBound {
  op: '=' | '>' | '>=' | '<' | '<=';
  value: string;
}

/**
 * One search, with every permission decision already taken by the caller: the engine only reads
 * what the request allows (`visiblePermissionCategoryIDs`, `users`) and never decides who may see what.
 */
export interface SearchRequest {
  /** Words of `query` (null: no text condition). */
  text: SearchTerms | null;
  /** Words of `name`: discussion titles only. */
  name: SearchTerms | null;
  operator: 'and' | 'or';
  /** Match the last word as a prefix (typeahead). */
  prefixLast: boolean;
  recordTypes: ReadonlySet<SearchRecordType>;
  /** Discussion sub-types (`types[]`, `postTypeID[]`); undefined: all. */
  discussionTypes?: readonly string[] | undefined;
  /** Discussions with one of these `statusID`s (comments are not filtered); undefined: all. */
  statusIDs?: readonly number[] | undefined;
  /** Posts and categories are searched in categories of these permission categories; undefined: all. */
  visiblePermissionCategoryIDs: readonly number[] | undefined;
  /** Posts in these categories only (and their descendants with `includeChildCategories`). */
  categoryIDs?: readonly number[] | undefined;
  includeChildCategories: boolean;
  /** Posts in the categories this user follows only. */
  followedByUserID?: number | undefined;
  /** Leave out posts of archived categories. */
  excludeArchivedCategories: boolean;
  discussionID?: number | undefined;
  /** Tag names or url codes; `and` needs every tag, `or` one of them. */
  tags?: readonly string[] | undefined;
  tagOperator: 'and' | 'or';
  insertUserIDs?: readonly number[] | undefined;
  /** Authors by name (case-insensitive). */
  insertUserNames?: readonly string[] | undefined;
  excludedInsertUserIDs?: readonly number[] | undefined;
  includedInsertUserRoleIDs?: readonly number[] | undefined;
  excludedInsertUserRoleIDs?: readonly number[] | undefined;
  dateInserted?: readonly DateBound[] | undefined;
  dateUpdated?: readonly DateBound[] | undefined;
  /** Member search options (only set for viewers allowed each one). */
  users: {
    email?: string | undefined;
    /** E-mail domains (`example.com` or `@example.com`): one must end the address. */
    emailDomains?: readonly string[] | undefined;
    emailConfirmed?: boolean | undefined;
    dateLastActive?: readonly DateBound[] | undefined;
    roleIDs?: readonly number[] | undefined;
    includeBanned: boolean;
    onlyBanned: boolean;
  };
  sort: SearchSort;
  collapse: boolean;
  /** The candidate bound (`SEARCH_CANDIDATE_CAP`; tests use a small one). */
  cap: number;
  limit: number;
  offset: number;
  /** ISO instant the recency of relevance is measured from (the request's clock). */
  now: string;
}

/** One matching record, best first in the requested order. */
export interface SearchHit {
  recordType: SearchRecordType;
  recordID: number;
  /** The discussion of a discussion or comment; null for other types. */
  discussionID: number | null;
  /** Relevance (text score mixed with recency); 0 without a text condition. */
  score: number;
  /** With `collapse`: the matches of its discussion the result stands for; else 1. */
  matchCount: number;
}

/**
 * The one search interface (issue 14): features ask it, engines answer. An engine reads the
 * forum's tables (or an external index it keeps) and never applies permission rules itself.
 */
export interface SearchEngine {
  /** The `x-search-powered-by` header. */
  readonly name: string;
  /** The page of hits and the total: exact below `SEARCH_CANDIDATE_CAP`, the cap otherwise. */
  search(db: Db, request: SearchRequest): Promise<{ hits: SearchHit[]; total: number }>;
  /** Rebuilds the index from the posts, calling `progress` with done/total as it goes. */
  rebuild(db: Db, progress: (done: number, total: number) => void): Promise<void>;
}
