import type { SearchQuery, SearchResult } from '../../../../common/src/api/search.ts';
import type { RequestContext } from '../../http/context.ts';
import type { NumberedPaging } from '../../http/paging.ts';
import { authorize } from '../../permissions/authorize.ts';
import { nowIso } from '../../platform/dates.ts';
import { SEARCH_CANDIDATE_CAP, SEARCH_TYPEAHEAD_CAP, type SearchRecordType, type SearchRequest } from '../../platform/search/search-engine.ts';
import { searchEngineFor } from '../../platform/search/search-engines.ts';
import { isEmptySearch, parseSearchText, type SearchTerms } from '../../platform/search/search-text.ts';
import { viewableScope } from '../categories/categories.policy.ts';
import { canSearchUsers, canSearchUsersByEmail, canSearchUsersByModeration } from './search.policy.ts';
import { presentSearchResults } from './search.present.ts';

/** The record types searched when none are named: the "all content" domain (spec 000 §2). */
const defaultRecordTypes: readonly SearchRecordType[] = ['discussion', 'comment'];
const discussionSubTypes = new Set(['discussion', 'question', 'idea', 'poll']);

export interface SearchAnswer {
  results: SearchResult[];
  paging: NumberedPaging;
  poweredBy: string;
}

function recordTypesOf(query: SearchQuery): { recordTypes: Set<SearchRecordType>; discussionTypes?: string[] } {
  const named = new Set<SearchRecordType>(query.recordTypes ?? []);
  const types = query.types ?? [];
  let discussionTypes: string[] | undefined = types.filter((type) => discussionSubTypes.has(type));
  for (const type of types) {
    if (type === 'comment' || type === 'category' || type === 'user') named.add(type);
  }
  if (discussionTypes.length > 0) named.add('discussion');
  const recordTypes = named.size === 0 ? new Set(defaultRecordTypes) : named;
  if (discussionTypes.length === 0) discussionTypes = undefined;
  // `postTypeID[]` (Vanilla's post types) are Hearth's discussion types; with `types[]` both must hold.
  const postTypes = listFilter(query.postTypeID)?.map((type) => type.toLowerCase());
  if (postTypes !== undefined)
    discussionTypes = discussionTypes === undefined ? postTypes : discussionTypes.filter((type) => postTypes.includes(type));
  return discussionTypes === undefined ? { recordTypes } : { recordTypes, discussionTypes };
}

/** An empty list filter (`tags=` or `insertUserIDs[]=,`) filters nothing. */
function listFilter<T>(values: readonly T[] | undefined): readonly T[] | undefined {
  return values === undefined || values.length === 0 ? undefined : values;
}

function termsOf(text: string | undefined): SearchTerms | null | 'nothing' {
  if (text === undefined) return null;
  const terms = parseSearchText(text);
  return isEmptySearch(terms) ? 'nothing' : terms;
}

/**
 * `GET /search` (api-contract §17): what the viewer may read that matches, one numbered page of
 * every requested record type. Permission filtering is inside the engine's query (the viewer's
 * visible categories), so pages stay full and the total counts only what the viewer may see.
 * A query of only syntax characters matches nothing (never an error).
 * @throws AppError 403 for member-search options the viewer may not use.
 */
export async function search(ctx: RequestContext, query: SearchQuery): Promise<SearchAnswer> {
  const engine = searchEngineFor(ctx.dialect);
  const paging: NumberedPaging = { page: query.page, limit: query.limit, total: 0 };
  if (query.email !== undefined) authorize(canSearchUsersByEmail(ctx.permissions), { permissions: 'personalInfo.view' });
  if (query.roleIDs !== undefined || query.includeBanned || query.onlyBanned)
    authorize(canSearchUsersByModeration(ctx.permissions), { permissions: 'community.moderate' });

  // Options that read e-mail addresses or activity: applied for viewers who may see them, ignored
  // for others (docs/decisions.md "Issue 14: search, word for word").
  const personalInfo = canSearchUsersByEmail(ctx.permissions);
  const moderator = canSearchUsersByModeration(ctx.permissions);

  const text = termsOf(query.query);
  const name = termsOf(query.name);
  const { recordTypes, discussionTypes } = recordTypesOf(query);
  if (!canSearchUsers(ctx.permissions)) recordTypes.delete('user');
  if (text === 'nothing' || name === 'nothing' || !query.includeResults || recordTypes.size === 0)
    return { results: [], paging, poweredBy: engine.name };

  const scope = viewableScope(ctx.permissions);
  const categoryIDs = [
    ...(query.categoryID === undefined ? [] : [query.categoryID]),
    ...(query.categoryIDs ?? []),
  ];
  const request: SearchRequest = {
    text,
    name,
    operator: query.queryOperator,
    prefixLast: query.includeTypeaheads,
    recordTypes,
    discussionTypes,
    statusIDs: listFilter(query.statusID),
    visiblePermissionCategoryIDs: scope.all ? undefined : scope.permissionCategoryIDs,
    categoryIDs: categoryIDs.length > 0 ? categoryIDs : undefined,
    includeChildCategories: query.includeChildCategories,
    followedByUserID: query.followedCategories ? ctx.actor.userID : undefined,
    excludeArchivedCategories: !query.includeArchivedCategories && categoryIDs.length === 0,
    discussionID: query.discussionID,
    tags: listFilter(query.tags),
    tagOperator: query.tagOperator,
    insertUserIDs: listFilter(query.insertUserIDs),
    insertUserNames: listFilter(query.insertUserNames),
    excludedInsertUserIDs: listFilter(query.excludedInsertUserIDs),
    includedInsertUserRoleIDs: listFilter(query.includedInsertUserRoleIDs),
    excludedInsertUserRoleIDs: listFilter(query.excludedInsertUserRoleIDs),
    dateInserted: query.dateInserted,
    dateUpdated: query.dateUpdated,
    users: {
      email: query.email,
      emailDomains: personalInfo ? listFilter(query.emailDomain) : undefined,
      emailConfirmed: personalInfo ? query.emailConfirmed : undefined,
      dateLastActive: moderator ? query.dateLastActive : undefined,
      roleIDs: listFilter(query.roleIDs),
      includeBanned: query.includeBanned,
      onlyBanned: query.onlyBanned,
    },
    sort: query.sort,
    collapse: query.collapse,
    cap: query.includeTypeaheads ? SEARCH_TYPEAHEAD_CAP : SEARCH_CANDIDATE_CAP,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
    now: nowIso(ctx.clock),
  };
  const { hits, total } = await engine.search(ctx.db, request);
  const highlight: SearchTerms = {
    words: [...(text?.words ?? []), ...(name?.words ?? [])],
    substrings: [...(text?.substrings ?? []), ...(name?.substrings ?? [])],
  };
  const results = await presentSearchResults(ctx, hits, { expand: query.expand, highlight, query: query.query });
  return { results, paging: { ...paging, total }, poweredBy: engine.name };
}
